package sh.brane.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.web3j.crypto.ECKeyPair;
import org.web3j.crypto.Keys;
import org.web3j.crypto.Sign;

import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;

/** Signatures, recovery and addresses against web3j on random keys and hashes (fixed seed). */
class Secp256k1DifferentialTest {

    private static final long SEED = 0x5EC9256L;

    @Test
    void signaturesRecoveryAndAddressesMatchWeb3j() throws Exception {
        SecureRandom keys = SecureRandom.getInstance("SHA1PRNG");
        keys.setSeed(SEED);
        Random hashes = new Random(SEED);
        for (int i = 0; i < 1000; i++) {
            PrivateKey key = i == 0 ? PrivateKey.fromHex("00".repeat(31) + "01")
                    : i == 1 ? PrivateKey.fromBytes(org.bouncycastle.util.BigIntegers.asUnsignedByteArray(32, Secp256k1.N.subtract(BigInteger.ONE)))
                    : PrivateKey.random(keys);
            byte[] hash = new byte[32];
            hashes.nextBytes(hash);
            if (i == 2) {
                hash = new byte[32];
            }
            String context = "seed=" + SEED + " case=" + i + " hash=" + Hex.encode(hash);

            ECKeyPair pair = ECKeyPair.create(new BigInteger(1, key.toBytes()));
            assertThat(key.address().toHex()).as(context).isEqualTo("0x" + Keys.getAddress(pair.getPublicKey()));
            assertThat(new BigInteger(1, key.publicKey())).as(context).isEqualTo(pair.getPublicKey());

            Signature ours = key.signHash(hash);
            Sign.SignatureData theirs = Sign.signMessage(hash, pair, false);
            assertThat(ours.rBytes()).as(context).isEqualTo(theirs.getR());
            assertThat(ours.sBytes()).as(context).isEqualTo(theirs.getS());
            assertThat(27 + ours.yParity()).as(context).isEqualTo(theirs.getV()[0] & 0xFF);
            assertThat(ours.toBytes65()).as(context)
                    .isEqualTo(concat(theirs.getR(), theirs.getS(), theirs.getV()));

            assertThat(Secp256k1.recoverAddress(hash, ours)).as(context).isEqualTo(key.address());
            assertThat(Secp256k1.recoverPublicKey(hash, ours)).as(context).isEqualTo(key.publicKey());
            assertThat(new BigInteger(1, Secp256k1.recoverPublicKey(hash, ours))).as(context)
                    .isEqualTo(Sign.signedMessageHashToKey(hash, theirs));
            assertThat(Secp256k1.verify(hash, ours, key.address())).as(context).isTrue();

            // the other parity recovers some other key (or none), never this one
            Signature flipped = new Signature(ours.rBytes(), ours.sBytes(), 1 - ours.yParity());
            assertThat(Secp256k1.verify(hash, flipped, key.address())).as(context).isFalse();
        }
    }

    @Test
    void lowSAndDeterminism() {
        PrivateKey key = PrivateKey.fromHex("ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
        Random random = new Random(SEED);
        for (int i = 0; i < 200; i++) {
            byte[] hash = new byte[32];
            random.nextBytes(hash);
            Signature a = key.signHash(hash);
            assertThat(a.s()).isLessThanOrEqualTo(Secp256k1.HALF_N);
            assertThat(key.signHash(hash)).isEqualTo(a);
        }
    }

    @Test
    void invalidSignaturesRecoverNothing() {
        byte[] hash = new byte[32];
        hash[0] = 1;
        Address someone = Address.ZERO;
        byte[] big = Secp256k1.N.toByteArray();
        for (Signature bad : new Signature[] {
            new Signature(new byte[] {0}, new byte[] {1}, 0),
            new Signature(new byte[] {1}, new byte[] {0}, 0),
            new Signature(java.util.Arrays.copyOfRange(big, big.length - 32, big.length), new byte[] {1}, 0),
        }) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> Secp256k1.recoverAddress(hash, bad))
                    .isInstanceOf(SignatureException.class);
            assertThat(Secp256k1.verify(hash, bad, someone)).isFalse();
        }
        // x = 5 is not the x of any curve point (5^3 + 7 = 132 is not a square mod p)
        Signature notOnCurve = new Signature(new byte[] {5}, new byte[] {1}, 0);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Secp256k1.recoverAddress(hash, notOnCurve))
                .isInstanceOf(SignatureException.class);
    }

    private static byte[] concat(byte[] r, byte[] s, byte[] v) {
        byte[] out = new byte[65];
        System.arraycopy(r, 0, out, 0, 32);
        System.arraycopy(s, 0, out, 32, 32);
        out[64] = v[0];
        return out;
    }
}
