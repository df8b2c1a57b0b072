package sh.brane.client.tx;

import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import net.jqwik.api.lifecycle.LifecycleContext;
import net.jqwik.api.lifecycle.SkipExecutionHook;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

import sh.brane.client.tx.ModelSteps.Step;
import sh.brane.devnet.LocalPostgres;

/**
 * The model of {@link MoneyPathModelTest} with three app instances sending for one account: each its own
 * {@link TransactionSender}, tracker and connection pool over one journal and nonce store on a real PostgreSQL
 * (started by the test; skipped, saying why, when PostgreSQL is not installed). Steps name the instance they run on:
 * payments, speed-ups and cancels from any of them, a retry with a payment's idempotency key on another, a tracker
 * pass of one, an instance restarted (a sender rebuilt over the same database). The invariants are the same.
 */
@AddLifecycleHook(MoneyPathPostgresModelTest.WithPostgres.class)
class MoneyPathPostgresModelTest {
    private static final int INSTANCES = 3;
    private static ModelChain chain;
    private static LocalPostgres postgres;
    private static String url;

    /** Skips the whole class, saying why, where PostgreSQL is not installed. */
    static final class WithPostgres implements SkipExecutionHook {
        @Override
        public SkipResult shouldBeSkipped(LifecycleContext context) {
            return LocalPostgres.binaries().isPresent() ? SkipResult.doNotSkip()
                    : SkipResult.skip(LocalPostgres.NOT_INSTALLED);
        }
    }

    @BeforeContainer
    static void start() throws Exception {
        postgres = LocalPostgres.start();
        url = postgres.createDatabase("model");
        try (HikariDataSource db = pool()) {
            JdbcTransactionStore.migrate(db);
        }
        chain = new ModelChain();
    }

    @AfterContainer
    static void stop() throws Exception {
        if (chain != null) {
            chain.close();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    private static HikariDataSource pool() {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setUsername("postgres");
        config.setMaximumPoolSize(2);
        config.setMinimumIdle(0);
        return new HikariDataSource(config);
    }

    @Provide
    Arbitrary<List<Step>> sequences() {
        return ModelSteps.sequences(16);
    }

    @Property(tries = 10, seed = "36363636")
    void threeInstancesFixedSeed(@ForAll("sequences") List<Step> steps) throws Exception {
        run(steps);
    }

    @Property
    void threeInstancesFreshSeeds(@ForAll("sequences") List<Step> steps) throws Exception {
        run(steps);
    }

    /** Each try on an empty journal (the chain is back at its snapshot); each instance, each restart a new pool. */
    private static void run(List<Step> steps) throws Exception {
        List<HikariDataSource> pools = new ArrayList<>();
        try {
            try (HikariDataSource db = pool(); Connection c = db.getConnection(); Statement st = c.createStatement()) {
                st.execute("TRUNCATE brane_tx_journal, brane_tx_nonce, brane_tx_released_nonce, brane_tx_chain,"
                        + " brane_tx_idempotency");
            }
            chain.reset().run(steps, INSTANCES, () -> {
                HikariDataSource db = pool();
                pools.add(db);
                return new JdbcTransactionStore(db);
            });
        } finally {
            pools.forEach(HikariDataSource::close);
        }
    }
}
