package sh.brane.client.tx;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

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
        postgres = LocalPostgres.startOrSkip();
        url = postgres.createDatabase("payments");
        JdbcTransactionStore.migrate(pool());
    }

    static synchronized HikariDataSource pool() {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setUsername("postgres");
        config.setMaximumPoolSize(8);
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
}
