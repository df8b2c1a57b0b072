package sh.brane.spring.boot.autoconfigure.tx;

import java.math.BigInteger;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;

import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.SigningClient;
import sh.brane.client.tx.JdbcTransactionStore;
import sh.brane.client.tx.JournalEntry;
import sh.brane.client.tx.TransactionListener;
import sh.brane.client.tx.TransactionSender;
import sh.brane.client.tx.TransactionStateChange;
import sh.brane.client.tx.TransactionStore;
import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.types.Address;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.DevAccount;
import sh.brane.devnet.LocalPostgres;
import sh.brane.rpc.HttpProvider;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Four service instances, each a Spring application context of its own (Boot's DataSource from
 * {@code spring.datasource.*} with its own HikariCP pool, the starter's auto-configuration, the
 * {@code brane.signer} shorthand and its tracker), share one journal in a real PostgreSQL server and one account:
 * 2,000 transfers to one Anvil. Skipped, saying why, when PostgreSQL is not installed.
 */
class FourInstancesOnPostgresTests {

    private static final int INSTANCES = 4;
    private static final int THREADS_PER_INSTANCE = 4;
    private static final int TRANSFERS = 2_000;
    private static final Address TO = Address.of("0x00000000000000000000000000000000000b0b02");
    private static final BigInteger GWEI = BigInteger.valueOf(1_000_000_000L);

    private static LocalPostgres postgres;
    private static Anvil anvil;

    @BeforeAll
    static void start() throws Exception {
        assumeTrue(LocalPostgres.binaries().isPresent(), LocalPostgres.NOT_INSTALLED);
        postgres = LocalPostgres.start();
        anvil = Anvil.builder().noMining().start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (anvil != null) {
            anvil.close();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    @SpringBootConfiguration(proxyBeanMethods = false)
    @ImportAutoConfiguration({ DataSourceAutoConfiguration.class, BraneAutoConfiguration.class,
            BraneTransactionAutoConfiguration.class })
    static class PaymentsService {
    }

    private static ConfigurableApplicationContext instance(int n, String url, DevAccount payer) {
        return new SpringApplicationBuilder(PaymentsService.class).web(WebApplicationType.NONE)
            .properties("spring.application.name=payments-" + n, "spring.datasource.url=" + url,
                    "spring.datasource.username=postgres", "spring.datasource.hikari.maximum-pool-size=4",
                    "brane.rpc.url=" + anvil.httpUrl(), "brane.rpc.expected-chain-id=" + anvil.chainId(),
                    "brane.signer.private-key=" + payer.privateKey(), "brane.tx.confirmations=1",
                    "brane.tx.poll-interval=100ms", "brane.tx.resend-after=10s",
                    // the PostgreSQL script through Boot's initializer (IF NOT EXISTS: each instance runs it)
                    "brane.tx.store=jdbc", "brane.tx.jdbc.initialize-schema=always")
            .run();
    }

    @Test
    void fourInstancesSendTwoThousandTransfersFromOneAccountWithoutDuplicatesGapsOrLosses() throws Exception {
        String url = postgres.createDatabase("payments");
        DevAccount payer = anvil.account(7);
        List<ConfigurableApplicationContext> contexts = new ArrayList<>();
        ScheduledExecutorService miner = Executors.newSingleThreadScheduledExecutor();
        ExecutorService senders = Executors.newFixedThreadPool(INSTANCES * THREADS_PER_INSTANCE);
        try (HttpProvider provider = HttpProvider.create(anvil.httpUrl());
                BraneClient node = new BraneClient(provider, Duration.ofMillis(50))) {
            for (int i = 0; i < INSTANCES; i++) {
                contexts.add(instance(i, url, payer));
            }
            for (ConfigurableApplicationContext context : contexts) {
                assertThat(context.getBean(TransactionStore.class)).isInstanceOf(JdbcTransactionStore.class);
            }
            long start = node.getTransactionCount(Address.of(payer.address()), BlockTag.PENDING);
            miner.scheduleWithFixedDelay(() -> {
                try {
                    node.provider().send("evm_mine", List.of());
                } catch (RuntimeException e) {
                    // the next round mines
                }
            }, 50, 50, TimeUnit.MILLISECONDS);

            // every transfer carries its own amount (1..2000 wei), so one sent under two nonces would show
            List<Future<?>> work = new ArrayList<>();
            int perThread = TRANSFERS / (INSTANCES * THREADS_PER_INSTANCE);
            // what an operator of an Anvil node does when its pool strands a transfer (Anvil 1.7.1 does, now and then,
            // when transfers reach it out of nonce order while it mines): flush the account's transactions from the
            // pool, once per stranded nonce, so that the trackers send them again from the journal
            AtomicLong flushedAt = new AtomicLong(-1);
            AtomicInteger flushes = new AtomicInteger();
            TransactionListener operator = new TransactionListener() {
                @Override
                public void onStateChange(TransactionStateChange change) {
                }

                @Override
                public void onStranded(JournalEntry entry, String reason) {
                    if (flushedAt.getAndSet(entry.nonce()) != entry.nonce()) {
                        flushes.incrementAndGet();
                        node.provider().send("anvil_removePoolTransactions", List.of(payer.address()));
                    }
                }
            };
            for (int i = 0; i < INSTANCES; i++) {
                TransactionSender sender = contexts.get(i).getBean(SigningClient.class).sender();
                sender.addListener(operator);
                for (int t = 0; t < THREADS_PER_INSTANCE; t++) {
                    int first = 1 + (i * THREADS_PER_INSTANCE + t) * perThread;
                    work.add(senders.submit(() -> {
                        for (int v = first; v < first + perThread; v++) {
                            long value = v;
                            sender.send(nonce -> Eip1559Transaction.builder().chainId(anvil.chainId()).nonce(nonce)
                                .to(TO).value(value).gasLimit(21_000).maxFeePerGas(GWEI.multiply(BigInteger.TEN))
                                .maxPriorityFeePerGas(GWEI).build());
                        }
                        return null;
                    }));
                }
            }
            for (Future<?> f : work) {
                f.get(120, TimeUnit.SECONDS);
            }

            long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
            while (count(url, "SELECT COUNT(*) FROM brane_tx_journal WHERE state <> 'CONFIRMED'") > 0) {
                if (System.nanoTime() > deadline) {
                    // what was left, and what the node says of the account: a failure seen once in CI says why
                    throw new AssertionError("not every journal entry CONFIRMED within 120 s: " + unconfirmed(url)
                            + "; the pool flushed for stranded transfers " + flushes + " times"
                            + "; the node's latest / pending nonce: "
                            + node.getTransactionCount(Address.of(payer.address()), BlockTag.LATEST) + " / "
                            + node.getTransactionCount(Address.of(payer.address()), BlockTag.PENDING));
                }
                Thread.sleep(100);
            }

            TransactionStore journal = contexts.get(0).getBean(TransactionStore.class);
            List<JournalEntry> rows = journal.byNonce(anvil.chainId(), Address.of(payer.address()), 0,
                    Long.MAX_VALUE);
            assertThat(rows).as("0 lost: one journal entry per transfer").hasSize(TRANSFERS);
            Set<Long> nonces = new HashSet<>();
            Set<BigInteger> amounts = new HashSet<>();
            BigInteger sum = BigInteger.ZERO;
            for (JournalEntry e : rows) {
                assertThat(nonces.add(e.nonce())).as("0 duplicate nonces: %s", e.nonce()).isTrue();
                BigInteger value = e.decode().transaction().value();
                assertThat(amounts.add(value)).as("0 transfers sent under two nonces: amount %s", value).isTrue();
                sum = sum.add(value);
            }
            assertThat(nonces).as("0 gaps").allSatisfy(n -> assertThat(n).isBetween(start, start + TRANSFERS - 1));
            assertThat(node.getTransactionCount(Address.of(payer.address()), BlockTag.LATEST))
                .isEqualTo(start + TRANSFERS);
            assertThat(sum).isEqualTo(BigInteger.valueOf((long) TRANSFERS * (TRANSFERS + 1) / 2));
            assertThat(node.getBalance(TO)).as("the ledger balances").isEqualTo(sum);
        }
        finally {
            senders.shutdownNow();
            miner.shutdownNow();
            contexts.forEach(ConfigurableApplicationContext::close);
        }
    }

    /** The entries not CONFIRMED, by state, with the first few of each (nonce and hash). */
    private static String unconfirmed(String url) throws SQLException {
        StringBuilder out = new StringBuilder();
        try (Connection c = DriverManager.getConnection(url, "postgres", "");
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT state, COUNT(*), STRING_AGG(nonce || ' ' || hash, ', ' "
                        + "ORDER BY nonce) FROM brane_tx_journal WHERE state <> 'CONFIRMED' GROUP BY state")) {
            while (rs.next()) {
                String some = rs.getString(3);
                out.append(rs.getString(1)).append(": ").append(rs.getLong(2)).append(" [")
                    .append(some.length() > 400 ? some.substring(0, 400) + "..." : some).append("] ");
            }
        }
        return out.toString().trim();
    }

    private static long count(String url, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url, "postgres", "");
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
