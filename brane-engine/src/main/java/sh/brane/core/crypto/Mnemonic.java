package sh.brane.core.crypto;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.text.Normalizer;
import java.util.Arrays;

import javax.security.auth.Destroyable;

import org.bouncycastle.crypto.digests.SHA512Digest;
import org.bouncycastle.crypto.generators.PKCS5S2ParametersGenerator;
import org.bouncycastle.crypto.params.KeyParameter;

/**
 * A BIP-39 mnemonic (English word list): validation with checksum, generation from entropy, the
 * PBKDF2-HMAC-SHA512 seed, and Ethereum account keys along {@code m/44'/60'/0'/0/i}.
 *
 * <p>The words are held as indices that {@link #destroy()} zeroes; {@code toString} shows only the word
 * count and no exception message contains a word.
 */
public final class Mnemonic implements Destroyable {

    private final int[] indices;
    private volatile boolean destroyed;

    private Mnemonic(int[] indices) {
        this.indices = indices;
    }

    /**
     * Parses and validates a phrase of 12, 15, 18, 21 or 24 words separated by whitespace
     * (NFKD-normalized, case-insensitive).
     *
     * @throws MnemonicException for a wrong word count, a word not in the list (its position is named)
     *                           or a wrong checksum
     */
    public static Mnemonic parse(String phrase) {
        if (phrase == null) {
            throw new MnemonicException("mnemonic is null");
        }
        String normalized = Normalizer.normalize(phrase, Normalizer.Form.NFKD).strip();
        if (normalized.isEmpty()) {
            throw new MnemonicException("mnemonic is empty");
        }
        String[] words = normalized.split("\\s+");
        int n = words.length;
        if (n < 12 || n > 24 || n % 3 != 0) {
            throw new MnemonicException("mnemonic has " + n + " words; BIP-39 needs 12, 15, 18, 21 or 24");
        }
        int[] indices = new int[n];
        for (int i = 0; i < n; i++) {
            int index = Bip39WordList.indexOf(words[i].toLowerCase(java.util.Locale.ROOT));
            if (index < 0) {
                Arrays.fill(indices, 0);
                throw new MnemonicException("word " + (i + 1) + " of " + n
                        + " is not in the BIP-39 English word list (the word is not shown)");
            }
            indices[i] = index;
        }
        byte[] entropy = entropyOf(indices);
        Arrays.fill(entropy, (byte) 0);
        return new Mnemonic(indices);
    }

    /** Whether {@code phrase} is a valid BIP-39 English mnemonic. */
    public static boolean isValid(String phrase) {
        try {
            parse(phrase).destroy();
            return true;
        } catch (MnemonicException e) {
            return false;
        }
    }

    /** The mnemonic of 16, 20, 24, 28 or 32 bytes of entropy. */
    public static Mnemonic fromEntropy(byte[] entropy) {
        if (entropy == null || entropy.length < 16 || entropy.length > 32 || entropy.length % 4 != 0) {
            throw new IllegalArgumentException("BIP-39 entropy must be 16, 20, 24, 28 or 32 bytes, got "
                    + (entropy == null ? "null" : entropy.length));
        }
        int entropyBits = entropy.length * 8;
        int checksumBits = entropyBits / 32;
        int words = (entropyBits + checksumBits) / 11;
        byte[] hash = Sha256.hash(entropy);
        byte[] bits = Arrays.copyOf(entropy, entropy.length + 1);
        bits[entropy.length] = hash[0];
        int[] indices = new int[words];
        for (int w = 0; w < words; w++) {
            int value = 0;
            for (int b = 0; b < 11; b++) {
                int bit = w * 11 + b;
                value = (value << 1) | ((bits[bit >>> 3] >>> (7 - (bit & 7))) & 1);
            }
            indices[w] = value;
        }
        Arrays.fill(bits, (byte) 0);
        return new Mnemonic(indices);
    }

    /** A fresh mnemonic of {@code words} words (12, 15, 18, 21 or 24). */
    public static Mnemonic generate(int words, SecureRandom random) {
        if (words < 12 || words > 24 || words % 3 != 0) {
            throw new IllegalArgumentException("BIP-39 mnemonics have 12, 15, 18, 21 or 24 words, not " + words);
        }
        byte[] entropy = new byte[words * 4 / 3];
        random.nextBytes(entropy);
        try {
            return fromEntropy(entropy);
        } finally {
            Arrays.fill(entropy, (byte) 0);
        }
    }

    /** The phrase, words separated by single spaces. A String cannot be zeroed: avoid keeping it. */
    public String phrase() {
        checkAlive();
        StringBuilder sb = new StringBuilder(indices.length * 9);
        for (int i = 0; i < indices.length; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(Bip39WordList.WORDS[indices[i]]);
        }
        return sb.toString();
    }

    /** The number of words. */
    public int wordCount() {
        return indices.length;
    }

    /** A copy of the entropy the words encode; the caller should zero it. */
    public byte[] entropy() {
        checkAlive();
        return entropyOf(indices);
    }

    /** The 64-byte BIP-39 seed: PBKDF2-HMAC-SHA512(phrase, "mnemonic" + passphrase, 2048). */
    public byte[] toSeed(String passphrase) {
        checkAlive();
        String phrase = phrase();
        byte[] password = Normalizer.normalize(phrase, Normalizer.Form.NFKD).getBytes(StandardCharsets.UTF_8);
        byte[] salt = Normalizer.normalize("mnemonic" + (passphrase == null ? "" : passphrase), Normalizer.Form.NFKD)
                .getBytes(StandardCharsets.UTF_8);
        try {
            PKCS5S2ParametersGenerator generator = new PKCS5S2ParametersGenerator(new SHA512Digest());
            generator.init(password, salt, 2048);
            return ((KeyParameter) generator.generateDerivedParameters(512)).getKey();
        } finally {
            Arrays.fill(password, (byte) 0);
            Arrays.fill(salt, (byte) 0);
        }
    }

    /** The BIP-32 master key of this mnemonic's seed with {@code passphrase} (null or "" for none). */
    public HdKey masterKey(String passphrase) {
        byte[] seed = toSeed(passphrase);
        try {
            return HdKey.fromSeed(seed);
        } finally {
            Arrays.fill(seed, (byte) 0);
        }
    }

    /** The Ethereum account {@code m/44'/60'/0'/0/index} without passphrase (what MetaMask and Anvil use). */
    public PrivateKey ethereumAccount(int index) {
        return ethereumAccount("", index);
    }

    /** The Ethereum account {@code m/44'/60'/0'/0/index} with {@code passphrase}. */
    public PrivateKey ethereumAccount(String passphrase, int index) {
        if (index < 0) {
            throw new IllegalArgumentException("account index must be 0 or more, got " + index);
        }
        HdKey master = masterKey(passphrase);
        HdKey account = master.derive(DerivationPath.ethereum(index));
        try {
            return account.privateKey();
        } finally {
            master.destroy();
            account.destroy();
        }
    }

    @Override
    public void destroy() {
        destroyed = true;
        Arrays.fill(indices, 0);
    }

    @Override
    public boolean isDestroyed() {
        return destroyed;
    }

    @Override
    public String toString() {
        return "Mnemonic[" + indices.length + " words" + (destroyed ? ", destroyed" : "") + "]";
    }

    private void checkAlive() {
        if (destroyed) {
            throw new IllegalStateException("mnemonic has been destroyed");
        }
    }

    /** Rebuilds the entropy from 11-bit word indices and checks the checksum bits. */
    private static byte[] entropyOf(int[] indices) {
        int totalBits = indices.length * 11;
        int checksumBits = totalBits / 33;
        int entropyBytes = (totalBits - checksumBits) / 8;
        byte[] bits = new byte[(totalBits + 7) / 8];
        for (int w = 0; w < indices.length; w++) {
            for (int b = 0; b < 11; b++) {
                if (((indices[w] >>> (10 - b)) & 1) != 0) {
                    int bit = w * 11 + b;
                    bits[bit >>> 3] |= (byte) (1 << (7 - (bit & 7)));
                }
            }
        }
        byte[] entropy = Arrays.copyOf(bits, entropyBytes);
        int expected = (Sha256.hash(entropy)[0] & 0xFF) >>> (8 - checksumBits);
        int actual = (bits[entropyBytes] & 0xFF) >>> (8 - checksumBits);
        Arrays.fill(bits, (byte) 0);
        if (expected != actual) {
            Arrays.fill(entropy, (byte) 0);
            throw new MnemonicException("mnemonic checksum is wrong: the words are valid but one is mistyped or out of order");
        }
        return entropy;
    }
}
