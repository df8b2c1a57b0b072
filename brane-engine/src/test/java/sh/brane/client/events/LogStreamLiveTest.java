package sh.brane.client.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import sh.brane.client.BraneClient;
import sh.brane.client.contract.Erc20;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.junit.WithAnvil;
import sh.brane.rpc.WebSocketProvider;

/**
 * Log streams following the head live over a WebSocket {@code newHeads} subscription on Anvil. Both poll intervals
 * are an hour, so everything delivered after the first pass was delivered because a head (or a gap) woke the stream.
 */
@WithAnvil
class LogStreamLiveTest {
    static final Duration HOUR = Duration.ofHours(1);
    static Anvil anvil;
    static WebSocketProvider ws;
    static BraneClient client;
    static StreamFixture fx;

    @BeforeAll
    static void deploy() throws Exception {
        ws = WebSocketProvider.create(anvil.wsUrl());
        client = new BraneClient(ws);
        fx = new StreamFixture(anvil, client);
    }

    @AfterAll
    static void close() {
        client.close();
        ws.close();
    }

    /** Only a head can wake it: polls an hour apart, with or without a subscription. */
    static LogStreamBuilder<Erc20.Transfer> live(BraneClient c, String name) {
        return LogStream.builder(c).event(fx.token, Erc20.Transfer.class).name(name).fromLatest().pollInterval(HOUR)
                .subscribedPollInterval(HOUR).checkpoints(new InMemoryCheckpointStore(), Duration.ofMinutes(5));
    }

    @Test
    void newHeadsDeliverWithoutWaitingForThePoll() throws Exception {
        StreamFixture.Recorder seen = new StreamFixture.Recorder();
        try (LogStream<Erc20.Transfer> stream = live(client, "live").build(seen).start()) {
            StreamFixture.await("the stream at the head", () -> stream.position().isPresent());
            assertThat(stream.isSubscribed()).isTrue();
            fx.transfer(7_001);
            fx.transfer(7_002);
            StreamFixture.await("both transfers", () -> seen.size() == 2);
            assertThat(seen.amounts()).containsExactly(7_001L, 7_002L);
            StreamFixture.await("the checkpoint at the head",
                    () -> stream.stats().checkpointBlock() == client.blockNumber());
            assertThat(stream.stats().logsDelivered()).isEqualTo(2);
            assertThat(stream.stats().headLag()).isZero();
        }
    }

    @Test
    void aReorganisationIsDeliveredAsRemovalsOverTheSubscription() throws Exception {
        StreamFixture.Recorder seen = new StreamFixture.Recorder();
        try (LogStream<Erc20.Transfer> stream = live(client, "live-reorg").build(seen).start()) {
            StreamFixture.await("the stream at the head", () -> stream.position().isPresent());
            String snapshot = ws.send("evm_snapshot", List.of()).asString();
            fx.transfer(3_001);
            fx.transfer(3_002);
            StreamFixture.await("two transfers", () -> seen.size() == 2);
            assertThat(ws.send("evm_revert", List.of(snapshot)).asBoolean()).isTrue();
            fx.transfer(3_003); // new heads of the new chain wake the stream, which finds the old blocks gone
            fx.transfer(3_004);
            fx.transfer(3_005);
            StreamFixture.await("removals and the new chain", () -> seen.size() == 7);
            assertThat(seen.amounts()).containsExactly(3_001L, 3_002L, -3_002L, -3_001L, 3_003L, 3_004L, 3_005L);
            assertThat(stream.stats().reorgsDetected()).isEqualTo(1);
            assertThat(stream.stats().removalsDelivered()).isEqualTo(2);
            assertThat(stream.stats().logsDelivered()).isEqualTo(5);
        }
    }

    @Test
    void aReorganisationFoundWithTheNewChainAlreadyThereIsFollowedWithoutAnotherHead() throws Exception {
        StreamFixture.Recorder seen = new StreamFixture.Recorder();
        CountDownLatch busy = new CountDownLatch(1);
        CountDownLatch goOn = new CountDownLatch(1);
        LogHandler<Erc20.Transfer> slow = log -> {
            seen.onLog(log);
            if (!log.removed() && log.event().value().equals(java.math.BigInteger.valueOf(4_002))) {
                busy.countDown();
                goOn.await(20, TimeUnit.SECONDS); // the stream's thread stays in its pass meanwhile
            }
        };
        try (LogStream<Erc20.Transfer> stream = live(client, "live-reorg-late").build(slow).start()) {
            StreamFixture.await("the stream at the head", () -> stream.position().isPresent());
            String snapshot = ws.send("evm_snapshot", List.of()).asString();
            fx.transfer(4_001);
            fx.transfer(4_002);
            assertThat(busy.await(20, TimeUnit.SECONDS)).isTrue();
            // while the stream delivers 4_002: the chain is reorganised and grows past it; every head of the new
            // chain arrives now, so they wake one pass, which finds the reorganisation (and unwinds) and nothing after
            assertThat(ws.send("evm_revert", List.of(snapshot)).asBoolean()).isTrue();
            fx.transfer(4_003);
            fx.transfer(4_004);
            fx.transfer(4_005);
            goOn.countDown();
            StreamFixture.await("removals and the new chain, without a new head", () -> seen.size() == 7);
            assertThat(seen.amounts()).containsExactly(4_001L, 4_002L, -4_002L, -4_001L, 4_003L, 4_004L, 4_005L);
        }
    }

    @Test
    void withoutASubscriptionTheStreamPolls() throws Exception {
        StreamFixture.Recorder seen = new StreamFixture.Recorder();
        try (LogStream<Erc20.Transfer> stream = live(client, "no-subscription").subscribeToHeads(false)
                .pollInterval(Duration.ofMillis(20)).build(seen).start()) {
            StreamFixture.await("the stream at the head", () -> stream.position().isPresent());
            assertThat(stream.isSubscribed()).isFalse();
            fx.transfer(9_001);
            StreamFixture.await("the transfer, polled", () -> seen.size() == 1);
        }
    }

    @Test
    void aSilentSubscriptionIsCoveredByTheSafetyPoll() throws Exception {
        RangeLimitingProvider silent = new RangeLimitingProvider(ws, Integer.MAX_VALUE);
        silent.silentSubscriptions = true;
        StreamFixture.Recorder seen = new StreamFixture.Recorder();
        // subscribed, but no head ever arrives: only the safety poll (50 ms here) can find the transfer
        try (BraneClient quiet = new BraneClient(silent);
                LogStream<Erc20.Transfer> stream = live(quiet, "safety-poll")
                        .subscribedPollInterval(Duration.ofMillis(50)).build(seen).start()) {
            StreamFixture.await("the stream at the head", () -> stream.position().isPresent());
            assertThat(stream.isSubscribed()).isTrue();
            fx.transfer(9_101);
            StreamFixture.await("the transfer, found by the safety poll", () -> seen.size() == 1);
            assertThat(seen.amounts()).containsExactly(9_101L);
        }
    }
}
