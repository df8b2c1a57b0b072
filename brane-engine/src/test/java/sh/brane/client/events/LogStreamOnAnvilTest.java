package sh.brane.client.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import sh.brane.client.BraneClient;
import sh.brane.client.Receipt;
import sh.brane.client.contract.Erc20;
import sh.brane.client.contract.EventBinding;
import sh.brane.core.abi.Abi;
import sh.brane.core.types.Hash;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.junit.WithAnvil;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.HttpProvider;
import sh.brane.testing.StaleAnswers;

/**
 * Log streams against a real Anvil (auto-mining: one block per transfer): backfill through a node that refuses wide
 * ranges, confirmations, reorganisations (snapshot and revert, then other blocks) delivered as removals, logs that
 * do not decode. Over WebSocket: {@link LogStreamLiveTest}.
 */
@WithAnvil
class LogStreamOnAnvilTest {
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

    @Test
    void backfillSplitsRangesTheNodeRefusesAndDeliversEveryLogOnceInOrder() throws Exception {
        long start = client.blockNumber() + 1;
        List<Long> sent = new ArrayList<>();
        for (long i = 1; i <= 24; i++) {
            fx.transfer(1_000 + i);
            sent.add(1_000 + i);
        }
        RangeLimitingProvider limited = new RangeLimitingProvider(http, 3);
        BraneClient limitedClient = new BraneClient(limited, Duration.ofMillis(20));
        StreamFixture.Recorder seen = new StreamFixture.Recorder();
        // a window of 4 blocks: all but the last 4 of the 24 blocks are backfilled in chunks of (at most) 16
        try (LogStream<Erc20.Transfer> stream = transfers(limitedClient).name("backfill").fromBlock(start)
                .chunkSize(16).reorgWindow(4, 100).build(seen).start()) {
            StreamFixture.await("24 transfers", () -> seen.size() >= 24);
            StreamFixture.await("the checkpoint at the head", () -> stream.position().orElseThrow().blockNumber()
                    == client.blockNumber());
            assertThat(seen.amounts()).containsExactlyElementsOf(sent);
            assertThat(limited.refused.get()).as("ranges refused as too large, then split").isPositive();
            assertThat(seen.seen).allSatisfy(s -> assertThat(s.removed()).isFalse());
        }
    }

    @Test
    void aBlocksLogsWaitForTheirConfirmations() throws Exception {
        StreamFixture.Recorder seen = new StreamFixture.Recorder();
        mine(2); // earlier tests' transfers are confirmed before the stream starts after them
        try (LogStream<Erc20.Transfer> stream = transfers(client).name("confirmations").fromLatest().confirmations(3)
                .build(seen).start()) {
            StreamFixture.await("the stream at the head", () -> stream.position().isPresent());
            Receipt r = fx.transfer(2_001);
            Thread.sleep(300); // many polls: the block has 1 confirmation of 3
            assertThat(seen.amounts()).isEmpty();
            mine(1);
            Thread.sleep(300); // 2 of 3
            assertThat(seen.amounts()).isEmpty();
            mine(1);
            StreamFixture.await("the transfer, confirmed", () -> seen.size() == 1);
            assertThat(seen.amounts()).containsExactly(2_001L);
            assertThat(seen.seen.get(0).blockNumber()).isEqualTo(r.blockNumber());
        }
    }

    @Test
    void aReorganisationDeliversTheAbandonedLogsAsRemovalsThenTheNewChainsLogs() throws Exception {
        StreamFixture.Recorder seen = new StreamFixture.Recorder();
        try (LogStream<Erc20.Transfer> stream = transfers(client).name("reorg").fromLatest().build(seen).start()) {
            StreamFixture.await("the stream at the head", () -> stream.position().isPresent());
            String snapshot = http.send("evm_snapshot", List.of()).asString();
            fx.transfer(3_001);
            fx.transfer(3_002);
            StreamFixture.await("two transfers", () -> seen.size() == 2);
            long tip = client.blockNumber();

            assertThat(http.send("evm_revert", List.of(snapshot)).asBoolean()).isTrue();
            fx.transfer(3_003); // the new chain: other blocks at the same heights, then a longer chain
            fx.transfer(3_004);
            fx.transfer(3_005);
            StreamFixture.await("removals and the new chain", () -> seen.size() == 7);
            assertThat(seen.amounts()).containsExactly(3_001L, 3_002L, -3_002L, -3_001L, 3_003L, 3_004L, 3_005L);
            assertThat(stream.position().orElseThrow().blockNumber()).isEqualTo(tip + 1);
            assertThat(stream.position().orElseThrow().blockHash())
                    .isEqualTo(client.getBlockByNumber(sh.brane.client.BlockTag.number(tip + 1), false).orElseThrow()
                            .hash());
        }
    }

    @Test
    void aSameHeightForkIsNoticedWithoutANewBlock() throws Exception {
        StreamFixture.Recorder seen = new StreamFixture.Recorder();
        try (LogStream<Erc20.Transfer> stream = transfers(client).name("same-height").fromLatest().build(seen)
                .start()) {
            StreamFixture.await("the stream at the head", () -> stream.position().isPresent());
            String snapshot = http.send("evm_snapshot", List.of()).asString();
            fx.transfer(4_001);
            StreamFixture.await("the transfer", () -> seen.size() == 1);
            assertThat(http.send("evm_revert", List.of(snapshot)).asBoolean()).isTrue();
            fx.transfer(4_002); // the same height as 4_001's block
            StreamFixture.await("the removal and the replacement", () -> seen.size() == 3);
            assertThat(seen.amounts()).containsExactly(4_001L, -4_001L, 4_002L);
        }
    }

    @Test
    void aNodeABlockBehindIsWaitedForNotTakenForAShorterChain() throws Exception {
        StreamFixture.Recorder seen = new StreamFixture.Recorder();
        try (StaleAnswers behind = StaleAnswers.to(anvil.httpUrl());
                HttpProvider lagging = HttpProvider.create(behind.url());
                BraneClient laggingClient = new BraneClient(lagging, Duration.ofSeconds(5));
                LogStream<Erc20.Transfer> stream = transfers(laggingClient).name("behind").fromLatest().build(seen)
                    .start()) {
            StreamFixture.await("the stream at the head", () -> stream.position().isPresent());
            fx.transfer(6_001);
            StreamFixture.await("the transfer", () -> seen.size() == 1);
            long tip = client.blockNumber();
            StreamFixture.await("the checkpoint at the tip",
                    () -> stream.position().orElseThrow().blockNumber() == tip);

            // for about 10 passes (20 ms each) the stream reads a node one block behind: head tip - 1, no block tip
            StaleAnswers.Stale head = behind.answer("eth_blockNumber", "", "\"0x" + Long.toHexString(tip - 1) + "\"",
                    10);
            StaleAnswers.Stale noTip = behind.answer("eth_getBlockByNumber", "\"0x" + Long.toHexString(tip) + "\"",
                    "null", 10);
            StreamFixture.await("the stale answers read", () -> head.given.get() == 10);
            assertThat(noTip.given).as("the tip looked up while the node was behind").hasPositiveValue();
            Thread.sleep(100);
            assertThat(seen.amounts()).as("nothing delivered as removed").containsExactly(6_001L);
            assertThat(stream.position().orElseThrow().blockNumber()).isEqualTo(tip);

            fx.transfer(6_002); // the node caught up: the stream goes on from where it was
            StreamFixture.await("the next transfer", () -> seen.size() == 2);
            assertThat(seen.amounts()).containsExactly(6_001L, 6_002L);
        }
    }

    /**
     * A fork replaces the tip, and while the stream walks back the node it reads has not got the block below it (a
     * balancer's other node, one block behind). That block is not known to be gone, so its logs are not delivered as
     * removed: the walk stops there and the tip check waits for the node. (Before, the walk took it for gone: its
     * transfer was delivered as removed, then again as new.)
     */
    @Test
    void aForkWalkThatFindsTheBlockBelowMissingLeavesItToTheTipCheck() throws Exception {
        StreamFixture.Recorder seen = new StreamFixture.Recorder();
        try (StaleAnswers behind = StaleAnswers.to(anvil.httpUrl());
                HttpProvider lagging = HttpProvider.create(behind.url());
                BraneClient laggingClient = new BraneClient(lagging, Duration.ofSeconds(5));
                LogStream<Erc20.Transfer> stream = transfers(laggingClient).name("fork-behind").fromLatest()
                    .build(seen).start()) {
            StreamFixture.await("the stream at the head", () -> stream.position().isPresent());
            fx.transfer(7_001);
            String snapshot = http.send("evm_snapshot", List.of()).asString();
            fx.transfer(7_002);
            StreamFixture.await("two transfers", () -> seen.size() == 2);
            long tip = client.blockNumber();
            StreamFixture.await("the checkpoint at the tip",
                    () -> stream.position().orElseThrow().blockNumber() == tip);

            // twice, the block below the tip is missing: the walk gets one of the two after finding the tip replaced
            // (a pass between the revert and the new block may ask for it too, as the node's head, and gets the other)
            StaleAnswers.Stale below = behind.answer("eth_getBlockByNumber",
                    "\"0x" + Long.toHexString(tip - 1) + "\"", "null", 2);
            assertThat(http.send("evm_revert", List.of(snapshot)).asBoolean()).isTrue();
            fx.transfer(7_003); // another block at the tip's height
            StreamFixture.await("the removal and the replacement", () -> seen.size() >= 3
                    && seen.amounts().get(seen.size() - 1) == 7_003L);
            // 1: the walk's; 2: a pass's between the revert and the new block, then the walk's
            assertThat(below.given.get()).as("the block below looked up while the node was behind").isBetween(1, 2);
            assertThat(seen.amounts()).containsExactly(7_001L, 7_002L, -7_002L, 7_003L);
            assertThat(stream.position().orElseThrow().blockHash())
                    .isEqualTo(client.getBlockByNumber(sh.brane.client.BlockTag.number(tip), false).orElseThrow()
                            .hash());
        }
    }

    @Test
    void aLogThatDoesNotDecodeGoesToTheErrorHandlerAndIngestionGoesOn() throws Exception {
        // the same signature with every argument indexed: the token's logs (2 topics + data) do not decode as it
        Abi allIndexed = Abi.fromJson("""
                [{"type":"event","name":"Transfer","anonymous":false,"inputs":[
                {"name":"from","type":"address","indexed":true},{"name":"to","type":"address","indexed":true},
                {"name":"value","type":"uint256","indexed":true}]}]""");
        long start = client.blockNumber() + 1;
        Receipt first = fx.transfer(5_001);
        fx.transfer(5_002);
        List<Exception> errors = Collections.synchronizedList(new ArrayList<>());
        List<StreamedLog<Erc20.Transfer>> delivered = Collections.synchronizedList(new ArrayList<>());
        try (LogStream<Erc20.Transfer> stream = LogStream.builder(client).name("undecodable")
                .address(fx.token.contractAddress())
                .event(EventBinding.of(Erc20.Transfer.class, allIndexed)).fromBlock(start)
                .pollInterval(Duration.ofMillis(20)).onError(errors::add).build(delivered::add).start()) {
            StreamFixture.await("both logs reported", () -> errors.size() >= 2);
            StreamFixture.await("the checkpoint past them", () -> stream.position().orElseThrow().blockNumber()
                    >= start + 1);
            assertThat(delivered).isEmpty();
            assertThat(stream.stats().decodeFailures()).isGreaterThanOrEqualTo(2);
            assertThat(stream.stats().logsDelivered()).isZero();
            assertThat(errors.get(0)).isInstanceOfSatisfying(UndecodableLogException.class, e -> {
                assertThat(e.blockNumber()).isEqualTo(first.blockNumber());
                assertThat(e.transactionHash()).isEqualTo(first.transactionHash());
                assertThat(e.logIndex()).isZero();
                assertThat(e.getMessage()).contains("block " + first.blockNumber())
                        .contains(first.transactionHash().toString()).contains("Transfer(address,address,uint256)");
            });
        }
    }

    @Test
    void aHandlerThatFailsGetsTheSameLogAgainAndTheCheckpointWaits() throws Exception {
        long start = client.blockNumber() + 1;
        fx.transfer(6_001);
        List<Long> applied = Collections.synchronizedList(new ArrayList<>());
        int[] failures = {2};
        List<Exception> errors = Collections.synchronizedList(new ArrayList<>());
        try (LogStream<Erc20.Transfer> stream = transfers(client).name("failing-handler").fromBlock(start)
                .onError(errors::add).build(log -> {
                    synchronized (failures) {
                        if (failures[0]-- > 0) {
                            throw new IllegalStateException("database busy");
                        }
                    }
                    applied.add(log.event().value().longValueExact());
                }).start()) {
            StreamFixture.await("the transfer applied", () -> applied.size() == 1);
            assertThat(applied).containsExactly(6_001L);
            assertThat(errors).hasSizeGreaterThanOrEqualTo(2)
                    .allSatisfy(e -> assertThat(e).isInstanceOf(LogHandlerException.class)
                            .hasMessageContaining("database busy"));
        }
    }

    @Test
    void aCheckpointAboveTheNodesHeadIsReportedAndWaitedForThenComparedWithTheChain() throws Exception {
        // a checkpoint kept from a longer chain: the node is behind, or this development chain was reset
        long head = client.blockNumber();
        long checkpoint = head + 20;
        InMemoryCheckpointStore store = new InMemoryCheckpointStore();
        store.tryAcquire("from-a-longer-chain", "earlier", Duration.ofMinutes(1));
        store.commit("from-a-longer-chain", "earlier", new Checkpoint(checkpoint, Hash.of("0x" + "ab".repeat(32))));
        store.release("from-a-longer-chain", "earlier");
        StreamFixture.Recorder seen = new StreamFixture.Recorder();
        List<Exception> errors = Collections.synchronizedList(new ArrayList<>());
        try (LogStream<Erc20.Transfer> stream = transfers(client).name("from-a-longer-chain")
                .checkpoints(store, Duration.ofMinutes(1)).onError(errors::add).build(seen).start()) {
            StreamFixture.await("the report", () -> !errors.isEmpty());
            fx.transfer(7_001); // at or below the checkpoint: never delivered
            Thread.sleep(200); // several polls: the checkpoint is not moved back below a block the node lacks
            assertThat(errors).singleElement().isInstanceOfSatisfying(CheckpointAheadOfChainException.class, e -> {
                assertThat(e.checkpointBlock()).isEqualTo(checkpoint);
                assertThat(e.headBlock()).isGreaterThanOrEqualTo(head).isLessThan(checkpoint);
                assertThat(e).hasMessageContaining("block " + checkpoint)
                        .hasMessageContaining("remove the stream's checkpoint");
            });
            assertThat(stream.position().orElseThrow().blockNumber()).isEqualTo(checkpoint);

            // the chain reaches the checkpoint's block: its hash is not the one remembered, and that is said
            mine((int) (checkpoint - client.blockNumber()));
            fx.transfer(7_002);
            StreamFixture.await("the transfer after the checkpoint", () -> seen.size() == 1);
            assertThat(seen.amounts()).containsExactly(7_002L);
            assertThat(errors).hasSize(2).last().isInstanceOfSatisfying(ReorgBeyondWindowException.class,
                    e -> assertThat(e.blockNumber()).isEqualTo(checkpoint));
        }
    }

    private static void mine(int blocks) {
        for (int i = 0; i < blocks; i++) {
            http.send("evm_mine", List.of());
        }
    }
}
