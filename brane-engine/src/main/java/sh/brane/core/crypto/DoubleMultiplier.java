package sh.brane.core.crypto;

import java.math.BigInteger;

import org.bouncycastle.math.ec.ECCurve;
import org.bouncycastle.math.ec.ECFieldElement;
import org.bouncycastle.math.ec.ECPoint;
import org.bouncycastle.math.ec.WNafUtil;
import org.bouncycastle.math.ec.custom.sec.SecP256K1Field;
import org.bouncycastle.math.ec.endo.GLVEndomorphism;
import org.bouncycastle.math.raw.Nat256;

/**
 * {@code a·G + b·P} for public scalars and points (signature recovery), with the GLV endomorphism of
 * secp256k1 (BouncyCastle's decomposition and point map) and Shamir's trick over four half-length
 * wNAF streams, on BouncyCastle's allocation-free field arithmetic ({@link SecP256K1Field}).
 *
 * <p>The odd multiples of G and λG are precomputed once (width 8); those of P and λP per call (width 5,
 * with BouncyCastle's point arithmetic and batch normalization). Inputs here are public, so the code is
 * not constant-time. Any special case of the addition formula (equal or opposite points, an
 * intermediate point at infinity), which crafted signatures could trigger, makes {@link #sumOfTwo}
 * return false so the caller uses BouncyCastle's generic {@code sumOfTwoMultiplies} instead.
 */
final class DoubleMultiplier {

    private static final int G_WIDTH = 8;
    private static final int P_WIDTH = 5;
    private static final ECCurve EC = Secp256k1.CURVE.getCurve();
    private static final GLVEndomorphism GLV = (GLVEndomorphism) EC.getEndomorphism();
    /** The endomorphism multiplies x by beta: taken from BouncyCastle's map so it pairs with its lambda. */
    private static final ECFieldElement BETA;
    private static final int[] G_TABLE;
    private static final int[] LAMBDA_G_TABLE;

    static {
        ECPoint g = Secp256k1.CURVE.getG();
        ECPoint mapped = GLV.getPointMap().map(g).normalize();
        BETA = mapped.getAffineXCoord().divide(g.getAffineXCoord());
        if (!mapped.getAffineYCoord().equals(g.getAffineYCoord())) {
            throw new IllegalStateException("unexpected secp256k1 endomorphism in BouncyCastle");
        }
        G_TABLE = oddMultiples(g, G_WIDTH);
        LAMBDA_G_TABLE = mapX(G_TABLE);
    }

    private DoubleMultiplier() {
    }

    /**
     * Computes {@code a·G + b·p} ({@code p} normalized, not infinity; a, b in [0, n)) into {@code outX},
     * {@code outY} as affine coordinates.
     *
     * @return false if a special case was met and the caller must compute the sum another way
     */
    static boolean sumOfTwo(BigInteger a, BigInteger b, ECPoint p, int[] outX, int[] outY) {
        int[] pTable = oddMultiples(p, P_WIDTH);
        int[] lambdaPTable = mapX(pTable);
        BigInteger[] ab = GLV.decomposeScalar(a);
        BigInteger[] bb = GLV.decomposeScalar(b);
        int[][] tables = {G_TABLE, LAMBDA_G_TABLE, pTable, lambdaPTable};
        BigInteger[] scalars = {ab[0], ab[1], bb[0], bb[1]};
        int[] widths = {G_WIDTH, G_WIDTH, P_WIDTH, P_WIDTH};
        byte[][] wnafs = new byte[4][];
        boolean[] negated = new boolean[4];
        int length = 0;
        for (int j = 0; j < 4; j++) {
            negated[j] = scalars[j].signum() < 0;
            wnafs[j] = WNafUtil.generateWindowNaf(widths[j], scalars[j].abs());
            length = Math.max(length, wnafs[j].length);
        }
        Accumulator acc = new Accumulator();
        for (int i = length - 1; i >= 0; i--) {
            if (!acc.infinity) {
                acc.twice();
            }
            for (int j = 0; j < 4; j++) {
                byte[] wnaf = wnafs[j];
                if (i >= wnaf.length || wnaf[i] == 0) {
                    continue;
                }
                int digit = wnaf[i];
                boolean negative = (digit < 0) ^ negated[j];
                int index = ((digit < 0 ? -digit : digit) - 1) >>> 1;
                if (!acc.add(tables[j], index * 16, negative)) {
                    return false;
                }
            }
        }
        if (acc.infinity) {
            return false;
        }
        acc.toAffine(outX, outY);
        return true;
    }

    /** 1·p, 3·p, ..., (2^(w-1) - 1)·p as affine x, y (8 ints each) per entry. */
    private static int[] oddMultiples(ECPoint p, int width) {
        int count = 1 << (width - 2);
        ECPoint[] points = new ECPoint[count];
        ECPoint twice = p.twice();
        points[0] = p;
        for (int i = 1; i < count; i++) {
            points[i] = points[i - 1].add(twice);
        }
        EC.normalizeAll(points);
        int[] table = new int[count * 16];
        for (int i = 0; i < count; i++) {
            if (points[i].isInfinity()) {
                // only for a point of small order, which secp256k1 (prime order) has none of
                throw new IllegalStateException("point at infinity among odd multiples");
            }
            System.arraycopy(Nat256.fromBigInteger(points[i].getAffineXCoord().toBigInteger()), 0, table, i * 16, 8);
            System.arraycopy(Nat256.fromBigInteger(points[i].getAffineYCoord().toBigInteger()), 0, table, i * 16 + 8, 8);
        }
        return table;
    }

    /** The table of the endomorphism images: x multiplied by beta, y unchanged. */
    private static int[] mapX(int[] table) {
        int[] beta = Nat256.fromBigInteger(BETA.toBigInteger());
        int[] out = table.clone();
        int[] x = new int[8];
        int[] ext = new int[16];
        for (int off = 0; off < table.length; off += 16) {
            System.arraycopy(table, off, x, 0, 8);
            SecP256K1Field.multiply(x, beta, x, ext);
            System.arraycopy(x, 0, out, off, 8);
        }
        return out;
    }

    /** A Jacobian point (x, y, z) with scratch space. */
    private static final class Accumulator {
        final int[] x = new int[8];
        final int[] y = new int[8];
        final int[] z = new int[8];
        final int[] tx = new int[8];
        final int[] ty = new int[8];
        final int[] a = new int[8];
        final int[] b = new int[8];
        final int[] c = new int[8];
        final int[] d = new int[8];
        final int[] e = new int[8];
        final int[] f = new int[8];
        final int[] ext = new int[16];
        boolean infinity = true;

        /** this = 2·this ("dbl-2009-l", a = 0). secp256k1 has no point with y = 0, so no special case. */
        void twice() {
            SecP256K1Field.square(x, a, ext);             // A = X^2
            SecP256K1Field.square(y, b, ext);             // B = Y^2
            SecP256K1Field.square(b, c, ext);             // C = B^2
            SecP256K1Field.add(x, b, d);
            SecP256K1Field.square(d, d, ext);             // (X + B)^2
            SecP256K1Field.subtract(d, a, d);
            SecP256K1Field.subtract(d, c, d);
            SecP256K1Field.twice(d, d);                   // D = 2((X + B)^2 - A - C)
            SecP256K1Field.twice(a, e);
            SecP256K1Field.add(e, a, e);                  // E = 3A
            SecP256K1Field.square(e, f, ext);             // F = E^2
            SecP256K1Field.multiply(y, z, z, ext);
            SecP256K1Field.twice(z, z);                   // Z3 = 2 Y Z
            SecP256K1Field.subtract(f, d, x);
            SecP256K1Field.subtract(x, d, x);             // X3 = F - 2D
            SecP256K1Field.subtract(d, x, d);
            SecP256K1Field.multiply(e, d, y, ext);        // E (D - X3)
            SecP256K1Field.twice(c, c);
            SecP256K1Field.twice(c, c);
            SecP256K1Field.twice(c, c);                   // 8C
            SecP256K1Field.subtract(y, c, y);             // Y3
        }

        /** this += (±) table entry; false on a special case (H = 0). */
        boolean add(int[] table, int off, boolean negative) {
            System.arraycopy(table, off, tx, 0, 8);
            System.arraycopy(table, off + 8, ty, 0, 8);
            if (negative) {
                SecP256K1Field.negate(ty, ty);
            }
            if (infinity) {
                Nat256.copy(tx, x);
                Nat256.copy(ty, y);
                z[0] = 1;
                for (int i = 1; i < 8; i++) {
                    z[i] = 0;
                }
                infinity = false;
                return true;
            }
            SecP256K1Field.square(z, a, ext);             // z^2
            SecP256K1Field.multiply(a, z, b, ext);        // z^3
            SecP256K1Field.multiply(a, tx, a, ext);       // U2
            SecP256K1Field.multiply(b, ty, b, ext);       // S2
            SecP256K1Field.subtract(a, x, c);             // H
            SecP256K1Field.subtract(b, y, d);             // R
            if (SecP256K1Field.isZero(c) != 0) {
                return false;
            }
            SecP256K1Field.multiply(z, c, z, ext);        // Z3 = Z H
            SecP256K1Field.square(c, e, ext);             // H^2
            SecP256K1Field.multiply(e, c, f, ext);        // H^3
            SecP256K1Field.multiply(x, e, e, ext);        // V = X H^2
            SecP256K1Field.square(d, x, ext);             // R^2
            SecP256K1Field.subtract(x, f, x);
            SecP256K1Field.subtract(x, e, x);
            SecP256K1Field.subtract(x, e, x);             // X3 = R^2 - H^3 - 2V
            SecP256K1Field.subtract(e, x, e);             // V - X3
            SecP256K1Field.multiply(e, d, e, ext);        // R (V - X3)
            SecP256K1Field.multiply(y, f, f, ext);        // Y H^3
            SecP256K1Field.subtract(e, f, y);             // Y3
            return true;
        }

        void toAffine(int[] outX, int[] outY) {
            SecP256K1Field.inv(z, a);
            SecP256K1Field.square(a, b, ext);
            SecP256K1Field.multiply(x, b, outX, ext);
            SecP256K1Field.multiply(b, a, b, ext);
            SecP256K1Field.multiply(y, b, outY, ext);
        }
    }
}
