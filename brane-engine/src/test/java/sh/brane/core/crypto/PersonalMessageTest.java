package sh.brane.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.web3j.crypto.ECKeyPair;
import org.web3j.crypto.Sign;

import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;
import sh.brane.primitives.InvalidEncodingException;
import sh.brane.primitives.Keccak256;

class PersonalMessageTest {

    private static final long SEED = 191L;

    @Test
    void hashIsThePrefixedKeccak() {
        byte[] expected = Keccak256.hash("\u0019Ethereum Signed Message:\n11hello world".getBytes(StandardCharsets.UTF_8));
        assertThat(PersonalMessage.hash("hello world")).isEqualTo(expected);
        assertThat(PersonalMessage.hash(new byte[0]))
                .isEqualTo(Keccak256.hash("\u0019Ethereum Signed Message:\n0".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void signaturesMatchWeb3jAndRecoverTheSigner() throws Exception {
        SecureRandom keys = SecureRandom.getInstance("SHA1PRNG");
        keys.setSeed(SEED);
        Random random = new Random(SEED);
        for (int i = 0; i < 300; i++) {
            PrivateKey key = PrivateKey.random(keys);
            byte[] message = new byte[random.nextInt(i % 50 == 0 ? 2000 : 100)];
            random.nextBytes(message);
            String context = "seed=" + SEED + " case=" + i + " message=" + Hex.encode(message);
            Signature ours = PersonalMessage.sign(message, key);
            Sign.SignatureData theirs = Sign.signPrefixedMessage(message, ECKeyPair.create(new BigInteger(1, key.toBytes())));
            byte[] ours65 = ours.toBytes65();
            assertThat(java.util.Arrays.copyOfRange(ours65, 0, 32)).as(context).isEqualTo(theirs.getR());
            assertThat(java.util.Arrays.copyOfRange(ours65, 32, 64)).as(context).isEqualTo(theirs.getS());
            assertThat(ours65[64]).as(context).isEqualTo(theirs.getV()[0]);
            assertThat(PersonalMessage.recoverSigner(message, ours65)).as(context).isEqualTo(key.address());
            byte[] v01 = ours65.clone();
            v01[64] -= 27;
            assertThat(PersonalMessage.recoverSigner(message, v01)).as(context).isEqualTo(key.address());
            assertThat(PersonalMessage.verify(message, ours65, key.address())).as(context).isTrue();
            byte[] other = message.clone();
            other = java.util.Arrays.copyOf(other, other.length + 1);
            assertThat(PersonalMessage.verify(other, ours65, key.address())).as(context).isFalse();
        }
    }

    @Test
    void malformedSignaturesAreRejected() {
        byte[] sig = new byte[65];
        sig[64] = 29;
        assertThatThrownBy(() -> PersonalMessage.recoverSigner("x", sig)).isInstanceOf(InvalidEncodingException.class)
                .hasMessageContaining("v must be 0, 1, 27 or 28, got 29");
        assertThatThrownBy(() -> PersonalMessage.recoverSigner("x", new byte[64])).isInstanceOf(InvalidEncodingException.class)
                .hasMessageContaining("65 bytes");
        assertThatThrownBy(() -> PersonalMessage.recoverSigner("x", new byte[65])).isInstanceOf(SignatureException.class);
        assertThat(PersonalMessage.verify("x".getBytes(), new byte[3], Address.ZERO)).isFalse();
    }
}
