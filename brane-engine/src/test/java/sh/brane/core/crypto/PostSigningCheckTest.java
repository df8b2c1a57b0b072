package sh.brane.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Field;

import org.junit.jupiter.api.Test;

import sh.brane.primitives.Keccak256;

/**
 * Issue 11 item 3: every signature is verified before {@link PrivateKey#signHash} returns it. With deterministic
 * nonces, one signature with a faulty R and one correct signature over the same hash reveal the key, so a
 * fault in the nonce-point multiplication (a bit flip, a broken table) must refuse the signature, not release it.
 */
class PostSigningCheckTest {

    private static final byte[] HASH = Keccak256.hash(new byte[] {42});

    @Test
    void aFaultInTheNoncePointIsRefused() throws Exception {
        PrivateKey key = PrivateKey.fromHex("4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318");
        Signature good = key.signHash(HASH);
        withCorruptedGeneratorTable(() -> assertThatThrownBy(() -> key.signHash(HASH))
                .isInstanceOf(SignatureException.class)
                .hasMessageContaining("post-signing check")
                .hasMessageContaining(key.address().toString()));
        assertThat(key.signHash(HASH)).as("signing works again once the fault is gone").isEqualTo(good);
    }

    @Test
    void everySigningPathGoesThroughTheCheck() throws Exception {
        PrivateKey key = PrivateKey.fromHex("4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318");
        withCorruptedGeneratorTable(() -> {
            assertThatThrownBy(() -> key.signHash(sh.brane.core.types.Hash.fromBytes(HASH)))
                    .isInstanceOf(SignatureException.class);
            assertThatThrownBy(() -> key.signPersonalMessage(new byte[] {1}))
                    .isInstanceOf(SignatureException.class);
            assertThatThrownBy(() -> new sh.brane.signer.LocalSigner("test", key).signDigest(sh.brane.core.types.Hash.fromBytes(HASH)))
                    .isInstanceOf(SignatureException.class);
        });
    }

    /**
     * Why the check exists: the same fault without the check gives a signature that, with the correct one over
     * the same hash, yields the private key ({@code d = e(s - s') / (s'r - sr')}).
     */
    @Test
    void withoutTheCheckAFaultySignatureRevealsTheKey() throws Exception {
        byte[] secret = PrivateKey.fromHex("4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318").toBytes();
        Signature good = Secp256k1.signUnchecked(HASH, secret);
        Signature[] faulty = new Signature[1];
        withCorruptedGeneratorTable(() -> faulty[0] = Secp256k1.signUnchecked(HASH, secret));
        java.math.BigInteger n = Secp256k1.N;
        java.math.BigInteger e = new java.math.BigInteger(1, HASH);
        java.math.BigInteger r = good.r();
        java.math.BigInteger r2 = faulty[0].r();
        assertThat(r2).isNotEqualTo(r);
        boolean found = false;
        for (java.math.BigInteger s : new java.math.BigInteger[] {good.s(), n.subtract(good.s())}) {
            for (java.math.BigInteger s2 : new java.math.BigInteger[] {faulty[0].s(), n.subtract(faulty[0].s())}) {
                java.math.BigInteger den = s2.multiply(r).subtract(s.multiply(r2)).mod(n);
                if (den.signum() == 0) {
                    continue;
                }
                java.math.BigInteger d = e.multiply(s.subtract(s2)).multiply(den.modInverse(n)).mod(n);
                found |= d.equals(new java.math.BigInteger(1, secret));
            }
        }
        assertThat(found).as("the private key follows from one faulty and one correct signature").isTrue();
    }

    /** Flips a bit in every x coordinate of the generator table's first window, so every k·G comes out wrong. */
    private static void withCorruptedGeneratorTable(ThrowingRunnable body) throws Exception {
        Field f = GeneratorTable.class.getDeclaredField("TABLE");
        f.setAccessible(true);
        int[] table = (int[]) f.get(null);
        int[] saved = table.clone();
        try {
            for (int entry = 0; entry < 16; entry++) {
                table[entry * 16 + 3] ^= 1 << 7;
            }
            body.run();
        } finally {
            System.arraycopy(saved, 0, table, 0, saved.length);
        }
    }

    @FunctionalInterface
    private interface ThrowingRunnable {
        void run() throws Exception;
    }
}
