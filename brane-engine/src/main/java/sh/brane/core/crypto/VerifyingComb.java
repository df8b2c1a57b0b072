package sh.brane.core.crypto;

import java.math.BigInteger;

import org.bouncycastle.math.ec.ECPoint;
import org.bouncycastle.math.ec.custom.sec.SecP256K1Field;
import org.bouncycastle.math.raw.Nat256;
import org.bouncycastle.util.BigIntegers;

/**
 * The post-signing check of one key: verifies a fresh signature (r, s, parity) over e as
 * {@code R' = u1·G + u2·Q} with {@code u1 = e/s}, {@code u2 = r/s}, then {@code x(R') == r} and
 * {@code y(R')} of the signature's parity, with two comb tables of signed digits and no doublings:
 * at most 33 + 43 mixed additions (33 windows of 8 bits for G, 43 of 6 bits for Q).
 *
 * <p>The table of Q ({@code T[i][j] = (j + 1)·64^i·Q}, j < 32) is built once per key from its public key,
 * so it holds only public data (86 KiB; the generator's, 264 KiB, once per process). The generator's
 * table here is a separate copy built with BouncyCastle's point
 * arithmetic, not {@link GeneratorTable}: the check must not share the computation it checks (a fault
 * in the signing table would otherwise produce a wrong R and "verify" it with the same wrong table).
 * The inputs are public (the signature, the hash, Q), so lookups index directly and need not be
 * constant-time: a scalar is recoded into digits in [−2^(w−1) + 1, 2^(w−1)], zero digits are skipped and
 * negative ones negate y.
 *
 * <p>Any special case of the addition formula (accumulator equal to ± the table point) makes
 * {@link #verify} answer {@link Result#UNDECIDED}; the caller then checks by public-key recovery.
 */
final class VerifyingComb {

    /** Outcome of {@link #verify}. */
    enum Result { VALID, INVALID, UNDECIDED }

    private static final int G_WIDTH = 8;
    private static final int Q_WIDTH = 6;
    private static final ECPoint G = Secp256k1.CURVE.getG();
    private static final int[] G_TABLE = table(G, G_WIDTH);
    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    private final int[] qTable;

    private VerifyingComb(int[] qTable) {
        this.qTable = qTable;
    }

    /** The check for the 64-byte public key {@code x || y} (a point of secp256k1). */
    static VerifyingComb of(byte[] publicKey64) {
        ECPoint q = Secp256k1.CURVE.getCurve().createPoint(
                new BigInteger(1, java.util.Arrays.copyOfRange(publicKey64, 0, 32)),
                new BigInteger(1, java.util.Arrays.copyOfRange(publicKey64, 32, 64)));
        if (!q.isValid()) {
            throw new IllegalStateException("public key is not on secp256k1");
        }
        return new VerifyingComb(table(q, Q_WIDTH));
    }

    /** Whether (r, s, parity) is a signature over {@code hash} by this key. */
    Result verify(byte[] hash, BigInteger r, BigInteger s, int parity) {
        if (r.signum() <= 0 || r.compareTo(Secp256k1.N) >= 0 || s.signum() <= 0 || s.compareTo(Secp256k1.N) >= 0) {
            return Result.INVALID;
        }
        BigInteger sInv = BigIntegers.modOddInverseVar(Secp256k1.N, s);
        BigInteger u1 = new BigInteger(1, hash).multiply(sInv).mod(Secp256k1.N);
        BigInteger u2 = r.multiply(sInv).mod(Secp256k1.N);
        Scratch sc = SCRATCH.get();
        sc.empty = true;
        if (!addMultiple(sc, G_TABLE, G_WIDTH, u1) || !addMultiple(sc, qTable, Q_WIDTH, u2) || sc.empty) {
            return Result.UNDECIDED;
        }
        // to affine: x / z^2, y / z^3
        SecP256K1Field.inv(sc.z, sc.t1);
        SecP256K1Field.square(sc.t1, sc.t2, sc.ext);
        SecP256K1Field.multiply(sc.x, sc.t2, sc.x, sc.ext);
        SecP256K1Field.multiply(sc.t2, sc.t1, sc.t2, sc.ext);
        SecP256K1Field.multiply(sc.y, sc.t2, sc.y, sc.ext);
        // r < n < p, and the signer only emits r = x(R) (never x(R) - n), so x must equal r exactly
        boolean valid = Nat256.eq(sc.x, Nat256.fromBigInteger(r)) && (sc.y[0] & 1) == parity;
        return valid ? Result.VALID : Result.INVALID;
    }

    /** Adds u·P to the accumulator, P given by its comb table of width {@code width}; false on a special case. */
    private static boolean addMultiple(Scratch sc, int[] table, int width, BigInteger u) {
        int[] words = sc.words;
        java.util.Arrays.fill(words, 0);
        System.arraycopy(Nat256.fromBigInteger(u), 0, words, 0, 8);
        int windows = windows(width);
        int entries = 1 << (width - 1);
        int mask = (1 << width) - 1;
        int carry = 0;
        for (int i = 0; i < windows; i++) {
            int pos = i * width;
            int word = pos >>> 5;
            int off = pos & 31;
            long bits = ((words[word] & 0xffffffffL) | ((long) words[word + 1] << 32)) >>> off;
            int d = ((int) bits & mask) + carry;
            if (d > entries) {
                d -= 1 << width;
                carry = 1;
            } else {
                carry = 0;
            }
            if (d == 0) {
                continue;
            }
            int index = (i * entries + (d < 0 ? -d : d) - 1) * 16;
            if (!add(sc, table, index, d < 0)) {
                return false;
            }
        }
        // u < n < 2^256 leaves the top window with room for its carry
        return carry == 0;
    }

    /** Windows of {@code width} bits covering 256 bits with one bit to spare for the last carry. */
    private static int windows(int width) {
        return (256 + width) / width;
    }

    /** T[i][j] = (j + 1)·2^(width·i)·p, j < 2^(width−1), as affine x, y (8 little-endian ints each), row-major. */
    private static int[] table(ECPoint p, int width) {
        int windows = windows(width);
        int entries = 1 << (width - 1);
        ECPoint[] points = new ECPoint[windows * entries];
        ECPoint base = p.normalize();
        for (int i = 0; i < windows; i++) {
            ECPoint q = base;
            for (int j = 0; j < entries; j++) {
                points[i * entries + j] = q;
                q = q.add(base);
            }
            base = base.timesPow2(width);
        }
        Secp256k1.CURVE.getCurve().normalizeAll(points);
        int[] table = new int[points.length * 16];
        for (int i = 0; i < points.length; i++) {
            if (points[i].isInfinity()) {
                // only for a point of small order, which secp256k1 (prime order) has none of
                throw new IllegalStateException("point at infinity in a comb table");
            }
            System.arraycopy(Nat256.fromBigInteger(points[i].getAffineXCoord().toBigInteger()), 0, table, i * 16, 8);
            System.arraycopy(Nat256.fromBigInteger(points[i].getAffineYCoord().toBigInteger()), 0, table, i * 16 + 8, 8);
        }
        return table;
    }

    /** Per-thread working memory (public data only), so a check allocates little. */
    private static final class Scratch {
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
        final int[] words = new int[10];
        boolean empty;
    }

    /**
     * (x, y, z) += ± the table point at {@code off} (or := it while the sum is empty), Jacobian plus affine ("madd-2004-hmv", 8M + 3S).
     *
     * @return false if the points are equal or opposite (H = 0), which this formula cannot handle
     */
    private static boolean add(Scratch s, int[] table, int off, boolean negate) {
        System.arraycopy(table, off, s.tx, 0, 8);
        System.arraycopy(table, off + 8, s.ty, 0, 8);
        if (negate) {
            SecP256K1Field.negate(s.ty, s.ty);
        }
        if (s.empty) {
            Nat256.copy(s.tx, s.x);
            Nat256.copy(s.ty, s.y);
            java.util.Arrays.fill(s.z, 0);
            s.z[0] = 1;
            s.empty = false;
            return true;
        }
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
        if (SecP256K1Field.isZero(s.h) != 0) {
            return false;
        }
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
        return true;
    }
}
