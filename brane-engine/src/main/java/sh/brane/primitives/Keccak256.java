package sh.brane.primitives;

import org.bouncycastle.crypto.digests.KeccakDigest;

/**
 * Keccak-256 as Ethereum uses it (the original Keccak padding, not NIST SHA3-256).
 *
 * <p>Backed by BouncyCastle with one digest per thread, so hashing allocates only its result.
 */
public final class Keccak256 {

    public static final int DIGEST_LENGTH = 32;

    private static final ThreadLocal<KeccakDigest> DIGEST = ThreadLocal.withInitial(() -> new KeccakDigest(256));

    private Keccak256() {
    }

    public static byte[] hash(byte[] input) {
        return hash(input, 0, input.length);
    }

    public static byte[] hash(byte[] input, int off, int len) {
        byte[] out = new byte[DIGEST_LENGTH];
        hashTo(input, off, len, out, 0);
        return out;
    }

    /** Hashes {@code input[off, off+len)} into {@code out[outOff, outOff+32)}; allocates nothing. */
    public static void hashTo(byte[] input, int off, int len, byte[] out, int outOff) {
        java.util.Objects.checkFromIndexSize(off, len, input.length);
        java.util.Objects.checkFromIndexSize(outOff, DIGEST_LENGTH, out.length);
        KeccakDigest digest = DIGEST.get();
        digest.update(input, off, len);
        digest.doFinal(out, outOff);
    }
}
