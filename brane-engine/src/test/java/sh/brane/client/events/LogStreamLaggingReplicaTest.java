package sh.brane.client.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import sh.brane.client.BraneClient;
import sh.brane.client.Receipt;
import sh.brane.client.contract.Erc20;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.junit.WithAnvil;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.HttpProvider;

/**
 * Log streams behind a load balancer whose log queries reach a replica behind the node serving headers
 * ({@link LaggingLogsNode} in front of a real Anvil): no block is passed before its logs could be read, so no log is
 * lost; and a range split because the node refuses it is delivered answer by answer.
 */
@WithAnvil
class LogStreamLaggingReplicaTest {
    static Anvil anvil;
    static BraneProvider http;
    static BraneClient client;
    static StreamFixture fx;

    @BeforeAll
    static void deploy() throws Exception {
        http = HttpProvider.create(anvil.httpUrl());
        client = new BraneClient(http, Duration.ofMillis(20));
        fx = new StreamFixture(anvil, client);
    }

    @AfterAll
    static void close() {
        client.close();
        http.close();
    }

    private static LogStreamBuilder<Erc20.Transfer> transfers(BraneClient c) {
        return LogStream.builder(c).event(fx.token, Erc20.Transfer.class).pollInterval(Duration.ofMillis(20))
                .subscribeToHeads(false);
    }

    private static void mine(int blocks) {
        for (int i = 0; i < blocks; i++) {
            http.send("evm_mine", List.of());
        }
    }

    @Test
    void aLogInABlockTheLogReplicaDoesNotHoldYetIsDeliveredOnceItDoesNotSkipped() throws Exception {
        StreamFixture.Recorder seen = new StreamFixture.Recorder();
        try (LaggingLogsNode node = new LaggingLogsNode(anvil.httpUrl(), 2);
                HttpProvider lagging = HttpProvider.create(node.url());
                BraneClient laggingClient = new BraneClient(lagging, Duration.ofMillis(20));
                LogStream<Erc20.Transfer> stream = transfers(laggingClient).name("lagging-head").fromLatest()
                        .build(seen).start()) {
            StreamFixture.await("the stream at the head", () -> stream.position().isPresent());
            Receipt r = fx.transfer(5_001);
            Thread.sleep(400); // 20 polls: the header of its block is served, its logs are not
            assertThat(seen.amounts()).as("nothing the replica cannot give yet").isEmpty();
            assertThat(stream.position().orElseThrow().blockNumber()).as("the checkpoint waits before the block")
                    .isLessThan(r.blockNumber());
            assertThat(stream.stats().logsNotYetAvailable()).isPositive();

            mine(2); // the replica now holds the transfer's block
            StreamFixture.await("the transfer", () -> seen.size() == 1);
            assertThat(seen.amounts()).containsExactly(5_001L);
            assertThat(seen.seen.get(0).blockNumber()).isEqualTo(r.blockNumber());
            assertThat(node.lagged.get()).as("the replica did answer behind").isPositive();
        }
    }

    @Test
    void aBackfillRangeEndingAboveTheLogReplicasHeadWaitsForIt() throws Exception {
        long start = client.blockNumber() + 1;
        List<Long> sent = new ArrayList<>();
        for (long i = 1; i <= 6; i++) {
            fx.transfer(6_000 + i);
            sent.add(6_000 + i);
        }
        StreamFixture.Recorder seen = new StreamFixture.Recorder();
        // a window of 2 blocks, chunks of 2 and a replica 3 behind: the second chunk ends above what the replica holds
        try (LaggingLogsNode node = new LaggingLogsNode(anvil.httpUrl(), 3);
                HttpProvider lagging = HttpProvider.create(node.url());
                BraneClient laggingClient = new BraneClient(lagging, Duration.ofMillis(20));
                LogStream<Erc20.Transfer> stream = transfers(laggingClient).name("lagging-backfill")
                        .fromBlock(start).chunkSize(2).reorgWindow(2, 100).build(seen).start()) {
            StreamFixture.await("the first chunk's transfers", () -> seen.size() >= 2);
            Thread.sleep(400);
            assertThat(seen.amounts()).as("only whole chunks the replica holds").containsExactly(6_001L, 6_002L);
            assertThat(stream.stats().logsNotYetAvailable()).isPositive();

            mine(3);
            StreamFixture.await("every transfer", () -> seen.size() >= 6);
            Thread.sleep(200);
            assertThat(seen.amounts()).containsExactlyElementsOf(sent);
        }
    }

    @Test
    void aSplitRangeIsDeliveredAnswerByAnswerHoldingOneAnswerAtATime() throws Exception {
        long start = client.blockNumber() + 1;
        for (long i = 1; i <= 16; i++) {
            fx.transfer(7_000 + i);
        }
        mine(4);
        RangeLimitingProvider limited = new RangeLimitingProvider(http, 1); // every range wider than a block refused
        BraneClient limitedClient = new BraneClient(limited, Duration.ofMillis(20));
        List<Integer> requestsAtDelivery = new ArrayList<>();
        List<Integer> heldAtDelivery = new ArrayList<>();
        StreamFixture.Recorder seen = new StreamFixture.Recorder() {
            @Override
            public synchronized void onLog(StreamedLog<Erc20.Transfer> log) {
                super.onLog(log);
                requestsAtDelivery.add(limited.getLogs.get());
                heldAtDelivery.add(limited.answeredLogs.get() - size()); // answered, not yet handed over
            }
        };
        // one chunk of 64 blocks holds all 16 transfers; the node answers one block per query (127 queries)
        try (LogStream<Erc20.Transfer> stream = transfers(limitedClient).name("split").fromBlock(start).chunkSize(64)
                .reorgWindow(2, 100).build(seen).start()) {
            StreamFixture.await("16 transfers", () -> seen.size() >= 16);
            assertThat(seen.amounts()).hasSize(16).startsWith(7_001L).endsWith(7_016L);
            assertThat(requestsAtDelivery.get(0)).as("the first log delivered after a few queries, not after all")
                    .isLessThan(20);
            assertThat(heldAtDelivery).as("logs answered but not yet delivered: one answer and the chunk's last block")
                    .allSatisfy(held -> assertThat(held).isLessThanOrEqualTo(2));
            assertThat(limited.refused.get()).isPositive();
        }
    }

    @Test
    void aBlockWhoseLogsExceedTheAnswerCapIsReportedAsRefusedNotAsLag() throws Exception {
        fx.transfer(8_001);
        RangeLimitingProvider capped = new RangeLimitingProvider(http, 0); // even one block is too large
        BraneClient cappedClient = new BraneClient(capped, Duration.ofMillis(20));
        List<Exception> errors = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (LogStream<Erc20.Transfer> stream = transfers(cappedClient).name("capped")
                .fromBlock(client.blockNumber()).onError(errors::add).build(new StreamFixture.Recorder()).start()) {
            StreamFixture.await("an error", () -> !errors.isEmpty());
            assertThat(errors.get(0)).isInstanceOf(LogQueryRefusedException.class)
                    .hasMessageContaining("cannot be split further");
            assertThat(stream.stats().logsNotYetAvailable()).isZero();
        }
    }
}
