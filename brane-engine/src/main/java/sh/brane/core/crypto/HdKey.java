package sh.brane.core.crypto;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import javax.security.auth.Destroyable;

import org.bouncycastle.crypto.digests.RIPEMD160Digest;
import org.bouncycastle.crypto.digests.SHA512Digest;
import org.bouncycastle.crypto.macs.HMac;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.util.BigIntegers;

/**
 * A BIP-32 extended private key: a secp256k1 key and a chain code, with hardened and normal child
 * derivation. {@link #destroy()} zeroes both; {@code toString} shows the depth and address only.
 */
public final class HdKey implements Destroyable {

    private static final byte[] MASTER_HMAC_KEY = "Bitcoin seed".getBytes(StandardCharsets.US_ASCII);
    private static final int XPRV_VERSION = 0x0488ADE4;
    private static final int XPUB_VERSION = 0x0488B21E;

    private final byte[] key;
    private final byte[] chainCode;
    private final int depth;
    private final int parentFingerprint;
    private final int childNumber;
    private volatile boolean destroyed;

    private HdKey(byte[] key, byte[] chainCode, int depth, int parentFingerprint, int childNumber) {
        this.key = key;
        this.chainCode = chainCode;
        this.depth = depth;
        this.parentFingerprint = parentFingerprint;
        this.childNumber = childNumber;
    }

    /** The master key of a BIP-32 seed (16 to 64 bytes). */
    public static HdKey fromSeed(byte[] seed) {
        if (seed == null || seed.length < 16 || seed.length > 64) {
            throw new IllegalArgumentException("BIP-32 seed must be 16 to 64 bytes, got "
                    + (seed == null ? "null" : seed.length));
        }
        byte[] i = hmacSha512(MASTER_HMAC_KEY, seed);
        byte[] k = Arrays.copyOfRange(i, 0, 32);
        byte[] c = Arrays.copyOfRange(i, 32, 64);
        Arrays.fill(i, (byte) 0);
        BigInteger value = new BigInteger(1, k);
        if (value.signum() == 0 || value.compareTo(Secp256k1.N) >= 0) {
            throw new IllegalArgumentException("this seed gives an invalid BIP-32 master key; use another seed");
        }
        return new HdKey(k, c, 0, 0, 0);
    }

    /** Derives along {@code path} (which must start at this key: {@code m/...}). */
    public HdKey derive(String path) {
        return derive(DerivationPath.parse(path));
    }

    /** Derives along {@code path}. */
    public HdKey derive(DerivationPath path) {
        checkAlive();
        HdKey current = this;
        for (int level = 0; level < path.depth(); level++) {
            HdKey next = current.child(path.index(level));
            if (current != this) {
                current.destroy();
            }
            current = next;
        }
        return current == this ? new HdKey(key.clone(), chainCode.clone(), depth, parentFingerprint, childNumber) : current;
    }

    /**
     * The child at {@code index} ({@link DerivationPath#HARDENED} set for a hardened child). In the
     * rare (about 2^-127) case that the index gives an invalid key, BIP-32 says to use the next index.
     */
    public HdKey child(int index) {
        checkAlive();
        if (depth == 255) {
            throw new IllegalStateException("BIP-32 keys cannot be deeper than 255");
        }
        byte[] publicKey = compressedPublicKey();
        byte[] data = new byte[37];
        if ((index & DerivationPath.HARDENED) != 0) {
            System.arraycopy(key, 0, data, 1, 32);
        } else {
            System.arraycopy(publicKey, 0, data, 0, 33);
        }
        data[33] = (byte) (index >>> 24);
        data[34] = (byte) (index >>> 16);
        data[35] = (byte) (index >>> 8);
        data[36] = (byte) index;
        byte[] i = hmacSha512(chainCode, data);
        Arrays.fill(data, (byte) 0);
        try {
            BigInteger il = new BigInteger(1, Arrays.copyOfRange(i, 0, 32));
            BigInteger childKey = il.add(new BigInteger(1, key)).mod(Secp256k1.N);
            if (il.compareTo(Secp256k1.N) >= 0 || childKey.signum() == 0) {
                if (index == -1 || index == Integer.MAX_VALUE) {
                    throw new IllegalStateException("no valid BIP-32 child key at the last index");
                }
                return child(index + 1);
            }
            return new HdKey(BigIntegers.asUnsignedByteArray(32, childKey), Arrays.copyOfRange(i, 32, 64),
                    depth + 1, fingerprint(publicKey), index);
        } finally {
            Arrays.fill(i, (byte) 0);
        }
    }

    /** This node's key as a {@link PrivateKey} (a separate copy: destroying one leaves the other). */
    public PrivateKey privateKey() {
        checkAlive();
        return PrivateKey.fromBytes(key);
    }

    /** A copy of the 32-byte chain code. */
    public byte[] chainCode() {
        checkAlive();
        return chainCode.clone();
    }

    /** The 33-byte compressed public key. */
    public byte[] compressedPublicKey() {
        checkAlive();
        byte[] full = Secp256k1.publicKeyOf(key);
        byte[] out = new byte[33];
        out[0] = (byte) ((full[63] & 1) == 0 ? 0x02 : 0x03);
        System.arraycopy(full, 0, out, 1, 32);
        return out;
    }

    public int depth() {
        return depth;
    }

    /** The serialized extended private key ({@code xprv...}); it is secret. */
    public String toXprv() {
        checkAlive();
        byte[] keyData = new byte[33];
        System.arraycopy(key, 0, keyData, 1, 32);
        try {
            return serialize(XPRV_VERSION, keyData);
        } finally {
            Arrays.fill(keyData, (byte) 0);
        }
    }

    /** The serialized extended public key ({@code xpub...}). */
    public String toXpub() {
        checkAlive();
        return serialize(XPUB_VERSION, compressedPublicKey());
    }

    private String serialize(int version, byte[] keyData) {
        byte[] raw = new byte[82];
        putInt(raw, 0, version);
        raw[4] = (byte) depth;
        putInt(raw, 5, parentFingerprint);
        putInt(raw, 9, childNumber);
        System.arraycopy(chainCode, 0, raw, 13, 32);
        System.arraycopy(keyData, 0, raw, 45, 33);
        byte[] check = Sha256.hash(Sha256.hash(Arrays.copyOf(raw, 78)));
        System.arraycopy(check, 0, raw, 78, 4);
        try {
            return Base58.encode(raw);
        } finally {
            Arrays.fill(raw, (byte) 0);
        }
    }

    @Override
    public void destroy() {
        destroyed = true;
        Arrays.fill(key, (byte) 0);
        Arrays.fill(chainCode, (byte) 0);
    }

    @Override
    public boolean isDestroyed() {
        return destroyed;
    }

    @Override
    public String toString() {
        if (destroyed) {
            return "HdKey[depth=" + depth + ", destroyed]";
        }
        return "HdKey[depth=" + depth + ", address=" + Secp256k1.addressOf(Secp256k1.publicKeyOf(key)) + "]";
    }

    private void checkAlive() {
        if (destroyed) {
            throw new IllegalStateException("HD key has been destroyed");
        }
    }

    private static int fingerprint(byte[] compressedPublicKey) {
        byte[] sha = Sha256.hash(compressedPublicKey);
        RIPEMD160Digest ripemd = new RIPEMD160Digest();
        ripemd.update(sha, 0, sha.length);
        byte[] h160 = new byte[20];
        ripemd.doFinal(h160, 0);
        return ((h160[0] & 0xFF) << 24) | ((h160[1] & 0xFF) << 16) | ((h160[2] & 0xFF) << 8) | (h160[3] & 0xFF);
    }

    private static void putInt(byte[] out, int off, int v) {
        out[off] = (byte) (v >>> 24);
        out[off + 1] = (byte) (v >>> 16);
        out[off + 2] = (byte) (v >>> 8);
        out[off + 3] = (byte) v;
    }

    private static byte[] hmacSha512(byte[] key, byte[] data) {
        HMac mac = new HMac(new SHA512Digest());
        mac.init(new KeyParameter(key));
        mac.update(data, 0, data.length);
        byte[] out = new byte[64];
        mac.doFinal(out, 0);
        return out;
    }
}
