package sh.brane.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.Random;

import org.bouncycastle.math.ec.ECAlgorithms;
import org.bouncycastle.math.ec.ECPoint;
import org.bouncycastle.math.raw.Nat256;
import org.junit.jupiter.api.Test;

/** The GLV/Shamir double multiplication against BouncyCastle's generic sumOfTwoMultiplies. */
class DoubleMultiplierTest {

    private static final ECPoint G = Secp256k1.CURVE.getG();
    private static final BigInteger N = Secp256k1.N;

    @Test
    void matchesBouncyCastleOnRandomInputs() {
        Random random = new Random(2024);
        for (int i = 0; i < 1000; i++) {
            BigInteger a = new BigInteger(256, random).mod(N);
            BigInteger b = new BigInteger(256, random).mod(N);
            if (i % 100 == 1) {
                a = BigInteger.ZERO;
            }
            if (i % 100 == 2) {
                a = N.subtract(BigInteger.ONE);
            }
            ECPoint p = G.multiply(new BigInteger(256, random).mod(N).add(BigInteger.ONE)).normalize();
            int[] x = new int[8];
            int[] y = new int[8];
            assertThat(DoubleMultiplier.sumOfTwo(a, b, p, x, y)).as("case %d", i).isTrue();
            ECPoint expected = ECAlgorithms.sumOfTwoMultiplies(G, a, p, b).normalize();
            assertThat(Nat256.toBigInteger(x)).as("case %d", i).isEqualTo(expected.getAffineXCoord().toBigInteger());
            assertThat(Nat256.toBigInteger(y)).as("case %d", i).isEqualTo(expected.getAffineYCoord().toBigInteger());
        }
    }

    @Test
    void specialCasesAreLeftToTheCaller() {
        int[] x = new int[8];
        int[] y = new int[8];
        // a·G + (n - a)·G is the point at infinity
        BigInteger a = BigInteger.valueOf(12345);
        assertThat(DoubleMultiplier.sumOfTwo(a, N.subtract(a), G.normalize(), x, y)).isFalse();
        // nothing at all
        assertThat(DoubleMultiplier.sumOfTwo(BigInteger.ZERO, BigInteger.ZERO, G.normalize(), x, y)).isFalse();
        // a sum that doubles a point midway: 1·G + 1·G
        boolean fast = DoubleMultiplier.sumOfTwo(BigInteger.ONE, BigInteger.ONE, G.normalize(), x, y);
        if (fast) {
            assertThat(Nat256.toBigInteger(x)).isEqualTo(G.twice().normalize().getAffineXCoord().toBigInteger());
        }
    }

    @Test
    void recoveryOfCraftedSignaturesFallsBackCorrectly() {
        // r = G.x, s = r, hash = r·... : Q = r^-1 (s R - e G) with R = G and s = e gives infinity -> no key
        BigInteger r = G.normalize().getAffineXCoord().toBigInteger();
        byte[] hash = org.bouncycastle.util.BigIntegers.asUnsignedByteArray(32, r.mod(N));
        int parity = G.normalize().getAffineYCoord().testBitZero() ? 1 : 0;
        Signature sig = Signature.of(r.mod(N), r.mod(N), parity);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Secp256k1.recoverPublicKey(hash, sig))
                .isInstanceOf(SignatureException.class);
    }
}
