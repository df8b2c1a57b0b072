package sh.brane.core.crypto;

import java.util.Arrays;

import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.engines.Salsa20Engine;
import org.bouncycastle.crypto.generators.PKCS5S2ParametersGenerator;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.util.Pack;

/**
 * scrypt (RFC 7914) on BouncyCastle's PBKDF2 and Salsa20/8 core.
 *
 * <p>BouncyCastle's own {@code SCrypt.generate} refuses {@code N >= 2^16} when {@code r = 1} (the RFC's
 * {@code N < 2^(128 r / 8)} recommendation), but keystores with {@code N = 2^18, r = 1} exist, among them
 * the Web3 Secret Storage test vector, and geth decrypts them. Callers bound N, r and p first.
 */
final class Scrypt {

    private Scrypt() {
    }

    /** Largest Java array, in elements (a few below Integer.MAX_VALUE, as the JDK's own collections assume). */
    private static final long MAX_ARRAY = Integer.MAX_VALUE - 8;

    /**
     * @throws IllegalArgumentException if {@code 128 * r * N} or {@code 128 * r * p} bytes do not fit one Java
     *                                  array (with caller limits above 8 GiB the int products used to wrap)
     */
    static byte[] generate(byte[] password, byte[] salt, int n, int r, int p, int dkLen) {
        if (n < 2 || (n & (n - 1)) != 0 || r < 1 || p < 1) {
            throw new IllegalArgumentException("scrypt needs N a power of two >= 2, r >= 1, p >= 1; got N = " + n
                    + ", r = " + r + ", p = " + p);
        }
        if ((long) n * 32 * r > MAX_ARRAY || (long) p * 128 * r > MAX_ARRAY) {
            throw new IllegalArgumentException("scrypt N = " + n + ", r = " + r + ", p = " + p + " needs "
                    + Math.max(128L * r * n, 128L * r * p) + " bytes in one array, more than Java arrays hold"
                    + " (about 8 GiB); no real keystore comes near: lower the KeystoreLimits that admitted it");
        }
        int blockInts = 32 * r;
        byte[] b = pbkdf2(password, salt, p * 128 * r);
        int[] x = new int[blockInts];
        int[] v = new int[n * blockInts];
        int[] t = new int[16];
        int[] y = new int[blockInts];
        try {
            for (int i = 0; i < p; i++) {
                Pack.littleEndianToInt(b, i * 128 * r, x);
                roMix(x, v, t, y, n, r);
                Pack.intToLittleEndian(x, b, i * 128 * r);
            }
            return pbkdf2(password, b, dkLen);
        } finally {
            Arrays.fill(b, (byte) 0);
            Arrays.fill(x, 0);
            Arrays.fill(v, 0);
            Arrays.fill(y, 0);
            Arrays.fill(t, 0);
        }
    }

    private static void roMix(int[] x, int[] v, int[] t, int[] y, int n, int r) {
        int blockInts = x.length;
        for (int i = 0; i < n; i++) {
            System.arraycopy(x, 0, v, i * blockInts, blockInts);
            blockMix(x, t, y, r);
        }
        for (int i = 0; i < n; i++) {
            int j = x[blockInts - 16] & (n - 1);
            int base = j * blockInts;
            for (int k = 0; k < blockInts; k++) {
                x[k] ^= v[base + k];
            }
            blockMix(x, t, y, r);
        }
    }

    /** scryptBlockMix: the Salsa20/8 chain over the 2r 64-byte blocks, outputs interleaved even/odd. */
    private static void blockMix(int[] b, int[] x, int[] y, int r) {
        System.arraycopy(b, b.length - 16, x, 0, 16);
        for (int i = 0; i < 2 * r; i++) {
            for (int k = 0; k < 16; k++) {
                x[k] ^= b[i * 16 + k];
            }
            Salsa20Engine.salsaCore(8, x, x);
            int dest = (i % 2 == 0 ? i / 2 : r + i / 2) * 16;
            System.arraycopy(x, 0, y, dest, 16);
        }
        System.arraycopy(y, 0, b, 0, b.length);
    }

    private static byte[] pbkdf2(byte[] password, byte[] salt, int length) {
        PKCS5S2ParametersGenerator generator = new PKCS5S2ParametersGenerator(new SHA256Digest());
        generator.init(password, salt, 1);
        return ((KeyParameter) generator.generateDerivedParameters(length * 8)).getKey();
    }
}
