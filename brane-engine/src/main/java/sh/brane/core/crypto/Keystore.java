package sh.brane.core.crypto;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Locale;
import java.util.UUID;

import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.generators.PKCS5S2ParametersGenerator;
import org.bouncycastle.crypto.modes.SICBlockCipher;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;

import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;
import sh.brane.primitives.HexFormatException;
import sh.brane.primitives.Keccak256;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Web3 Secret Storage (keystore v3) files: AES-128-CTR encryption of the private key under a key
 * derived with scrypt or PBKDF2-HMAC-SHA256, authenticated by {@code keccak256(dk[16..32] || ciphertext)}.
 *
 * <p>Decryption checks every length and bounds every KDF parameter ({@link KeystoreLimits}: memory,
 * scrypt work N·r·p, PBKDF2 iterations) before doing any work. Encryption refuses parameters below a
 * floor ({@link #MIN_SCRYPT_WORK}, {@link #MIN_SCRYPT_MEMORY}, {@link #MIN_PBKDF2_ITERATIONS}) unless
 * the KDF is wrapped in {@link Kdf#weakForTests}. Passwords are taken as {@code char[]} (encoded as UTF-8, like geth and web3j) and
 * the derived keys are zeroed after use; no message ever contains the password.
 */
public final class Keystore {

    /** Largest keystore file accepted; real ones are about 500 characters. */
    static final int MAX_JSON_CHARS = 64 * 1024;

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private Keystore() {
    }

    /** Parameters for writing a keystore. */
    public sealed interface Kdf {
        /** scrypt with cost N (a power of two), block size r and parallelism p. */
        record Scrypt(int n, int r, int p) implements Kdf {
            public Scrypt {
                if (n < 2 || (n & (n - 1)) != 0 || r < 1 || p < 1) {
                    throw new IllegalArgumentException("scrypt needs N a power of two >= 2, r >= 1, p >= 1");
                }
            }
        }

        /** PBKDF2-HMAC-SHA256 with {@code c} iterations. */
        record Pbkdf2(int c) implements Kdf {
            public Pbkdf2 {
                if (c < 1) {
                    throw new IllegalArgumentException("pbkdf2 needs at least one iteration");
                }
            }
        }

        /** geth's standard scrypt parameters (N = 2^18, r = 8, p = 1; 256 MiB, about a second). */
        Kdf STANDARD = new Scrypt(1 << 18, 8, 1);
        /** geth's light scrypt parameters (N = 2^12, r = 8, p = 6). */
        Kdf LIGHT = new Scrypt(1 << 12, 8, 6);

        /**
         * Lets {@link Keystore#encrypt(PrivateKey, char[], Kdf, SecureRandom)} write {@code kdf} even below
         * the floor ({@link Keystore#MIN_SCRYPT_WORK}, {@link Keystore#MIN_SCRYPT_MEMORY},
         * {@link Keystore#MIN_PBKDF2_ITERATIONS}): for tests that need fast keystores, never for real keys.
         */
        static Kdf weakForTests(Kdf kdf) {
            if (kdf == null) {
                throw new IllegalArgumentException("kdf is null");
            }
            return kdf instanceof WeakForTests ? kdf : new WeakForTests(kdf);
        }

        /** A KDF explicitly allowed below the writing floor; see {@link #weakForTests(Kdf)}. */
        record WeakForTests(Kdf kdf) implements Kdf {
            public WeakForTests {
                if (kdf == null || kdf instanceof WeakForTests) {
                    throw new IllegalArgumentException("WeakForTests wraps a Scrypt or Pbkdf2 KDF");
                }
            }
        }
    }

    /**
     * Least scrypt work {@code N * r * p} a written keystore may use: 2^17, below geth's light parameters
     * (196,608) and 16 times below its standard ones. A weaker file lets a stolen copy be brute-forced fast.
     */
    public static final long MIN_SCRYPT_WORK = 1L << 17;

    /** Least scrypt memory {@code 128 * r * N} a written keystore may use: 4 MiB, geth's light parameters. */
    public static final long MIN_SCRYPT_MEMORY = 4L << 20;

    /** Least PBKDF2 iteration count a written keystore may use: 262,144, what geth and web3j write. */
    public static final int MIN_PBKDF2_ITERATIONS = 1 << 18;

    /** Decrypts with the default limits. */
    public static PrivateKey decrypt(String json, char[] password) {
        return decrypt(json, password, KeystoreLimits.DEFAULT);
    }

    /**
     * Decrypts a keystore file.
     *
     * @throws KeystoreException if the file is malformed or unsupported, exceeds {@code limits}, or the
     *                           password is wrong ({@link KeystoreException#isWrongPassword()})
     */
    public static PrivateKey decrypt(String json, char[] password, KeystoreLimits limits) {
        if (password == null) {
            throw new KeystoreException("password is null");
        }
        JsonNode root = parse(json);
        JsonNode crypto = cryptoSection(root);
        String cipher = text(crypto, "cipher", "crypto");
        if (!"aes-128-ctr".equals(cipher)) {
            throw new KeystoreException("unsupported crypto.cipher; only aes-128-ctr is supported");
        }
        JsonNode cipherParams = object(crypto, "cipherparams", "crypto");
        byte[] iv = hex(cipherParams, "iv", "crypto.cipherparams", 16, 16);
        byte[] ciphertext = hex(crypto, "ciphertext", "crypto", 32, 32);
        byte[] mac = hex(crypto, "mac", "crypto", 32, 32);
        String kdf = text(crypto, "kdf", "crypto");
        JsonNode kdfParams = object(crypto, "kdfparams", "crypto");
        byte[] derived;
        byte[] pw = utf8(password);
        try {
            derived = switch (kdf) {
                case "scrypt" -> scrypt(kdfParams, pw, limits);
                case "pbkdf2" -> pbkdf2(kdfParams, pw, limits);
                default -> throw new KeystoreException("unsupported crypto.kdf; expected scrypt or pbkdf2");
            };
        } finally {
            Arrays.fill(pw, (byte) 0);
        }
        byte[] secret = null;
        try {
            if (!MessageDigest.isEqual(mac(derived, ciphertext), mac)) {
                throw new KeystoreException("wrong password: the keystore MAC does not match", true);
            }
            secret = aesCtr(derived, iv, ciphertext);
            PrivateKey key;
            try {
                key = PrivateKey.fromBytes(secret);
            } catch (IllegalArgumentException e) {
                throw new KeystoreException("the decrypted private key is out of range");
            }
            try {
                checkAddress(root, key);
            } catch (KeystoreException e) {
                key.destroy();
                throw e;
            }
            return key;
        } finally {
            Arrays.fill(derived, (byte) 0);
            if (secret != null) {
                Arrays.fill(secret, (byte) 0);
            }
        }
    }

    /** Decrypts with a {@code String} password (which cannot be zeroed; prefer {@code char[]}). */
    public static PrivateKey decrypt(String json, String password) {
        if (password == null) {
            throw new KeystoreException("password is null");
        }
        char[] chars = password.toCharArray();
        try {
            return decrypt(json, chars);
        } finally {
            Arrays.fill(chars, '\0');
        }
    }

    /** Encrypts {@code key} with the standard scrypt parameters and a fresh salt, IV and id. */
    public static String encrypt(PrivateKey key, char[] password) {
        return encrypt(key, password, Kdf.STANDARD, new SecureRandom());
    }

    /**
     * Encrypts {@code key} into a keystore v3 JSON document.
     *
     * @throws KeystoreException if {@code kdf} is below the floor ({@link #MIN_SCRYPT_WORK},
     *                           {@link #MIN_SCRYPT_MEMORY}, {@link #MIN_PBKDF2_ITERATIONS})
     */
    public static String encrypt(PrivateKey key, char[] password, Kdf kdf, SecureRandom random) {
        if (password == null) {
            throw new IllegalArgumentException("password is null");
        }
        if (kdf instanceof Kdf.WeakForTests weak) {
            kdf = weak.kdf();
        } else {
            requireStrongEnough(kdf);
        }
        byte[] salt = new byte[32];
        byte[] iv = new byte[16];
        random.nextBytes(salt);
        random.nextBytes(iv);
        byte[] idBytes = new byte[16];
        random.nextBytes(idBytes);
        idBytes[6] = (byte) ((idBytes[6] & 0x0f) | 0x40);
        idBytes[8] = (byte) ((idBytes[8] & 0x3f) | 0x80);
        ByteBuffer idBuffer = ByteBuffer.wrap(idBytes);
        UUID id = new UUID(idBuffer.getLong(), idBuffer.getLong());

        byte[] pw = utf8(password);
        byte[] derived;
        String kdfJson;
        try {
            if (kdf instanceof Kdf.Scrypt s) {
                derived = Scrypt.generate(pw, salt, s.n(), s.r(), s.p(), 32);
                kdfJson = "\"kdf\":\"scrypt\",\"kdfparams\":{\"dklen\":32,\"n\":" + s.n() + ",\"p\":" + s.p()
                        + ",\"r\":" + s.r() + ",\"salt\":\"" + Hex.encodeNoPrefix(salt) + "\"}";
            } else {
                Kdf.Pbkdf2 p = (Kdf.Pbkdf2) kdf;
                derived = pbkdf2(pw, salt, p.c());
                kdfJson = "\"kdf\":\"pbkdf2\",\"kdfparams\":{\"c\":" + p.c() + ",\"dklen\":32,\"prf\":\"hmac-sha256\",\"salt\":\""
                        + Hex.encodeNoPrefix(salt) + "\"}";
            }
        } finally {
            Arrays.fill(pw, (byte) 0);
        }
        byte[] secret = key.toBytes();
        try {
            byte[] ciphertext = aesCtr(derived, iv, secret);
            byte[] mac = mac(derived, ciphertext);
            return "{\"address\":\"" + key.address().toHex().substring(2).toLowerCase(Locale.ROOT) + "\","
                    + "\"crypto\":{\"cipher\":\"aes-128-ctr\",\"cipherparams\":{\"iv\":\"" + Hex.encodeNoPrefix(iv) + "\"},"
                    + "\"ciphertext\":\"" + Hex.encodeNoPrefix(ciphertext) + "\"," + kdfJson + ","
                    + "\"mac\":\"" + Hex.encodeNoPrefix(mac) + "\"},"
                    + "\"id\":\"" + id + "\",\"version\":3}";
        } finally {
            Arrays.fill(secret, (byte) 0);
            Arrays.fill(derived, (byte) 0);
        }
    }

    private static JsonNode parse(String json) {
        if (json == null) {
            throw new KeystoreException("keystore JSON is null");
        }
        if (json.length() > MAX_JSON_CHARS) {
            throw new KeystoreException("keystore JSON is " + json.length() + " characters, more than the "
                    + MAX_JSON_CHARS + " allowed");
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JacksonException e) {
            throw new KeystoreException("keystore is not valid JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) {
            throw new KeystoreException("keystore JSON must be an object");
        }
        return root;
    }

    private static JsonNode cryptoSection(JsonNode root) {
        JsonNode version = root.get("version");
        if (version == null || !version.isIntegralNumber() || !version.canConvertToInt() || version.intValue() != 3) {
            throw new KeystoreException("keystore version must be 3");
        }
        JsonNode crypto = root.has("crypto") ? root.get("crypto") : root.get("Crypto");
        if (crypto == null || !crypto.isObject()) {
            throw new KeystoreException("keystore has no 'crypto' object");
        }
        return crypto;
    }

    private static void requireStrongEnough(Kdf kdf) {
        if (kdf instanceof Kdf.Scrypt s) {
            long work = (long) s.n() * s.r() * s.p();
            long memory = 128L * s.r() * s.n();
            if (work < MIN_SCRYPT_WORK || memory < MIN_SCRYPT_MEMORY) {
                throw new KeystoreException("refusing to write a weak keystore: scrypt N = " + s.n() + ", r = " + s.r()
                        + ", p = " + s.p() + " gives N*r*p = " + work + " and " + memory + " bytes of memory, below"
                        + " Keystore.MIN_SCRYPT_WORK = " + MIN_SCRYPT_WORK + " or Keystore.MIN_SCRYPT_MEMORY = "
                        + MIN_SCRYPT_MEMORY + ". Use Keystore.Kdf.STANDARD (or LIGHT on small devices)");
            }
        } else if (kdf instanceof Kdf.Pbkdf2 p && p.c() < MIN_PBKDF2_ITERATIONS) {
            throw new KeystoreException("refusing to write a weak keystore: PBKDF2 with " + p.c() + " iterations,"
                    + " below Keystore.MIN_PBKDF2_ITERATIONS = " + MIN_PBKDF2_ITERATIONS
                    + ". Use at least that many, or Keystore.Kdf.STANDARD (scrypt)");
        } else if (kdf == null) {
            throw new IllegalArgumentException("kdf is null: use Keystore.Kdf.STANDARD");
        }
    }

    private static byte[] scrypt(JsonNode params, byte[] password, KeystoreLimits limits) {
        checkDklen(params);
        int n = intParam(params, "n", 2, limits.maxScryptN());
        if ((n & (n - 1)) != 0) {
            throw new KeystoreException("crypto.kdfparams.n = " + n + " is not a power of two");
        }
        int r = intParam(params, "r", 1, limits.maxScryptRTimesP());
        int p = intParam(params, "p", 1, limits.maxScryptRTimesP());
        if ((long) r * p > limits.maxScryptRTimesP()) {
            throw new KeystoreException("scrypt r * p = " + ((long) r * p) + " exceeds KeystoreLimits.maxScryptRTimesP = "
                    + limits.maxScryptRTimesP() + "; if you trust this file, decrypt it with higher KeystoreLimits");
        }
        long memory = 128L * r * n;
        if (memory > limits.maxScryptMemory()) {
            throw new KeystoreException("scrypt N = " + n + ", r = " + r + " would use " + memory
                    + " bytes, more than KeystoreLimits.maxScryptMemory = " + limits.maxScryptMemory()
                    + "; if you trust this file, decrypt it with higher KeystoreLimits");
        }
        long work = (long) n * r * p;
        if (work > limits.maxScryptWork()) {
            throw new KeystoreException("scrypt N*r*p = " + work + " (N = " + n + ", r = " + r + ", p = " + p
                    + ") exceeds KeystoreLimits.maxScryptWork = " + limits.maxScryptWork() + " (geth's standard"
                    + " N = 2^18, r = 8, p = 1 is " + KeystoreLimits.STANDARD_SCRYPT_WORK + "): decrypting would"
                    + " take " + Math.max(1, work / KeystoreLimits.STANDARD_SCRYPT_WORK) + "x as long. If you trust"
                    + " this file, decrypt it with KeystoreLimits whose maxScryptWork admits it");
        }
        byte[] salt = hex(params, "salt", "crypto.kdfparams", 16, 64);
        try {
            return Scrypt.generate(password, salt, n, r, p, 32);
        } catch (IllegalArgumentException tooLarge) {
            throw new KeystoreException(tooLarge.getMessage());
        }
    }

    private static byte[] pbkdf2(JsonNode params, byte[] password, KeystoreLimits limits) {
        checkDklen(params);
        String prf = text(params, "prf", "crypto.kdfparams");
        if (!"hmac-sha256".equals(prf)) {
            throw new KeystoreException("unsupported crypto.kdfparams.prf; only hmac-sha256 is supported");
        }
        JsonNode cNode = params.get("c");
        if (cNode != null && cNode.isIntegralNumber() && cNode.canConvertToInt()
                && cNode.intValue() > limits.maxPbkdf2Iterations()) {
            throw new KeystoreException("crypto.kdfparams.c = " + cNode.intValue() + " PBKDF2 iterations exceeds"
                    + " KeystoreLimits.maxPbkdf2Iterations = " + limits.maxPbkdf2Iterations() + " (geth writes"
                    + " 262144); if you trust this file, decrypt it with KeystoreLimits that admit it");
        }
        int c = intParam(params, "c", 1, limits.maxPbkdf2Iterations());
        byte[] salt = hex(params, "salt", "crypto.kdfparams", 16, 64);
        return pbkdf2(password, salt, c);
    }

    private static byte[] pbkdf2(byte[] password, byte[] salt, int c) {
        PKCS5S2ParametersGenerator generator = new PKCS5S2ParametersGenerator(new SHA256Digest());
        generator.init(password, salt, c);
        return ((KeyParameter) generator.generateDerivedParameters(256)).getKey();
    }

    private static void checkDklen(JsonNode params) {
        intParam(params, "dklen", 32, 32);
    }

    private static byte[] mac(byte[] derived, byte[] ciphertext) {
        byte[] input = new byte[16 + ciphertext.length];
        System.arraycopy(derived, 16, input, 0, 16);
        System.arraycopy(ciphertext, 0, input, 16, ciphertext.length);
        byte[] mac = Keccak256.hash(input);
        Arrays.fill(input, (byte) 0);
        return mac;
    }

    private static byte[] aesCtr(byte[] derived, byte[] iv, byte[] input) {
        byte[] aesKey = Arrays.copyOf(derived, 16);
        try {
            SICBlockCipher ctr = (SICBlockCipher) SICBlockCipher.newInstance(AESEngine.newInstance());
            ctr.init(true, new ParametersWithIV(new KeyParameter(aesKey), iv));
            byte[] out = new byte[input.length];
            ctr.processBytes(input, 0, input.length, out, 0);
            return out;
        } finally {
            Arrays.fill(aesKey, (byte) 0);
        }
    }

    /** The optional top-level address must match the decrypted key, or the file was tampered with. */
    private static void checkAddress(JsonNode root, PrivateKey key) {
        JsonNode node = root.get("address");
        if (node == null || node.isNull()) {
            return;
        }
        String claimed = node.isString() ? node.stringValue() : "";
        String hex = claimed.startsWith("0x") || claimed.startsWith("0X") ? claimed.substring(2) : claimed;
        if (!hex.equalsIgnoreCase(key.address().toHex().substring(2))) {
            throw new KeystoreException("the keystore's address field does not match the address of the decrypted key, "
                    + key.address());
        }
    }

    private static byte[] utf8(char[] password) {
        ByteBuffer encoded = StandardCharsets.UTF_8.encode(CharBuffer.wrap(password));
        byte[] bytes = new byte[encoded.remaining()];
        encoded.get(bytes);
        if (encoded.hasArray()) {
            Arrays.fill(encoded.array(), (byte) 0);
        }
        return bytes;
    }

    private static JsonNode object(JsonNode parent, String name, String where) {
        JsonNode node = parent.get(name);
        if (node == null || !node.isObject()) {
            throw new KeystoreException(where + "." + name + " must be an object");
        }
        return node;
    }

    private static String text(JsonNode parent, String name, String where) {
        JsonNode node = parent.get(name);
        if (node == null || !node.isString()) {
            throw new KeystoreException(where + "." + name + " must be a string");
        }
        return node.stringValue();
    }

    private static int intParam(JsonNode params, String name, int min, int max) {
        JsonNode node = params.get(name);
        if (node == null || !node.isIntegralNumber()) {
            throw new KeystoreException("crypto.kdfparams." + name + " must be an integer");
        }
        if (!node.canConvertToInt() || node.intValue() < min || node.intValue() > max) {
            throw new KeystoreException("crypto.kdfparams." + name + " = " + shorten(node.toString())
                    + " is outside the allowed range " + min + ".." + max);
        }
        return node.intValue();
    }

    private static byte[] hex(JsonNode parent, String name, String where, int minBytes, int maxBytes) {
        String text = text(parent, name, where);
        if (text.length() > 2 * maxBytes + 2) {
            throw new KeystoreException(where + "." + name + " is longer than " + maxBytes + " bytes");
        }
        byte[] bytes;
        try {
            bytes = Hex.decode(text);
        } catch (HexFormatException e) {
            throw new KeystoreException(where + "." + name + " is not valid hex");
        }
        if (bytes.length < minBytes || bytes.length > maxBytes) {
            throw new KeystoreException(where + "." + name + " must be " + (minBytes == maxBytes ? minBytes + "" : minBytes + " to " + maxBytes)
                    + " bytes, got " + bytes.length);
        }
        return bytes;
    }

    private static String shorten(String s) {
        return TypeGrammar.shorten(s);
    }
}
