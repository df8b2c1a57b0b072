package sh.brane.client.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

import sh.brane.client.BraneClient;
import sh.brane.client.Receipt;
import sh.brane.client.contract.Erc20;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.LocalPostgres;
import sh.brane.devnet.junit.WithAnvil;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.HttpProvider;

/**
 * Checkpoints in a database shared by instances: a restarted instance resumes after its checkpoint; an instance that
 * stalls past its lease is fenced off while another takes over (H2); a consuming process killed with SIGKILL
 * mid-stream is replaced by another instance within a bounded time, with no transfer lost and none applied twice
 * past the committed checkpoint (PostgreSQL, started by the test; skipped when it is not installed).
 */
@WithAnvil
class LogStreamTakeoverTest {
    static Anvil anvil;
    static BraneProvider http;
    static BraneClient client;
    static StreamFixture fx;
    static final List<HikariDataSource> POOLS = new ArrayList<>();

    @BeforeAll
    static void deploy() throws Exception {
        http = HttpProvider.create(anvil.httpUrl());
        client = new BraneClient(http, Duration.ofMillis(20));
        fx = new StreamFixture(anvil, client);
    }

    @AfterAll
    static void close() {
        POOLS.forEach(HikariDataSource::close);
        client.close();
        http.close();
    }

    static HikariDataSource pool(String url, String user) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setUsername(user);
        config.setMaximumPoolSize(4);
        HikariDataSource ds = new HikariDataSource(config);
        POOLS.add(ds);
        return ds;
    }

    private static HikariDataSource h2(String name) {
        HikariDataSource ds = pool("jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1", "sa");
        JdbcCheckpointStore.migrate(ds);
        return ds;
    }

    private static LogStreamBuilder<Erc20.Transfer> transfers(String owner, CheckpointStore store, Duration ttl) {
        return LogStream.builder(client).name("deposits").event(fx.token, Erc20.Transfer.class)
                .pollInterval(Duration.ofMillis(20)).subscribeToHeads(false).owner(owner).checkpoints(store, ttl);
    }

    @Test
    void aRestartedInstanceResumesAfterItsCheckpoint() throws Exception {
        HikariDataSource ds = h2("resume");
        long start = client.blockNumber() + 1;
        fx.transfer(11);
        fx.transfer(12);
        StreamFixture.Recorder first = new StreamFixture.Recorder();
        try (LogStream<Erc20.Transfer> a = transfers("a", new JdbcCheckpointStore(ds), Duration.ofSeconds(5))
                .fromBlock(start).build(first).start()) {
            StreamFixture.await("two transfers", () -> first.size() == 2);
            StreamFixture.await("checkpoint at the head", () -> a.position().orElseThrow().blockNumber()
                    == client.blockNumber());
        }
        fx.transfer(13);
        StreamFixture.Recorder second = new StreamFixture.Recorder();
        try (LogStream<Erc20.Transfer> b = transfers("b", new JdbcCheckpointStore(ds), Duration.ofSeconds(5))
                .fromBlock(start).build(second).start()) {
            StreamFixture.await("the new transfer", () -> second.size() == 1);
            fx.transfer(14);
            StreamFixture.await("the next", () -> second.size() == 2);
        }
        assertThat(first.amounts()).containsExactly(11L, 12L);
        assertThat(second.amounts()).as("resumed after the checkpoint, nothing applied twice").containsExactly(13L, 14L);
        Checkpoint saved = new JdbcCheckpointStore(ds).load("deposits").orElseThrow();
        assertThat(saved.blockNumber()).isEqualTo(client.blockNumber());
        assertThat(saved.blockHash()).isEqualTo(client.getBlockByNumber(sh.brane.client.BlockTag.LATEST, false)
                .orElseThrow().hash());
    }

    @Test
    void anInstanceThatStallsPastItsLeaseIsFencedOffAndAnotherTakesOver() throws Exception {
        HikariDataSource ds = h2("fencing");
        long start = client.blockNumber() + 1;
        fx.transfer(21);
        fx.transfer(22);
        CountDownLatch stalled = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<Long> appliedByA = Collections.synchronizedList(new ArrayList<>());
        List<Exception> errorsOfA = Collections.synchronizedList(new ArrayList<>());
        StreamFixture.Recorder b = new StreamFixture.Recorder();
        try (LogStream<Erc20.Transfer> a = transfers("a", new JdbcCheckpointStore(ds), Duration.ofMillis(500))
                .fromBlock(start).onError(errorsOfA::add).build(log -> {
                    long v = log.event().value().longValueExact();
                    if (v == 22) {
                        stalled.countDown();
                        release.await(); // a garbage-collection pause, a hung database call...
                    }
                    appliedByA.add(v);
                }).start()) {
            assertThat(stalled.await(20, TimeUnit.SECONDS)).isTrue();
            long stalledAt = System.nanoTime();
            try (LogStream<Erc20.Transfer> other = transfers("b", new JdbcCheckpointStore(ds), Duration.ofMillis(500))
                    .fromBlock(start).build(b).start()) {
                StreamFixture.await("b consuming", other::isConsuming);
                long takeoverMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stalledAt);
                StreamFixture.await("b delivers from a's checkpoint", () -> b.size() == 1);
                assertThat(b.amounts()).as("a's checkpoint is after 21: b starts at 22").containsExactly(22L);
                assertThat(takeoverMillis).as("takeover after the 500 ms lease").isLessThan(5_000);

                release.countDown();
                StreamFixture.await("a fenced off", () -> errorsOfA.stream()
                        .anyMatch(e -> e instanceof LeaseLostException));
                assertThat(a.isConsuming()).isFalse();
                fx.transfer(23);
                StreamFixture.await("b goes on", () -> b.size() == 2);
                Thread.sleep(200);
                assertThat(appliedByA).as("a applied 22 late, then nothing more").containsExactly(21L, 22L);
                assertThat(b.amounts()).containsExactly(22L, 23L);
                assertThat(new JdbcCheckpointStore(ds).load("deposits").orElseThrow().blockNumber())
                        .isEqualTo(client.blockNumber());
            }
        }
    }

    @Test
    void aConsumerKilledMidStreamIsReplacedOnPostgresWithNoTransferLostOrAppliedTwicePastTheCheckpoint()
            throws Exception {
        assumeTrue(LocalPostgres.binaries().isPresent(), LocalPostgres.NOT_INSTALLED);
        try (LocalPostgres postgres = LocalPostgres.start()) {
            String url = postgres.createDatabase("indexer");
            HikariDataSource ds = pool(url, "postgres");
            JdbcCheckpointStore.migrate(ds);
            JdbcCheckpointStore store = new JdbcCheckpointStore(ds);
            long start = client.blockNumber() + 1;
            Map<Long, Long> blockOf = new TreeMap<>();
            for (long amount = 101; amount <= 120; amount++) {
                Receipt r = fx.transfer(amount);
                blockOf.put(amount, r.blockNumber());
            }
            Path java = Path.of(System.getProperty("java.home"), "bin", "java");
            Process victim = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                    StreamConsumerMain.class.getName(), url, anvil.httpUrl(), fx.token.contractAddress().toHex(),
                    Long.toString(start), "pg-deposits").redirectErrorStream(true).start();
            List<Long> appliedByVictim = new ArrayList<>();
            long killedAt;
            try (BufferedReader out = new BufferedReader(new InputStreamReader(victim.getInputStream()))) {
                String line;
                while (appliedByVictim.size() < 5 && (line = out.readLine()) != null) {
                    if (line.startsWith("APPLIED ")) {
                        appliedByVictim.add(Long.parseLong(line.split(" ")[1]));
                    }
                }
                victim.destroyForcibly(); // SIGKILL: no release of the lease, no last commit
                victim.waitFor(10, TimeUnit.SECONDS);
                killedAt = System.nanoTime();
            } finally {
                victim.destroyForcibly();
            }
            assertThat(appliedByVictim).hasSize(5);
            Checkpoint committed = store.load("pg-deposits").orElseThrow();

            List<StreamedLog<Erc20.Transfer>> bySurvivor = Collections.synchronizedList(new ArrayList<>());
            try (LogStream<Erc20.Transfer> survivor = LogStream.builder(client).name("pg-deposits")
                    .event(fx.token, Erc20.Transfer.class).fromBlock(start).pollInterval(Duration.ofMillis(50))
                    .subscribeToHeads(false).owner("survivor").checkpoints(store, Duration.ofSeconds(1))
                    .build(bySurvivor::add).start()) {
                StreamFixture.await("the survivor consuming", survivor::isConsuming);
                long takeoverMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killedAt);
                assertThat(takeoverMillis).as("takeover within the 1 s lease and a poll").isLessThan(5_000);
                StreamFixture.await("every transfer", () -> !bySurvivor.isEmpty()
                        && bySurvivor.get(bySurvivor.size() - 1).event().value().longValueExact() == 120);
            }
            List<Long> survivorAmounts = bySurvivor.stream().map(s -> s.event().value().longValueExact()).toList();
            List<Long> all = new ArrayList<>(appliedByVictim);
            all.addAll(survivorAmounts);
            assertThat(all).as("no transfer lost").containsAll(blockOf.keySet());
            // nothing at or below the committed checkpoint is delivered again; everything after it is
            List<Long> afterCheckpoint = blockOf.entrySet().stream()
                    .filter(e -> e.getValue() > committed.blockNumber()).map(Map.Entry::getKey).toList();
            assertThat(survivorAmounts).containsExactlyElementsOf(afterCheckpoint);
            assertThat(committed.blockNumber()).isGreaterThanOrEqualTo(start);
        }
    }
}
