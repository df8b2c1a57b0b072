package sh.brane.core.crypto;

import java.math.BigInteger;
import java.util.Arrays;

import org.bouncycastle.crypto.digests.SHA256Digest;

/**
 * RFC 6979 deterministic nonces (HMAC-SHA256) for 256-bit curve orders, giving the same nonces as
 * BouncyCastle's {@code HMacDSAKCalculator} (hence web3j), but with every buffer its own so that
 * {@link #clear()} can zero them.
 *
 * <p>Why not BouncyCastle's class: after a signature its {@code V} is the nonce k just used (with the
 * public signature, k gives the private key) and its {@code K} and HMAC pads derive from the key; none of
 * them can be reset from outside, and {@code HMac.init} replaces its precomputed pad states with new
 * objects, leaving the old ones on the heap. Here the HMAC is computed from the pads each time on one
 * {@link SHA256Digest}, whose {@code doFinal} and {@code reset} zero its buffers. That costs two more
 * SHA-256 compressions per HMAC (ten per signature, about 2 µs; a signature costs about 100 µs).
 *
 * <p>Not thread-safe: one instance per thread, {@link #clear()} after every signature.
 */
final class Rfc6979 {

    private static final int BLOCK = 64;

    private final SHA256Digest digest = new SHA256Digest();
    private final byte[] k = new byte[32];
    private final byte[] v = new byte[32];
    private final byte[] x = new byte[32];
    private final byte[] m = new byte[32];
    private final byte[] pad = new byte[BLOCK];
    private final byte[] inner = new byte[32];
    private final byte[] one = new byte[1];
    private BigInteger n;

    /**
     * Starts the nonce sequence for the 32-byte secret {@code secret32} and the 32-byte {@code hash}
     * (RFC 6979 section 3.2 steps a to f, with bits2octets(h) = h mod n).
     */
    void init(BigInteger order, byte[] secret32, byte[] hash) {
        n = order;
        System.arraycopy(secret32, 0, x, 0, 32);
        BigInteger h = new BigInteger(1, hash); // public: the message hash
        if (h.compareTo(order) >= 0) {
            h = h.subtract(order);
        }
        byte[] hb = org.bouncycastle.util.BigIntegers.asUnsignedByteArray(32, h);
        System.arraycopy(hb, 0, m, 0, 32);
        Arrays.fill(k, (byte) 0);
        Arrays.fill(v, (byte) 1);
        one[0] = 0;
        mac(k, k, v, one, x, m); // K = HMAC_K(V || 0x00 || x || h)
        mac(k, v, v);            // V = HMAC_K(V)
        one[0] = 1;
        mac(k, k, v, one, x, m); // K = HMAC_K(V || 0x01 || x || h)
        mac(k, v, v);            // V = HMAC_K(V)
        Arrays.fill(x, (byte) 0);
    }

    /** The next candidate nonce in [1, n), as {@code HMacDSAKCalculator.nextK} gives it. */
    BigInteger nextK() {
        while (true) {
            mac(k, v, v); // V = HMAC_K(V); T = V (qlen = hlen = 256)
            BigInteger candidate = new BigInteger(1, v);
            if (candidate.signum() > 0 && candidate.compareTo(n) < 0) {
                return candidate;
            }
            one[0] = 0;
            mac(k, k, v, one); // K = HMAC_K(V || 0x00)
            mac(k, v, v);      // V = HMAC_K(V)
        }
    }

    /** Zeroes everything derived from the key, the hash and the nonces. */
    void clear() {
        Arrays.fill(k, (byte) 0);
        Arrays.fill(v, (byte) 0);
        Arrays.fill(x, (byte) 0);
        Arrays.fill(m, (byte) 0);
        Arrays.fill(pad, (byte) 0);
        Arrays.fill(inner, (byte) 0);
        one[0] = 0;
        digest.reset();
        n = null;
    }

    /** {@code out = HMAC-SHA256(key32, parts...)}; {@code out} may be {@code key32} or one of the parts. */
    private void mac(byte[] key32, byte[] out, byte[]... parts) {
        fillPad(key32, (byte) 0x36);
        digest.update(pad, 0, BLOCK);
        for (byte[] part : parts) {
            digest.update(part, 0, part.length);
        }
        digest.doFinal(inner, 0);
        fillPad(key32, (byte) 0x5c);
        digest.update(pad, 0, BLOCK);
        digest.update(inner, 0, 32);
        digest.doFinal(out, 0);
    }

    private void fillPad(byte[] key32, byte xor) {
        for (int i = 0; i < 32; i++) {
            pad[i] = (byte) (key32[i] ^ xor);
        }
        Arrays.fill(pad, 32, BLOCK, xor);
    }
}
