package sh.brane.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.Random;

import org.junit.jupiter.api.Test;

import sh.brane.primitives.Keccak256;

/**
 * The cheap post-signing check ({@link VerifyingComb}) accepts exactly the signatures that recover to the key:
 * every correct signature, and none with r, s or the parity changed.
 */
class VerifyingCombTest {

    @Test
    void acceptsEveryCorrectSignatureAndAgreesWithRecovery() {
        Random random = new Random(11);
        for (int i = 0; i < 200; i++) {
            byte[] secret = new byte[32];
            random.nextBytes(secret);
            secret[0] &= 0x7f;
            secret[31] |= 1;
            byte[] publicKey = Secp256k1.publicKeyOf(secret);
            VerifyingComb check = VerifyingComb.of(publicKey);
            byte[] hash = Keccak256.hash(new byte[] {(byte) i});
            Signature sig = Secp256k1.signUnchecked(hash, secret);
            assertThat(check.verify(hash, sig.r(), sig.s(), sig.yParity())).isEqualTo(VerifyingComb.Result.VALID);
            assertThat(Secp256k1.recoverPublicKey(hash, sig)).isEqualTo(publicKey);
        }
    }

    @Test
    void refusesAChangedROrSOrParityOrHash() {
        byte[] secret = PrivateKey.fromHex("4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318").toBytes();
        VerifyingComb check = VerifyingComb.of(Secp256k1.publicKeyOf(secret));
        byte[] hash = Keccak256.hash(new byte[] {42});
        Signature sig = Secp256k1.signUnchecked(hash, secret);
        BigInteger r = sig.r();
        BigInteger s = sig.s();
        int v = sig.yParity();
        assertThat(check.verify(hash, r.flipBit(7), s, v)).isEqualTo(VerifyingComb.Result.INVALID);
        assertThat(check.verify(hash, r, s.flipBit(7), v)).isEqualTo(VerifyingComb.Result.INVALID);
        assertThat(check.verify(hash, r, s, v ^ 1)).as("the mirrored R recovers another key")
                .isEqualTo(VerifyingComb.Result.INVALID);
        assertThat(check.verify(hash, r, Secp256k1.N.subtract(s), v))
                .as("the high-s twin with the same parity").isEqualTo(VerifyingComb.Result.INVALID);
        assertThat(check.verify(Keccak256.hash(new byte[] {43}), r, s, v)).isEqualTo(VerifyingComb.Result.INVALID);
        assertThat(check.verify(hash, BigInteger.ZERO, s, v)).isEqualTo(VerifyingComb.Result.INVALID);
        assertThat(check.verify(hash, r, Secp256k1.N, v)).isEqualTo(VerifyingComb.Result.INVALID);
        // another key's check refuses this key's signature
        VerifyingComb other = VerifyingComb.of(Secp256k1.publicKeyOf(BigInteger.TWO));
        assertThat(other.verify(hash, r, s, v)).isEqualTo(VerifyingComb.Result.INVALID);
    }

    @Test
    void aZeroHashAndTheSmallestAndLargestKeysVerify() {
        byte[] zeroHash = new byte[32];
        for (BigInteger d : new BigInteger[] {BigInteger.ONE, BigInteger.TWO, Secp256k1.N.subtract(BigInteger.TWO),
                Secp256k1.N.subtract(BigInteger.ONE)}) {
            byte[] secret = org.bouncycastle.util.BigIntegers.asUnsignedByteArray(32, d);
            VerifyingComb check = VerifyingComb.of(Secp256k1.publicKeyOf(secret));
            Signature sig = Secp256k1.signUnchecked(zeroHash, secret);
            assertThat(check.verify(zeroHash, sig.r(), sig.s(), sig.yParity())).isEqualTo(VerifyingComb.Result.VALID);
        }
    }

    @Test
    void theKeyWhosePublicKeyIsMinusGSignsAndVerifies() {
        byte[] secret = org.bouncycastle.util.BigIntegers.asUnsignedByteArray(32, Secp256k1.N.subtract(BigInteger.ONE));
        assertThat(VerifyingComb.of(Secp256k1.publicKeyOf(secret))).isNotNull();
        PrivateKey key = PrivateKey.fromBytes(secret.clone());
        byte[] hash = Keccak256.hash(new byte[] {1});
        Signature sig = key.signHash(hash);
        assertThat(Secp256k1.recoverAddress(hash, sig)).isEqualTo(key.address());
        assertThat(key.signHash(hash)).isEqualTo(sig);
    }

    /**
     * The check does not share the signing table: with {@link GeneratorTable} corrupted (so every k·G is wrong,
     * as in {@link PostSigningCheckTest}), the comb itself refuses the faulty signature; it does not merely
     * give up and leave the refusal to the recovery fallback. A check built while the table is corrupted
     * (a key's first signature under the fault) is still right, since it never reads that table.
     */
    @Test
    void theCheckRefusesASignatureFromACorruptedGeneratorTableOnItsOwn() throws Exception {
        byte[] secret = PrivateKey.fromHex("4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318").toBytes();
        byte[] publicKey = Secp256k1.publicKeyOf(secret);
        byte[] hash = Keccak256.hash(new byte[] {42});
        java.lang.reflect.Field f = GeneratorTable.class.getDeclaredField("TABLE");
        f.setAccessible(true);
        int[] table = (int[]) f.get(null);
        int[] saved = table.clone();
        Signature faulty;
        VerifyingComb builtUnderFault;
        try {
            for (int entry = 0; entry < 16; entry++) {
                table[entry * 16 + 3] ^= 1 << 7;
            }
            faulty = Secp256k1.signUnchecked(hash, secret);
            builtUnderFault = VerifyingComb.of(publicKey);
        } finally {
            System.arraycopy(saved, 0, table, 0, saved.length);
        }
        assertThat(faulty).isNotEqualTo(Secp256k1.signUnchecked(hash, secret));
        assertThat(builtUnderFault.verify(hash, faulty.r(), faulty.s(), faulty.yParity()))
                .isEqualTo(VerifyingComb.Result.INVALID);
        Signature good = Secp256k1.signUnchecked(hash, secret);
        assertThat(builtUnderFault.verify(hash, good.r(), good.s(), good.yParity()))
                .isEqualTo(VerifyingComb.Result.VALID);
    }

    /** A key's first signature is checked by recovery, the later ones by its table: both give the same signatures. */
    @Test
    void aKeySignsTheSameBeforeAndAfterItsTableExists() {
        PrivateKey key = PrivateKey.fromHex("4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318");
        byte[] secret = key.toBytes();
        for (int i = 0; i < 20; i++) {
            byte[] hash = Keccak256.hash(new byte[] {(byte) i, 7});
            Signature sig = key.signHash(hash);
            assertThat(sig).isEqualTo(Secp256k1.signUnchecked(hash, secret));
            assertThat(Secp256k1.recoverAddress(hash, sig)).isEqualTo(key.address());
        }
    }
}
