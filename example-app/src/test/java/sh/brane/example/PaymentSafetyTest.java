package sh.brane.example;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.tx.JournalEntry;
import sh.brane.client.tx.NonceSigner;
import sh.brane.client.tx.TransactionStore;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.types.Address;
import sh.brane.devnet.test.AutoConfigureBrane;
import sh.brane.example.security.FailedLoginThrottle;
import sh.brane.example.token.TokenService;
import sh.brane.example.transfer.TransactionSender;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static sh.brane.example.ApiIntegrationTest.assertProblem;
import static sh.brane.example.ApiIntegrationTest.ok;

/**
 * A retried payment pays once (Idempotency-Key), the journal answers for what it signed, and the refusals of
 * issue 36's finding 10: the zero address, a JSON key given twice, the actuator without credentials, a password
 * guessed at network speed. Same context as {@link ApiIntegrationTest} (the development Anvil the app starts).
 */
@AutoConfigureBrane(devnet = true)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ExtendWith(OutputCaptureExtension.class)
class PaymentSafetyTest {

    /** Anvil's well-known dev account 7: not the app's signer, so no tracker of the app follows its journal rows. */
    private static final PrivateKey OTHER_DEV_KEY =
            PrivateKey.fromHex("0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356");

    @LocalServerPort
    int port;

    @Value("${app.api.username}")
    String username;

    @Value("${app.api.password}")
    String password;

    @Autowired
    TransactionStore journal;

    @Autowired
    BraneClient client;

    @Autowired
    TokenService tokens;

    @Autowired
    TransactionSender sender;

    @Autowired
    FailedLoginThrottle throttle;

    private Http payer() {
        return new Http(port).withBasicAuth(username, password);
    }

    private static String freshAddress() {
        return PrivateKey.random(new SecureRandom()).address().toChecksumString();
    }

    private static String transfer(String to, String amount) {
        return "{\"to\":\"" + to + "\",\"amount\":\"" + amount + "\"}";
    }

    @Test
    void theSamePostWithTheSameIdempotencyKeyPaysOnceAndAnswersTheSameHash() {
        String to = freshAddress();
        String key = "order-" + UUID.randomUUID();
        Http.Response first = payer().post("/api/transfers", transfer(to, "0.25"), "Idempotency-Key", key);
        assertThat(first.status()).as(first.toString()).isEqualTo(202);
        String hash = first.json().get("hash").asString();

        Http.Response retry = payer().post("/api/transfers", transfer(to, "0.25"), "Idempotency-Key", key);
        assertThat(retry.status()).as(retry.toString()).isEqualTo(200);
        assertThat(retry.json().get("hash").asString()).isEqualTo(hash);

        JsonNode conflict = assertProblem(payer().post("/api/transfers", transfer(to, "0.5"), "Idempotency-Key", key),
                422, "'" + key + "' was used for transfer " + hash);
        assertThat(conflict.get("hash").asString()).isEqualTo(hash);

        // the lookup for a caller whose POST got no answer
        assertThat(ok(new Http(port).get("/api/transfers?idempotencyKey=" + key)).get("hash").asString())
                .isEqualTo(hash);
        assertProblem(new Http(port).get("/api/transfers?idempotencyKey=never-used-" + key), 404,
                "no transfer was journalled");
        awaitBalance(to, new BigInteger("250000000000000000"));
        assertThat(payer().post("/api/transfers", transfer(to, "0.25"), "Idempotency-Key", key).json().get("hash")
                .asString()).as("after it was mined too").isEqualTo(hash);
        assertThat(client.getBalance(Address.of(to))).as("paid once").isEqualTo(new BigInteger("250000000000000000"));
    }

    @Test
    void aTransferJournalledButNotYetBroadcastIsAnsweredFromTheJournal() {
        Address from = OTHER_DEV_KEY.address();
        long nonce = client.getTransactionCount(from, BlockTag.PENDING);
        NonceSigner sign = n -> Eip1559Transaction.builder().chainId(31337).nonce(n).to(Address.of(freshAddress()))
                .value(1).gasLimit(21_000).maxFeePerGas(BigInteger.valueOf(100_000_000_000L))
                .maxPriorityFeePerGas(BigInteger.ONE).build().sign(OTHER_DEV_KEY);
        JournalEntry signed = journal.allocateAndRecord(31337, from, "test", () -> nonce, false, sign).orElseThrow();
        assertThat(client.getTransactionByHash(signed.hash())).as("the node does not know it").isEmpty();

        JsonNode status = ok(new Http(port).get("/api/transfers/" + signed.hash().toHex()));
        assertThat(status.get("status").asString()).isEqualTo("PENDING");
        assertThat(status.get("journalState").asString()).isEqualTo("SIGNED");
        assertThat(status.get("nonce").asLong()).isEqualTo(signed.nonce());
    }

    @Test
    void theZeroAddressIsRefusedAsRecipient() {
        assertProblem(payer().post("/api/transfers", transfer("0x0000000000000000000000000000000000000000", "1")),
                400, "zero address");
    }

    @Test
    void aJsonKeyGivenTwiceIsRefused() {
        String to = freshAddress();
        assertProblem(payer().post("/api/transfers", "{\"to\":\"" + to + "\",\"amount\":\"1\",\"amount\":\"1000\"}"),
                400, "Duplicate Object property \"amount\"");
        assertThat(client.getBalance(Address.of(to))).isZero();
    }

    @Test
    void theActuatorButHealthAndInfoNeedsTheCredential() {
        Http anonymous = new Http(port);
        for (String path : List.of("/actuator/brane", "/actuator/metrics", "/actuator/prometheus", "/actuator")) {
            assertProblem(anonymous.get(path), 401, "credential");
        }
        assertThat(anonymous.get("/actuator/health").status()).isIn(200, 503);
        assertThat(payer().get("/actuator/brane").status()).isEqualTo(200);
        assertThat(payer().get("/actuator/metrics").status()).isEqualTo(200);
    }

    private void awaitBalance(String address, BigInteger expected) {
        long deadline = System.nanoTime() + 15_000_000_000L;
        while (!client.getBalance(Address.of(address)).equals(expected) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    @Test
    void failedLoginsAreLoggedWithoutThePasswordAndThrottled(CapturedOutput output) {
        try {
            throttledAfterTenFailures(output);
        } finally {
            throttle.clear(); // the context is shared with the other API tests, all from 127.0.0.1
        }
    }

    private void throttledAfterTenFailures(CapturedOutput output) {
        Http wrong = new Http(port).withBasicAuth(username, "wrong-password-guess-1234");
        int unauthorized = 0;
        Http.Response last = null;
        for (int i = 0; i < 12; i++) {
            last = wrong.post("/api/transfers", transfer(freshAddress(), "1"));
            if (last.status() == 401) {
                unauthorized++;
            }
        }
        assertThat(unauthorized).isLessThanOrEqualTo(10);
        assertProblem(last, 429, "try again in");
        // the right password from the throttled address waits for the window too
        assertThat(payer().post("/api/transfers", transfer(freshAddress(), "0.001")).status()).isEqualTo(429);
        assertThat(output.getAll()).contains("failed API login from 127.0.0.1 as user \"" + username + "\"")
                .doesNotContain("wrong-password-guess-1234");
    }

    @Test
    void aRestartOnTheSameJournalUsesTheTokenItDeployed() {
        long nonce = client.getTransactionCount(sender.from(), BlockTag.PENDING);
        TokenService again = new TokenService(client, sender, "", 1_000_000);
        assertThat(again.address()).isEqualTo(tokens.address());
        assertThat(client.getTransactionCount(sender.from(), BlockTag.PENDING)).as("nothing deployed").isEqualTo(nonce);
    }
}
