package sh.brane.core.crypto;

import java.math.BigInteger;

import org.bouncycastle.math.ec.ECCurve;
import org.bouncycastle.math.ec.ECPoint;
import org.bouncycastle.math.ec.custom.sec.SecP256K1Field;
import org.bouncycastle.math.raw.Nat256;

/**
 * Fixed-base multiplication {@code k·G} for secp256k1 with a precomputed table and BouncyCastle's
 * allocation-free field arithmetic ({@link SecP256K1Field}, {@link Nat256}).
 *
 * <p>The scalar is split into 64 nibbles {@code f_w}; with {@code T[w][f] = (f + 1)·16^w·G} (never the
 * point at infinity) we have {@code k·G = Σ T[w][f_w] − C·G} where {@code C = Σ 16^w}. So a
 * multiplication is 64 mixed Jacobian-affine additions and no doublings. Every table read scans the
 * whole 16-entry row with masks, so the memory access pattern does not depend on the secret scalar.
 *
 * <p>The only data-dependent branch is the addition's special case (accumulator equal to ± the table
 * point), which random scalars hit with probability about 2^-250; then the caller falls back to
 * BouncyCastle's generic multiplier.
 */
final class GeneratorTable {

    private static final int WINDOWS = 64;
    private static final int ROW_INTS = 16 * 16; // 16 points, x and y of 8 ints each
    /** Row-major: window w, entry f, then x[0..8), y[0..8). */
    private static final int[] TABLE = new int[WINDOWS * ROW_INTS];
    private static final int[] START_X;
    private static final int[] START_Y;

    static {
        ECCurve curve = Secp256k1.CURVE.getCurve();
        ECPoint[] points = new ECPoint[WINDOWS * 16];
        ECPoint base = Secp256k1.CURVE.getG();
        for (int w = 0; w < WINDOWS; w++) {
            ECPoint p = base;
            for (int f = 0; f < 16; f++) {
                points[w * 16 + f] = p;
                p = p.add(base);
            }
            base = base.timesPow2(4);
        }
        curve.normalizeAll(points);
        for (int i = 0; i < points.length; i++) {
            int[] x = Nat256.fromBigInteger(points[i].getAffineXCoord().toBigInteger());
            int[] y = Nat256.fromBigInteger(points[i].getAffineYCoord().toBigInteger());
            System.arraycopy(x, 0, TABLE, i * 16, 8);
            System.arraycopy(y, 0, TABLE, i * 16 + 8, 8);
        }
        // C = sum of 16^w for w < 64 = (2^256 - 1) / 15; start from -C·G
        BigInteger c = BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE).divide(BigInteger.valueOf(15));
        ECPoint start = Secp256k1.CURVE.getG().multiply(c.mod(Secp256k1.N)).negate().normalize();
        START_X = Nat256.fromBigInteger(start.getAffineXCoord().toBigInteger());
        START_Y = Nat256.fromBigInteger(start.getAffineYCoord().toBigInteger());
    }

    /** Per-thread working memory, so a multiplication allocates nothing. */
    static final class Scratch {
        final int[] x = new int[8];
        final int[] y = new int[8];
        final int[] z = new int[8];
        final int[] tx = new int[8];
        final int[] ty = new int[8];
        final int[] t1 = new int[8];
        final int[] t2 = new int[8];
        final int[] h = new int[8];
        final int[] r = new int[8];
        final int[] hh = new int[8];
        final int[] hhh = new int[8];
        final int[] v = new int[8];
        final int[] ext = new int[16];
        final int[] scalar = new int[8];
    }

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    private GeneratorTable() {
    }

    static Scratch scratch() {
        return SCRATCH.get();
    }

    /**
     * Computes {@code k·G} for the 256-bit scalar in {@code s.scalar} (little-endian 32-bit words, k in
     * [1, n)) and leaves the affine coordinates in {@code s.x}, {@code s.y}.
     *
     * @return false in the negligible special case, when the caller must use a generic multiplier
     */
    static boolean multiply(Scratch s) {
        int[] x = s.x;
        int[] y = s.y;
        int[] z = s.z;
        Nat256.copy(START_X, x);
        Nat256.copy(START_Y, y);
        z[0] = 1;
        for (int i = 1; i < 8; i++) {
            z[i] = 0;
        }
        boolean ok = true;
        for (int w = 0; w < WINDOWS; w++) {
            int f = (s.scalar[w >>> 3] >>> ((w & 7) << 2)) & 15;
            lookup(w, f, s.tx, s.ty);
            ok &= addAffine(s);
        }
        if (!ok) {
            return false;
        }
        // to affine: x / z^2, y / z^3
        SecP256K1Field.inv(z, s.t1);
        SecP256K1Field.square(s.t1, s.t2, s.ext);
        SecP256K1Field.multiply(x, s.t2, x, s.ext);
        SecP256K1Field.multiply(s.t2, s.t1, s.t2, s.ext);
        SecP256K1Field.multiply(y, s.t2, y, s.ext);
        return true;
    }

    /** Reads entry {@code f} of row {@code w} touching every entry of the row. */
    private static void lookup(int w, int f, int[] tx, int[] ty) {
        for (int i = 0; i < 8; i++) {
            tx[i] = 0;
            ty[i] = 0;
        }
        int base = w * ROW_INTS;
        for (int e = 0; e < 16; e++) {
            int mask = ((e ^ f) - 1) >> 31; // all ones when e == f
            int off = base + e * 16;
            for (int i = 0; i < 8; i++) {
                tx[i] |= TABLE[off + i] & mask;
                ty[i] |= TABLE[off + 8 + i] & mask;
            }
        }
    }

    /**
     * (x, y, z) += (tx, ty, 1), Jacobian plus affine ("madd-2004-hmv", 8M + 3S).
     *
     * @return false if the points are equal or opposite (H = 0), which this formula cannot handle
     */
    private static boolean addAffine(Scratch s) {
        int[] x = s.x;
        int[] y = s.y;
        int[] z = s.z;
        int[] t1 = s.t1;
        int[] t2 = s.t2;
        int[] ext = s.ext;
        SecP256K1Field.square(z, t1, ext);            // z^2
        SecP256K1Field.multiply(t1, z, t2, ext);      // z^3
        SecP256K1Field.multiply(t1, s.tx, t1, ext);   // U2 = tx z^2
        SecP256K1Field.multiply(t2, s.ty, t2, ext);   // S2 = ty z^3
        SecP256K1Field.subtract(t1, x, s.h);          // H = U2 - x
        SecP256K1Field.subtract(t2, y, s.r);          // R = S2 - y
        boolean special = SecP256K1Field.isZero(s.h) != 0;
        SecP256K1Field.multiply(z, s.h, z, ext);      // z3 = z H
        SecP256K1Field.square(s.h, s.hh, ext);        // H^2
        SecP256K1Field.multiply(s.hh, s.h, s.hhh, ext); // H^3
        SecP256K1Field.multiply(x, s.hh, s.v, ext);   // V = x H^2
        SecP256K1Field.square(s.r, x, ext);           // R^2
        SecP256K1Field.subtract(x, s.hhh, x);
        SecP256K1Field.subtract(x, s.v, x);
        SecP256K1Field.subtract(x, s.v, x);           // x3 = R^2 - H^3 - 2V
        SecP256K1Field.subtract(s.v, x, t1);          // V - x3
        SecP256K1Field.multiply(t1, s.r, t1, ext);    // R (V - x3)
        SecP256K1Field.multiply(y, s.hhh, t2, ext);   // y H^3
        SecP256K1Field.subtract(t1, t2, y);           // y3
        return !special;
    }
}
