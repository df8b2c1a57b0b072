package sh.brane.signer;

import java.lang.ref.Reference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;

/**
 * A session on a real PKCS#11 token through its C library: finds the slot (by id or token label), logs in
 * with the user PIN, finds the EC key pair (by label or id), checks it is on secp256k1, reads its public point
 * and signs digests with {@code CKM_ECDSA}. When the token drops the session (closed, logged out, device
 * re-plugged), the next signature opens a new session and logs in again, once.
 */
final class CryptokiToken implements Pkcs11Token {

    /** DER of the secp256k1 OID 1.3.132.0.10, the token's {@code CKA_EC_PARAMS} for the key. */
    private static final byte[] SECP256K1_PARAMS = HexFormat.of().parseHex("06052b8104000a");
    private static final int LONG = Native.LONG_SIZE;
    private static final int POINTER = Native.POINTER_SIZE;
    /** {@code CK_ATTRIBUTE} / {@code CK_MECHANISM}: an unsigned long, a pointer, an unsigned long. */
    private static final int VALUE_OFFSET = align(LONG, POINTER);
    private static final int LENGTH_OFFSET = VALUE_OFFSET + POINTER;
    private static final int TRIPLE_SIZE = align(LENGTH_OFFSET + LONG, Math.max(LONG, POINTER));
    /** Generous bound for any attribute this class reads (an EC point is 67 bytes). */
    private static final int MAX_ATTRIBUTE = 1024;
    private static final int MAX_SLOTS = 1024;
    private static final long CKR_PIN_INCORRECT = 0xA0;

    private static final Map<Path, Cryptoki> LIBRARIES = new ConcurrentHashMap<>();

    private final String signerName;
    private final Cryptoki lib;
    private final Pkcs11Signer.Config config;
    private final byte[] pin;
    private final long slot;
    private final byte[] publicKey;
    private long session;
    private long privateKey;
    private boolean open;

    private CryptokiToken(String signerName, Pkcs11Signer.Config config) {
        this.signerName = signerName;
        this.config = config;
        this.pin = config.pinBytes();
        this.lib = library(signerName, config.library());
        this.slot = findSlot();
        openSession();
        long publicObject = findKey(Cryptoki.CKO_PUBLIC_KEY);
        byte[] params = attribute(publicObject, Cryptoki.CKA_EC_PARAMS);
        if (!Arrays.equals(params, SECP256K1_PARAMS)) {
            throw new SignerException(signerName, "the key " + config.keyDescription()
                    + " is not on secp256k1 (CKA_EC_PARAMS " + HexFormat.of().formatHex(params)
                    + "); Ethereum needs an EC:secp256k1 key");
        }
        this.publicKey = point(attribute(publicObject, Cryptoki.CKA_EC_POINT));
    }

    static CryptokiToken open(String signerName, Pkcs11Signer.Config config) {
        return new CryptokiToken(signerName, config);
    }

    @Override
    public byte[] publicKey() {
        return publicKey.clone();
    }

    @Override
    public byte[] signDigest(byte[] digest) {
        try {
            return signOnce(digest);
        } catch (Pkcs11Exception e) {
            if (!sessionLost(e.returnCode())) {
                throw e;
            }
            closeSession();
            openSession();
            return signOnce(digest);
        }
    }

    @Override
    public void close() {
        closeSession();
        Arrays.fill(pin, (byte) 0);
    }

    // ------------------------------------------------------------------ session

    private void openSession() {
        Memory handle = new Memory(LONG);
        check("C_OpenSession", lib.C_OpenSession(new NativeLong(slot), new NativeLong(Cryptoki.CKF_SERIAL_SESSION),
                Pointer.NULL, Pointer.NULL, handle));
        session = handle.getNativeLong(0).longValue();
        open = true;
        Memory pinMemory = new Memory(Math.max(1, pin.length));
        try {
            pinMemory.write(0, pin, 0, pin.length);
            long rv = lib.C_Login(ulong(session), ulong(Cryptoki.CKU_USER), pinMemory, ulong(pin.length))
                    .longValue();
            // login is per application and token: another signer on this token may have logged in already, and
            // then the token does not check this PIN, so it is compared with the PIN the token accepted
            if (rv == Cryptoki.CKR_USER_ALREADY_LOGGED_IN
                    && !TokenLogins.sameAsAccepted(config.library(), slot, pin)) {
                rv = CKR_PIN_INCORRECT;
            }
            if (rv != Cryptoki.CKR_OK && rv != Cryptoki.CKR_USER_ALREADY_LOGGED_IN) {
                closeSession();
                throw new Pkcs11Exception(signerName, "C_Login", rv);
            }
            if (rv == Cryptoki.CKR_OK) {
                TokenLogins.accepted(config.library(), slot, pin);
            }
        } finally {
            pinMemory.clear();
        }
        privateKey = findKey(Cryptoki.CKO_PRIVATE_KEY);
    }

    private void closeSession() {
        if (open) {
            open = false;
            lib.C_CloseSession(ulong(session));
        }
    }

    private static boolean sessionLost(long rv) {
        return rv == 0xB0 || rv == 0xB3 || rv == 0x101 || rv == 0x32 || rv == 0xE0;
    }

    private byte[] signOnce(byte[] digest) {
        Memory mechanism = new Memory(TRIPLE_SIZE);
        mechanism.clear();
        mechanism.setNativeLong(0, ulong(Cryptoki.CKM_ECDSA));
        check("C_SignInit", lib.C_SignInit(ulong(session), mechanism, ulong(privateKey)));
        Memory data = new Memory(digest.length);
        data.write(0, digest, 0, digest.length);
        Memory signature = new Memory(256);
        Memory length = new Memory(LONG);
        length.setNativeLong(0, ulong(256));
        check("C_Sign", lib.C_Sign(ulong(session), data, ulong(digest.length), signature, length));
        long n = length.getNativeLong(0).longValue();
        if (n < 0 || n > 256) {
            throw new SignerException(signerName, "C_Sign reported a " + n + "-byte signature");
        }
        return signature.getByteArray(0, (int) n);
    }

    // ------------------------------------------------------------------ slots and objects

    private long findSlot() {
        Memory count = new Memory(LONG);
        count.setNativeLong(0, ulong(0));
        check("C_GetSlotList", lib.C_GetSlotList((byte) 1, Pointer.NULL, count));
        long n = count.getNativeLong(0).longValue();
        if (n <= 0) {
            throw new SignerException(signerName, "the PKCS#11 library " + config.library()
                    + " reports no slot with a token");
        }
        if (n > MAX_SLOTS) {
            throw new SignerException(signerName, "the PKCS#11 library reports " + n + " slots, more than "
                    + MAX_SLOTS);
        }
        Memory slots = new Memory(n * LONG);
        check("C_GetSlotList", lib.C_GetSlotList((byte) 1, slots, count));
        n = Math.min(n, count.getNativeLong(0).longValue());
        StringBuilder seen = new StringBuilder();
        for (int i = 0; i < n; i++) {
            long id = slots.getNativeLong((long) i * LONG).longValue();
            if (config.slot() != null) {
                if (config.slot() == id) {
                    return id;
                }
                seen.append(seen.isEmpty() ? "" : ", ").append(id);
                continue;
            }
            String label = tokenLabel(id);
            if (label.equals(config.tokenLabel())) {
                return id;
            }
            seen.append(seen.isEmpty() ? "" : ", ").append('\'').append(label).append('\'');
        }
        String wanted = config.slot() != null ? "slot " + config.slot() : "token label '" + config.tokenLabel() + "'";
        throw new SignerException(signerName, "no token with " + wanted + " in " + config.library()
                + "; tokens present: " + seen);
    }

    private String tokenLabel(long slotId) {
        // CK_TOKEN_INFO starts with the 32-byte, blank-padded label; the whole structure is under 256 bytes
        Memory info = new Memory(512);
        info.clear();
        check("C_GetTokenInfo", lib.C_GetTokenInfo(ulong(slotId), info));
        return new String(info.getByteArray(0, 32), StandardCharsets.UTF_8).replace('\0', ' ').strip();
    }

    private long findKey(long objectClass) {
        byte[] classValue = ulongBytes(objectClass);
        byte[] keyType = ulongBytes(Cryptoki.CKK_EC);
        byte[] selector = config.keyLabel() != null ? config.keyLabel().getBytes(StandardCharsets.UTF_8)
                : config.keyId();
        long selectorType = config.keyLabel() != null ? Cryptoki.CKA_LABEL : Cryptoki.CKA_ID;
        Template template = template(new long[] { Cryptoki.CKA_CLASS, Cryptoki.CKA_KEY_TYPE, selectorType },
                new byte[][] { classValue, keyType, selector });
        try {
            check("C_FindObjectsInit", lib.C_FindObjectsInit(ulong(session), template.memory(), ulong(3)));
        } finally {
            Reference.reachabilityFence(template);
        }
        Memory objects = new Memory(2L * LONG);
        Memory found = new Memory(LONG);
        try {
            check("C_FindObjects", lib.C_FindObjects(ulong(session), objects, ulong(2), found));
        } finally {
            lib.C_FindObjectsFinal(ulong(session));
        }
        long n = found.getNativeLong(0).longValue();
        String kind = objectClass == Cryptoki.CKO_PRIVATE_KEY ? "private" : "public";
        if (n == 0) {
            throw new SignerException(signerName, "the token has no EC " + kind + " key with "
                    + config.keyDescription() + (objectClass == Cryptoki.CKO_PUBLIC_KEY
                            ? " (the signer reads the key's CKA_EC_POINT from its public key object)" : ""));
        }
        if (n > 1) {
            throw new SignerException(signerName, "the token has more than one EC " + kind + " key with "
                    + config.keyDescription() + "; give the key a unique label or select it by id");
        }
        return objects.getNativeLong(0).longValue();
    }

    private byte[] attribute(long object, long type) {
        Memory template = template(new long[] { type }, new byte[][] { null }).memory();
        check("C_GetAttributeValue", lib.C_GetAttributeValue(ulong(session), ulong(object), template, ulong(1)));
        long length = template.getNativeLong(LENGTH_OFFSET).longValue();
        if (length < 0 || length > MAX_ATTRIBUTE) {
            throw new SignerException(signerName, "the token reported a " + length + "-byte attribute 0x"
                    + Long.toHexString(type) + ", more than " + MAX_ATTRIBUTE);
        }
        Memory value = new Memory(Math.max(1, length));
        template.setPointer(VALUE_OFFSET, value);
        check("C_GetAttributeValue", lib.C_GetAttributeValue(ulong(session), ulong(object), template, ulong(1)));
        return value.getByteArray(0, (int) length);
    }

    /** The 64-byte {@code x || y} from {@code CKA_EC_POINT}: DER OCTET STRING of 04||x||y, or the raw point. */
    private byte[] point(byte[] ecPoint) {
        int offset;
        if (ecPoint.length == 67 && ecPoint[0] == 0x04 && ecPoint[1] == 0x41 && ecPoint[2] == 0x04) {
            offset = 3;
        } else if (ecPoint.length == 65 && ecPoint[0] == 0x04) {
            offset = 1;
        } else {
            throw new SignerException(signerName, "the key's CKA_EC_POINT is not an uncompressed secp256k1 point ("
                    + ecPoint.length + " bytes)");
        }
        return Arrays.copyOfRange(ecPoint, offset, offset + 64);
    }

    // ------------------------------------------------------------------ native helpers

    /**
     * A {@code CK_ATTRIBUTE} array and the buffers its entries point to. JNA frees a {@link Memory} once it is
     * unreachable, so the buffers are held here and the template is kept reachable across the native call.
     */
    private record Template(Memory memory, List<Memory> values) {
    }

    private static Template template(long[] types, byte[][] values) {
        Memory template = new Memory((long) TRIPLE_SIZE * types.length);
        List<Memory> held = new ArrayList<>();
        template.clear();
        for (int i = 0; i < types.length; i++) {
            long base = (long) i * TRIPLE_SIZE;
            template.setNativeLong(base, ulong(types[i]));
            if (values[i] != null) {
                Memory value = new Memory(Math.max(1, values[i].length));
                value.write(0, values[i], 0, values[i].length);
                template.setPointer(base + VALUE_OFFSET, value);
                template.setNativeLong(base + LENGTH_OFFSET, ulong(values[i].length));
                held.add(value);
            }
        }
        return new Template(template, held);
    }

    private static byte[] ulongBytes(long value) {
        Memory m = new Memory(LONG);
        m.setNativeLong(0, new NativeLong(value));
        return m.getByteArray(0, LONG);
    }

    private void check(String function, NativeLong rv) {
        long code = rv.longValue();
        if (code != Cryptoki.CKR_OK) {
            throw new Pkcs11Exception(signerName, function, code);
        }
    }

    private static NativeLong ulong(long value) {
        return new NativeLong(value);
    }

    private static int align(int offset, int alignment) {
        return (offset + alignment - 1) / alignment * alignment;
    }

    private static Cryptoki library(String signerName, Path path) {
        return LIBRARIES.computeIfAbsent(path, p -> {
            Cryptoki lib;
            try {
                lib = Native.load(p.toString(), Cryptoki.class);
            } catch (UnsatisfiedLinkError e) {
                throw new SignerException(signerName, "cannot load the PKCS#11 library " + p + ": " + e.getMessage());
            }
            // CK_C_INITIALIZE_ARGS: four mutex callbacks (null), flags, reserved; OS locking lets every signer's
            // thread call the library
            Memory args = new Memory(4L * POINTER + align(LONG, POINTER) + POINTER);
            args.clear();
            args.setNativeLong(4L * POINTER, new NativeLong(Cryptoki.CKF_OS_LOCKING_OK));
            long rv = lib.C_Initialize(args).longValue();
            if (rv != Cryptoki.CKR_OK && rv != Cryptoki.CKR_CRYPTOKI_ALREADY_INITIALIZED) {
                throw new Pkcs11Exception(signerName, "C_Initialize", rv);
            }
            return lib;
        });
    }
}
