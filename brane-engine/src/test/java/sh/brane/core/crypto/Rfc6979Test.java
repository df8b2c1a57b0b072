package sh.brane.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.Random;

import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.signers.HMacDSAKCalculator;
import org.junit.jupiter.api.Test;

/** {@link Rfc6979} gives BouncyCastle's (and so web3j's) nonce sequence, including the rarely used later nonces. */
class Rfc6979Test {

    @Test
    void sameNoncesAsBouncyCastle() {
        Random random = new Random(6979);
        Rfc6979 ours = new Rfc6979();
        for (int c = 0; c < 200; c++) {
            byte[] secret = new byte[32];
            byte[] hash = new byte[32];
            random.nextBytes(secret);
            secret[0] &= 0x7f; // below n
            random.nextBytes(hash);
            if (c % 10 == 0) {
                java.util.Arrays.fill(hash, (byte) 0xff); // a hash above n is reduced first
            }
            HMacDSAKCalculator theirs = new HMacDSAKCalculator(new SHA256Digest());
            theirs.init(Secp256k1.N, new BigInteger(1, secret), hash);
            ours.init(Secp256k1.N, secret, hash);
            for (int i = 0; i < 3; i++) {
                assertThat(ours.nextK()).isEqualTo(theirs.nextK());
            }
            ours.clear();
        }
    }

    @Test
    void knownSecp256k1Vector() {
        // secp256k1 vector used across Ethereum libraries: key 1, message "Satoshi Nakamoto" (SHA-256)
        byte[] secret = new byte[32];
        secret[31] = 1;
        SHA256Digest d = new SHA256Digest();
        byte[] msg = "Satoshi Nakamoto".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        d.update(msg, 0, msg.length);
        byte[] hash = new byte[32];
        d.doFinal(hash, 0);
        Rfc6979 ours = new Rfc6979();
        ours.init(Secp256k1.N, secret, hash);
        assertThat(ours.nextK().toString(16))
                .isEqualTo("8f8a276c19f4149656b280621e358cce24f5f52542772691ee69063b74f15d15");
    }
}
