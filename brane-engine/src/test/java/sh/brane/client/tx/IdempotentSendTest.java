package sh.brane.client.tx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.SigningClient;
import sh.brane.client.TxRequest;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.LocalPostgres;
import sh.brane.rpc.HttpProvider;
import sh.brane.signer.LocalSigner;

/**
 * Idempotent submission against a real Anvil (mining on {@code evm_mine} only), with each store: in memory, H2 and
 * PostgreSQL (skipped, saying why, when PostgreSQL is not installed). For the JDBC stores every "instance" is a store
 * with its own connection pool on one database, as separate service instances would be.
 */
class IdempotentSendTest {
    private static final BigInteger GWEI = BigInteger.valueOf(1_000_000_000L);
    private static final List<HikariDataSource> POOLS = new ArrayList<>();
    private static Anvil anvil;
    private static HttpProvider provider;
    private static BraneClient client;
    private static LocalPostgres postgres;
    private static String h2Url;
    private static String postgresUrl;
    private static int nextAccount = 1;

    @BeforeAll
    static void start() throws Exception {
        anvil = Anvil.builder().noMining().accounts(30).start();
        provider = HttpProvider.create(anvil.httpUrl());
        client = new BraneClient(provider, Duration.ofMillis(20));
        h2Url = "jdbc:h2:mem:brane-idem-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
        JdbcTransactionStore.migrate(pool(h2Url));
        if (LocalPostgres.binaries().isPresent()) {
            postgres = LocalPostgres.start();
            postgresUrl = postgres.createDatabase("idem");
            JdbcTransactionStore.migrate(pool(postgresUrl));
        }
    }

    @AfterAll
    static synchronized void stop() throws Exception {
        POOLS.forEach(HikariDataSource::close);
        if (postgres != null) {
            postgres.close();
        }
        if (client != null) {
            client.close();
        }
        if (provider != null) {
            provider.close();
        }
        if (anvil != null) {
            anvil.close();
        }
    }

    private static synchronized HikariDataSource pool(String url) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        if (url.startsWith("jdbc:postgresql")) {
            config.setUsername("postgres");
        }
        config.setMaximumPoolSize(4);
        config.setMinimumIdle(1);
        HikariDataSource ds = new HikariDataSource(config);
        POOLS.add(ds);
        return ds;
    }

    /** A factory of stores for one journal: each call is another instance of the service on the same journal. */
    private static Supplier<TransactionStore> journal(String kind) {
        return switch (kind) {
            case "memory" -> {
                InMemoryTransactionStore one = new InMemoryTransactionStore();
                yield () -> one;
            }
            case "h2" -> () -> new JdbcTransactionStore(pool(h2Url));
            case "postgres" -> {
                assumeTrue(postgres != null, LocalPostgres.NOT_INSTALLED);
                yield () -> new JdbcTransactionStore(pool(postgresUrl));
            }
            default -> throw new IllegalArgumentException(kind);
        };
    }

    private static synchronized PrivateKey freshKey() {
        return PrivateKey.fromHex(anvil.account(nextAccount++).privateKey());
    }

    private static TransactionSender sender(PrivateKey key, TransactionStore store) {
        return new TransactionSender(client, new LocalSigner("test", key), ChainIdGuard.pinned(Anvil.DEFAULT_CHAIN_ID),
                SendLimits.NONE, store);
    }

    private static java.util.function.LongFunction<sh.brane.core.tx.Transaction> pay(Address to, long value,
            long maxFeeGwei) {
        return nonce -> TransactionLifecycleTestBase.transfer(nonce, to, value, GWEI.multiply(
                BigInteger.valueOf(maxFeeGwei)));
    }

    private static Address randomAddress() {
        return Address.fromBytes(new java.security.SecureRandom().generateSeed(20));
    }

    @ParameterizedTest
    @ValueSource(strings = {"memory", "h2", "postgres"})
    void aRetriedSendReturnsTheSameEntryAndPaysOnce(String kind) {
        Supplier<TransactionStore> journal = journal(kind);
        PrivateKey key = freshKey();
        TransactionSender s = sender(key, journal.get());
        Address shop = randomAddress();
        long start = client.getTransactionCount(key.address(), BlockTag.PENDING);
        IdempotencyKey order = IdempotencyKey.of("order-" + kind + "-1");

        JournalEntry first = s.send(order, pay(shop, 1_000, 20));
        // the retry quotes its fees afresh: another payment only by its fees, so the same payment
        JournalEntry again = s.send(order, pay(shop, 1_000, 30));

        assertThat(again.hash()).isEqualTo(first.hash());
        assertThat(again.nonce()).isEqualTo(first.nonce()).isEqualTo(start);
        assertThat(s.store().nextNonce(Anvil.DEFAULT_CHAIN_ID, key.address())).as("one nonce taken").isEqualTo(start + 1);
        assertThat(s.findByKey(order).orElseThrow().entry().hash()).isEqualTo(first.hash());
        // another key is another payment
        JournalEntry other = s.send(IdempotencyKey.of("order-" + kind + "-2"), pay(shop, 1_000, 20));
        assertThat(other.hash()).isNotEqualTo(first.hash());
        TransactionLifecycleTestBase.mine(client);
        assertThat(client.getBalance(shop)).isEqualTo(BigInteger.valueOf(2_000));
        assertThat(client.getTransactionCount(key.address(), BlockTag.LATEST)).isEqualTo(start + 2);
    }

    @ParameterizedTest
    @ValueSource(strings = {"memory", "h2", "postgres"})
    void aKeyReusedForAnotherPaymentIsRefusedAndNothingIsSigned(String kind) {
        PrivateKey key = freshKey();
        TransactionSender s = sender(key, journal(kind).get());
        Address shop = randomAddress();
        IdempotencyKey order = IdempotencyKey.of("order-" + kind + "-conflict");
        JournalEntry first = s.send(order, pay(shop, 1_000, 20));
        long next = s.store().nextNonce(Anvil.DEFAULT_CHAIN_ID, key.address());

        assertThatThrownBy(() -> s.send(order, pay(shop, 1_001, 20)))
                .isInstanceOf(IdempotencyKeyConflictException.class)
                .hasMessageContaining("'" + order.value() + "'").hasMessageContaining(first.hash().toHex())
                .hasMessageContaining("new key");
        assertThatThrownBy(() -> s.send(order, pay(randomAddress(), 1_000, 20)))
                .isInstanceOf(IdempotencyKeyConflictException.class);
        assertThat(s.store().nextNonce(Anvil.DEFAULT_CHAIN_ID, key.address())).isEqualTo(next);
        TransactionLifecycleTestBase.mine(client);
    }

    /** Many threads of one instance, then two instances on one database, race one key each: one payment per key. */
    @ParameterizedTest
    @ValueSource(strings = {"memory", "h2", "postgres"})
    void concurrentSendsOfOneKeyOnTwoInstancesYieldOneTransaction(String kind) throws Exception {
        Supplier<TransactionStore> journal = journal(kind);
        PrivateKey key = freshKey();
        TransactionSender a = sender(key, journal.get());
        TransactionSender b = sender(key, journal.get());
        Address shop = randomAddress();
        long start = client.getTransactionCount(key.address(), BlockTag.PENDING);
        int keys = 20;
        int threadsPerKey = 6;
        ExecutorService pool = Executors.newFixedThreadPool(12);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<List<Future<JournalEntry>>> results = new ArrayList<>();
            for (int k = 0; k < keys; k++) {
                IdempotencyKey order = IdempotencyKey.of("race-" + kind + "-" + k);
                List<Future<JournalEntry>> perKey = new ArrayList<>();
                for (int t = 0; t < threadsPerKey; t++) {
                    TransactionSender via = t % 2 == 0 ? a : b;
                    perKey.add(pool.submit(() -> {
                        go.await();
                        return via.send(order, pay(shop, 10, 20));
                    }));
                }
                results.add(perKey);
            }
            go.countDown();
            Set<Hash> all = new HashSet<>();
            for (List<Future<JournalEntry>> perKey : results) {
                Set<Hash> hashes = new HashSet<>();
                for (Future<JournalEntry> f : perKey) {
                    hashes.add(f.get().hash());
                }
                assertThat(hashes).as("one transaction per key").hasSize(1);
                all.addAll(hashes);
            }
            assertThat(all).hasSize(keys);
        } finally {
            pool.shutdownNow();
        }
        assertThat(a.store().nextNonce(Anvil.DEFAULT_CHAIN_ID, key.address())).isEqualTo(start + keys);
        TransactionLifecycleTestBase.mine(client);
        assertThat(client.getBalance(shop)).as("each key paid once").isEqualTo(BigInteger.valueOf(10L * keys));
        assertThat(client.getTransactionCount(key.address(), BlockTag.LATEST)).isEqualTo(start + keys);
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void aKeyIsAnsweredAfterARestartAndForgottenOnlyWithItsPrunedEntry(String kind) {
        Supplier<TransactionStore> journal = journal(kind);
        PrivateKey key = freshKey();
        Address shop = randomAddress();
        IdempotencyKey order = IdempotencyKey.of("order-" + kind + "-restart");
        JournalEntry first = sender(key, journal.get()).send(order, pay(shop, 7, 20));

        TransactionSender restarted = sender(key, journal.get());
        assertThat(restarted.send(order, pay(shop, 7, 25)).hash()).isEqualTo(first.hash());

        TransactionLifecycleTestBase.mine(client);
        restarted.store().transition(first.hash(), TxState.SENT, TxState.CONFIRMED, 1, false);
        restarted.store().prune(Instant.now().plusSeconds(1));
        assertThat(restarted.findByKey(order)).as("the key went with its pruned entry").isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"memory", "h2"})
    void theSigningClientAnswersARetryFromTheJournalWithoutCallingTheNode(String kind) {
        PrivateKey key = freshKey();
        SigningClient signing = new SigningClient(sender(key, journal(kind).get()));
        Address shop = randomAddress();
        IdempotencyKey order = IdempotencyKey.of("order-" + kind + "-client");
        TxRequest pay = TxRequest.builder().to(shop).value(BigInteger.valueOf(5)).build();
        Hash first = signing.submit(pay, null, order);
        TransactionLifecycleTestBase.mine(client);
        assertThat(signing.submit(pay, null, order)).isEqualTo(first);
        assertThatThrownBy(() -> signing.submit(TxRequest.builder().to(shop).value(BigInteger.valueOf(6)).build(),
                null, order)).isInstanceOf(IdempotencyKeyConflictException.class);
        TransactionLifecycleTestBase.mine(client);
        assertThat(client.getBalance(shop)).isEqualTo(BigInteger.valueOf(5));
    }
}
