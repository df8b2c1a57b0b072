package sh.brane.example;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import sh.brane.client.tx.JdbcTransactionStore;
import sh.brane.client.tx.TransactionStore;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.DevAccount;
import sh.brane.devnet.LocalPostgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The {@code node,postgres} profiles: the journal in a real PostgreSQL server (started by the test, skipped saying
 * why when PostgreSQL is not installed) reached through the documented {@code BRANE_JOURNAL_*} variables; a transfer
 * is journalled there before it is broadcast.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles({ "node", "postgres" })
@DirtiesContext
class PostgresProfileTest {

    private static final DevAccount PAYER = DevAccount.defaults().get(3);
    private static final String API_PASSWORD = "test-only-api-password-0123";
    private static Anvil node;
    private static LocalPostgres postgres;
    private static String url;

    @LocalServerPort
    int port;

    @Autowired
    TransactionStore journal;

    @DynamicPropertySource
    static void externalNodeAndDatabase(DynamicPropertyRegistry registry) throws Exception {
        assumeTrue(LocalPostgres.binaries().isPresent(), LocalPostgres.NOT_INSTALLED);
        postgres = LocalPostgres.start();
        url = postgres.createDatabase("payments");
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
    void aTransferIsJournalledInPostgresql() throws Exception {
        assertThat(journal).isInstanceOf(JdbcTransactionStore.class);
        Http http = new Http(port).withBasicAuth("payments", API_PASSWORD);
        Http.Response r = http.post("/api/transfers",
                "{\"to\":\"0x70997970C51812dc3A010C7d01b50e0d17dc79C8\",\"amount\":\"0.5\"}");
        assertThat(r.status()).as(r.toString()).isEqualTo(202);
        String hash = r.json().get("hash").asString();
        try (Connection c = DriverManager.getConnection(url, "postgres", "");
                PreparedStatement ps = c.prepareStatement("SELECT account FROM brane_tx_journal WHERE hash = ?")) {
            ps.setString(1, hash);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).as("journal row of %s in PostgreSQL", hash).isTrue();
                assertThat(rs.getString(1)).isEqualToIgnoringCase(PAYER.address());
            }
        }
    }
}
