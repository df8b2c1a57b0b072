package sh.brane.client.tx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.concurrent.TimeUnit;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

import sh.brane.client.BlockTag;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.devnet.LocalPostgres;

/**
 * The money path with the JDBC store on a real PostgreSQL server started by the test (skipped, saying why, when
 * PostgreSQL is not installed). Each "instance" has its own connection pool, as separate service instances would.
 */
class PostgresTransactionLifecycleTest extends TransactionLifecycleTestBase {
    private static final List<HikariDataSource> POOLS = new ArrayList<>();
    private static LocalPostgres postgres;
    private static String url;

    @BeforeAll
    static void database() throws Exception {
        assumeTrue(LocalPostgres.binaries().isPresent(), LocalPostgres.NOT_INSTALLED);
        postgres = LocalPostgres.start();
        url = postgres.createDatabase("payments");
        JdbcTransactionStore.migrate(pool());
    }

    static synchronized HikariDataSource pool() {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setUsername("postgres");
        config.setMaximumPoolSize(8);
        config.setMinimumIdle(1); // a pool per store: connections only when used, under PostgreSQL's limit of 100
        HikariDataSource ds = new HikariDataSource(config);
        POOLS.add(ds);
        return ds;
    }

    @AfterAll
    static synchronized void stopDatabase() throws Exception {
        POOLS.forEach(HikariDataSource::close);
        if (postgres != null) {
            postgres.close();
        }
    }

    @Override
    TransactionStore newStore() {
        return new JdbcTransactionStore(pool());
    }

    @Test
    void fourInstancesSendTwoThousandTransfersFromOneAccount() throws Exception {
        instancesShareOneAccount(4, 4, 2_000);
    }

    /** A real process is killed (SIGKILL) after journalling and before broadcasting; another instance takes over. */
    @Test
    void anInstanceKilledBetweenSigningAndBroadcastingIsCompletedByAnotherOnce() throws Exception {
        PrivateKey key = freshKey(anvil);
        Address grace = randomAddress();
        long start = client.getTransactionCount(key.address(), BlockTag.PENDING);
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process victim = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                SignThenWaitMain.class.getName(), url, anvil.httpUrl(), anvil.account(accountIndexOf(key)).privateKey(),
                grace.toHex(), "4242").redirectErrorStream(true).start();
        String line;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(victim.getInputStream()))) {
            do {
                line = out.readLine();
            } while (line != null && !line.startsWith("SIGNED "));
        } finally {
            victim.destroyForcibly(); // SIGKILL: no shutdown hook, no broadcast
            victim.waitFor(30, TimeUnit.SECONDS);
        }
        assertThat(line).as("the instance signed before it was killed").isNotNull();
        Hash hash = Hash.of(line.split(" ")[1]);
        assertThat(Long.parseLong(line.split(" ")[2])).isEqualTo(start);
        assertThat(client.getTransactionByHash(hash)).as("nothing was broadcast").isEmpty();

        TransactionSender survivor = sender(client, key, newStore(), SendLimits.NONE);
        Recorder events = new Recorder();
        survivor.addListener(events);
        TransactionTracker tracker = survivor.tracker(1, Duration.ofMillis(50), Duration.ZERO);
        tracker.poll();
        tracker.poll();
        assertThat(events.statesOf(hash)).as("sent once").containsExactly(TxState.SENT);
        settle(client, tracker, survivor, 1);
        assertThat(survivor.store().find(hash).orElseThrow().state()).isEqualTo(TxState.CONFIRMED);
        assertThat(client.getTransactionCount(key.address(), BlockTag.LATEST)).isEqualTo(start + 1);
        assertThat(client.getBalance(grace)).as("the ledger balances").isEqualTo(4242);
        assertThat(send(survivor, 1).nonce()).isEqualTo(start + 1);
    }

    private static int accountIndexOf(PrivateKey key) {
        for (int i = 0; i < anvil.accounts().size(); i++) {
            if (Address.of(anvil.account(i).address()).equals(key.address())) {
                return i;
            }
        }
        throw new IllegalArgumentException("not a dev account");
    }
}
