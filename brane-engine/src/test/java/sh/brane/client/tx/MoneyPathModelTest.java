package sh.brane.client.tx;

import java.io.IOException;
import java.util.List;
import java.util.UUID;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

import sh.brane.client.tx.ModelSteps.Step;

/**
 * The money path as a model, with one sender: random sequences of payments (some under idempotency keys), retries
 * with the key, refused payments sent again unchanged, speed-ups, cancels, every kind of refusal (through a
 * {@link sh.brane.testnode.ScriptedNode} answering with the clients' own texts), answers lost after pooling, a node
 * that forgets its pool, reads from a lagging replica, reorganisations of the last blocks, and restarts of the sender
 * (a new {@link TransactionSender} over the same journal); in memory and on H2 ({@link MoneyPathPostgresModelTest}:
 * several senders on one PostgreSQL). After each sequence everything is mined and checked:
 * <ul>
 * <li>every accepted payment is paid exactly once (each goes to its own recipient, so its balance tells), or, if
 * the journal reports it FAILED, DROPPED or REPLACED, it was paid nowhere and none of its bytes is still known to
 * the node; a cancelled one is paid at most once;</li>
 * <li>a payment refused at submission is never paid; a retry with a payment's key answers with its entry;</li>
 * <li>no nonce carries two different payments (entries at one nonce, REJECTED ones aside, belong to one payment and
 * its replacements);</li>
 * <li>no hole: the next payment takes the node's next nonce and is mined.</li>
 * </ul>
 * Each store has a fixed seed that runs in CI and a property with fresh seeds whose number of tries is
 * {@code jqwik.tries.default} (2 unless set, e.g. {@code -Djqwik.tries.default=200}). jqwik prints the seed of a failing
 * sequence and runs it first next time.
 */
class MoneyPathModelTest {
    private static ModelChain chain;

    @BeforeContainer
    static void start() throws IOException {
        chain = new ModelChain();
    }

    @AfterContainer
    static void stop() {
        if (chain != null) {
            chain.close();
        }
    }

    @Provide
    Arbitrary<List<Step>> sequences() {
        return ModelSteps.sequences(14);
    }

    @Property(tries = 12, seed = "20261129")
    void inMemoryFixedSeed(@ForAll("sequences") List<Step> steps) throws Exception {
        InMemoryTransactionStore store = new InMemoryTransactionStore();
        chain.reset().run(steps, 1, () -> store);
    }

    @Property
    void inMemoryFreshSeeds(@ForAll("sequences") List<Step> steps) throws Exception {
        InMemoryTransactionStore store = new InMemoryTransactionStore();
        chain.reset().run(steps, 1, () -> store);
    }

    @Property(tries = 8, seed = "42424242")
    void h2FixedSeed(@ForAll("sequences") List<Step> steps) throws Exception {
        try (HikariDataSource db = h2()) {
            chain.reset().run(steps, 1, () -> new JdbcTransactionStore(db));
        }
    }

    @Property
    void h2FreshSeeds(@ForAll("sequences") List<Step> steps) throws Exception {
        try (HikariDataSource db = h2()) {
            chain.reset().run(steps, 1, () -> new JdbcTransactionStore(db));
        }
    }

    private static HikariDataSource h2() {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl("jdbc:h2:mem:model-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
        config.setMaximumPoolSize(4);
        HikariDataSource ds = new HikariDataSource(config);
        JdbcTransactionStore.migrate(ds);
        return ds;
    }
}
