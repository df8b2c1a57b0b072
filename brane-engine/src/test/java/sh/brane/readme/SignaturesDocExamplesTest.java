package sh.brane.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;

import sh.brane.client.BraneClient;
import sh.brane.client.auth.SignatureVerification;
import sh.brane.client.auth.SignatureVerifier;
import sh.brane.client.auth.SiweExpectations;
import sh.brane.client.auth.SiweMessage;
import sh.brane.client.auth.SiweVerification;
import sh.brane.client.auth.SiweVerifier;
import sh.brane.core.crypto.PersonalMessage;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.junit.WithAnvil;
import sh.brane.rpc.HttpProvider;

/** The examples of docs/signatures.md, kept compiling and true, on a real Anvil. */
@WithAnvil
class SignaturesDocExamplesTest {
    static Anvil anvil;

    @Test
    void verifyAndSignIn() {
        PrivateKey wallet = PrivateKey.fromHex(anvil.account(1).privateKey());
        Address account = wallet.address();
        try (HttpProvider provider = HttpProvider.create(anvil.httpUrl());
                BraneClient client = new BraneClient(provider)) {
            byte[] walletSignature = PersonalMessage.sign("Sign in to example.com", wallet).toBytes65();

            SignatureVerifier signatures = new SignatureVerifier(client);
            SignatureVerification check = signatures.verifyMessage(account, "Sign in to example.com", walletSignature);
            assertThat(check.valid()).isTrue();
            assertThat(check.method()).isEqualTo(SignatureVerification.Method.ECRECOVER);
            assertThat(check.reason()).isNull();

            Instant now = Instant.parse("2026-01-01T12:00:00Z");
            String nonce = "Xa81kq93Lm";
            SiweMessage message = SiweMessage.builder()
                    .domain("example.com").address(account).statement("Sign in to Example")
                    .uri("https://example.com/login").chainId(client.chainId()).nonce(nonce)
                    .issuedAt(now).expirationTime(now.plusSeconds(600))
                    .build();
            String text = message.toMessage();
            byte[] loginSignature = PersonalMessage.sign(text, wallet).toBytes65();

            Clock clock = Clock.fixed(now.plusSeconds(30), ZoneOffset.UTC);
            SiweVerification login = new SiweVerifier(signatures)
                    .verify(text, loginSignature, SiweExpectations.of("example.com", nonce, clock));
            assertThat(login.valid()).as(login.toString()).isTrue();

            SiweVerification late = new SiweVerifier(signatures).verify(text, loginSignature,
                    SiweExpectations.of("example.com", nonce, Clock.fixed(now.plusSeconds(601), ZoneOffset.UTC)));
            assertThat(late.field()).isEqualTo("expiration-time");
        }
    }
}
