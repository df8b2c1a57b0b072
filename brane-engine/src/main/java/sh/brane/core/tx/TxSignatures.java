package sh.brane.core.tx;

import java.util.Arrays;

import sh.brane.primitives.Hex;

/** Range checks on 32-byte big-endian signature scalars, without BigInteger. */
final class TxSignatures {

    /** The secp256k1 group order n. */
    private static final byte[] N =
            Hex.decode("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141");
    /** floor(n / 2): EIP-2 requires s at most this. */
    private static final byte[] HALF_N =
            Hex.decode("7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0");

    private TxSignatures() {
    }

    /** True if {@code 1 <= x < n}. */
    static boolean inRange(byte[] word32) {
        return !isZero(word32) && Arrays.compareUnsigned(word32, N) < 0;
    }

    /** True if {@code s <= n/2}. */
    static boolean isLowS(byte[] s32) {
        return Arrays.compareUnsigned(s32, HALF_N) <= 0;
    }

    private static boolean isZero(byte[] word) {
        for (byte b : word) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }
}
