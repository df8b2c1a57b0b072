package sh.brane.example;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.DevAccount;
import sh.brane.devnet.LocalPostgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static sh.brane.example.ApiIntegrationTest.assertProblem;

/**
 * The {@code node,postgres} profiles with PostgreSQL stopped under the running service (a real server started by the
 * test, skipped saying why when PostgreSQL is not installed): health answers DOWN within its 5 s, and a payment gets a
 * 503 problem detail saying nothing was signed, not Spring's generic 500.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles({ "node", "postgres" })
@DirtiesContext
class DatabaseDownTest {

    private static final DevAccount PAYER = DevAccount.defaults().get(6);
    private static final String API_PASSWORD = "test-only-api-password-0123";
    private static Anvil node;
    private static LocalPostgres postgres;

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void externalNodeAndDatabase(DynamicPropertyRegistry registry) throws Exception {
        assumeTrue(LocalPostgres.binaries().isPresent(), LocalPostgres.NOT_INSTALLED);
        postgres = LocalPostgres.start();
        String url = postgres.createDatabase("payments");
        node = Anvil.start();
        registry.add("BRANE_JOURNAL_URL", () -> url);
        registry.add("BRANE_JOURNAL_USERNAME", () -> "postgres");
        registry.add("brane.rpc.url", node::httpUrl);
        registry.add("brane.rpc.expected-chain-id", () -> String.valueOf(node.chainId()));
        registry.add("brane.signer.private-key", PAYER::privateKey);
        registry.add("app.traffic.enabled", () -> "false");
        registry.add("app.api.password", () -> API_PASSWORD);
    }

    @AfterAll
    static void stop() throws Exception {
        if (node != null) {
            node.close();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    @Test
    void withTheDatabaseDownHealthAnswersInTimeAndAPaymentIsA503Problem() throws Exception {
        Http http = new Http(port).withBasicAuth("payments", API_PASSWORD);
        String transfer = "{\"to\":\"0x70997970C51812dc3A010C7d01b50e0d17dc79C8\",\"amount\":\"0.01\"}";
        assertThat(http.post("/api/transfers", transfer).status()).isEqualTo(202);

        postgres.close();

        long t0 = System.nanoTime();
        Http.Response health = http.get("/actuator/health");
        long healthMillis = (System.nanoTime() - t0) / 1_000_000;
        assertThat(health.status()).as(health.toString()).isEqualTo(503);
        assertThat(healthMillis).as("health answered in %d ms", healthMillis).isLessThan(5_000);

        t0 = System.nanoTime();
        assertProblem(http.post("/api/transfers", transfer), 503, "nothing was signed or sent");
        assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(5_000);
    }
}
