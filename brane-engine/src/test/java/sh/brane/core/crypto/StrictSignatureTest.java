package sh.brane.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.junit.jupiter.api.Test;

import sh.brane.core.types.Address;

/**
 * Issue 11 item 5: for every valid signature (r, s, v) there is a twin (r, n - s, v ^ 1) that recovers to the
 * same signer. Where a signature identifies a user or keys a replay check (logins, permits, "seen" tables), the
 * twin must not pass: the strict default refuses s above n/2 (EIP-2), as Ethereum does for transactions.
 */
class StrictSignatureTest {

    private static final PrivateKey KEY =
            PrivateKey.fromHex("4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318");
    private static final byte[] MESSAGE = "Sign in to example.com, nonce 7".getBytes(StandardCharsets.UTF_8);

    static Signature highSTwin(Signature low) {
        return Signature.of(low.r(), Secp256k1.N.subtract(low.s()), low.yParity() ^ 1);
    }

    @Test
    void theTwinRecoversToTheSameSignerUnderLenientRules() {
        byte[] hash = PersonalMessage.hash(MESSAGE);
        Signature low = KEY.signHash(hash);
        Signature high = highSTwin(low);
        assertThat(low.isLowS()).isTrue();
        assertThat(high.isLowS()).isFalse();
        assertThat(Secp256k1.recoverAddress(hash, high)).as("chain data keeps reading leniently").isEqualTo(KEY.address());
        assertThat(Secp256k1.recoverAddress(hash, high, SignatureCheck.LENIENT)).isEqualTo(KEY.address());
        assertThat(Secp256k1.verify(hash, high, KEY.address(), SignatureCheck.LENIENT)).isTrue();
        assertThat(PersonalMessage.verify(MESSAGE, high.toBytes65(), KEY.address(), SignatureCheck.LENIENT)).isTrue();
    }

    @Test
    void strictIsTheDefaultWhereASignatureIsAnIdentity() {
        byte[] hash = PersonalMessage.hash(MESSAGE);
        Signature low = KEY.signHash(hash);
        Signature high = highSTwin(low);
        Address signer = KEY.address();

        assertThat(Secp256k1.verify(hash, low, signer)).isTrue();
        assertThat(Secp256k1.verify(hash, high, signer)).isFalse();
        assertThat(PersonalMessage.verify(MESSAGE, low.toBytes65(), signer)).isTrue();
        assertThat(PersonalMessage.verify(MESSAGE, high.toBytes65(), signer)).isFalse();
        assertThat(PersonalMessage.recoverSigner(MESSAGE, low.toBytes65())).isEqualTo(signer);
        assertThatThrownBy(() -> PersonalMessage.recoverSigner(MESSAGE, high.toBytes65()))
                .isInstanceOf(SignatureException.class).hasMessageContaining("n/2")
                .hasMessageContaining("SignatureCheck.LENIENT");
        assertThatThrownBy(() -> PersonalMessage.recoverSigner(new String(MESSAGE, StandardCharsets.UTF_8),
                high.toBytes65())).isInstanceOf(SignatureException.class);
        assertThatThrownBy(() -> Secp256k1.recoverAddress(hash, high, SignatureCheck.STRICT))
                .isInstanceOf(SignatureException.class).hasMessageContaining("n/2");
    }

    @Test
    void eip712RecoverSignerIsStrict() {
        TypedData data = TypedData.builder()
                .domain(TypedData.Domain.of("Login", "1", 1, Address.of("0x1111111111111111111111111111111111111111")))
                .type("Login", "string", "nonce")
                .message("Login", Map.of("nonce", "abc"))
                .build();
        Signature low = Eip712.sign(data, KEY);
        Signature high = highSTwin(low);
        assertThat(Eip712.recoverSigner(data, low.toBytes65())).isEqualTo(KEY.address());
        assertThatThrownBy(() -> Eip712.recoverSigner(data, high.toBytes65()))
                .isInstanceOf(SignatureException.class).hasMessageContaining("n/2");
        assertThat(Eip712.recoverSigner(data, high.toBytes65(), SignatureCheck.LENIENT)).isEqualTo(KEY.address());
    }

    @Test
    void vOutsideTheFourValuesIsRefusedInEveryMode() {
        byte[] sig = KEY.signHash(PersonalMessage.hash(MESSAGE)).toBytes65();
        for (int v : new int[] {2, 26, 29, 37, 255}) {
            sig[64] = (byte) v;
            byte[] bad = sig.clone();
            assertThatThrownBy(() -> PersonalMessage.recoverSigner(MESSAGE, bad))
                    .hasMessageContaining("v must be 0, 1, 27 or 28");
            assertThat(PersonalMessage.verify(MESSAGE, bad, KEY.address(), SignatureCheck.LENIENT)).isFalse();
        }
    }

    @Test
    void highSEdge() {
        // s = n/2 is low (allowed), n/2 + 1 is high
        BigInteger half = Secp256k1.N.shiftRight(1);
        assertThat(Signature.of(BigInteger.ONE, half, 0).isLowS()).isTrue();
        assertThat(Signature.of(BigInteger.ONE, half.add(BigInteger.ONE), 0).isLowS()).isFalse();
    }
}
