package sh.brane.example;

import java.nio.file.Files;

import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import sh.brane.client.tx.JdbcTransactionStore;
import sh.brane.core.types.Hash;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.DevAccount;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static sh.brane.example.ApiIntegrationTest.assertProblem;

/**
 * The {@code node} profile started with a kept journal that was written on another chain with the same chain id
 * (here: bound to a made-up genesis block, as a dev node reset since the last run would leave it): a transfer is
 * refused before anything is signed with a problem no client retries (500, {@code retryable: false}; it was a 503),
 * and the node receives nothing.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("node")
class JournalOnAnotherChainTest {

    private static final String ACCOUNT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    private static final String API_PASSWORD = "test-only-api-password-0123";
    private static final Hash OTHER_GENESIS = Hash.of("0x" + "ab".repeat(32));

    private static Anvil anvil;

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void nodeAndKeptJournal(DynamicPropertyRegistry registry) throws Exception {
        anvil = Anvil.builder().start();
        String url = "jdbc:h2:file:" + Files.createTempDirectory("brane-journal-other-chain").resolve("journal");
        JdbcDataSource journal = new JdbcDataSource();
        journal.setURL(url);
        journal.setUser("sa");
        JdbcTransactionStore.migrate(journal);
        new JdbcTransactionStore(journal).bindGenesis(anvil.chainId(), OTHER_GENESIS);

        registry.add("spring.datasource.url", () -> url);
        registry.add("brane.rpc.url", anvil::httpUrl);
        registry.add("brane.signer.private-key", () -> DevAccount.defaults().get(0).privateKey());
        registry.add("brane.rpc.expected-chain-id", () -> String.valueOf(anvil.chainId()));
        registry.add("app.token.address", () -> "0x5FbDB2315678afecb367f032d93F642f64180aa3");
        registry.add("app.traffic.enabled", () -> "false");
        registry.add("app.api.password", () -> API_PASSWORD);
    }

    @AfterAll
    static void stopNode() {
        if (anvil != null) {
            anvil.close();
        }
    }

    @Test
    void aTransferIsRefusedBeforeSigningAndTheNodeGetsNothing() {
        Http http = new Http(port).withBasicAuth("payments", API_PASSWORD);
        assertThat(http.get("/api/chain").status()).as("reads still work").isEqualTo(200);

        JsonNode problem = assertProblem(http.post("/api/transfers", "{\"to\":\"" + ACCOUNT + "\",\"amount\":\"1\"}"),
                500, "another genesis block");
        assertThat(problem.get("type").asString()).endsWith("/journal-chain-mismatch");
        assertThat(problem.get("retryable").asBoolean()).isFalse();
        assertThat(problem.get("detail").asString()).contains("nothing was signed or sent")
                .doesNotContain(OTHER_GENESIS.toHex()).doesNotContain("127.0.0.1");

        JsonNode nonce = rpc("eth_getTransactionCount");
        assertThat(nonce.asString()).as("the node received no transaction").isEqualTo("0x0");
    }

    private static JsonNode rpc(String method) {
        try (sh.brane.rpc.HttpProvider p = sh.brane.rpc.HttpProvider.create(anvil.httpUrl())) {
            return p.send(method, java.util.List.of(DevAccount.defaults().get(0).address(), "pending"));
        }
    }
}
