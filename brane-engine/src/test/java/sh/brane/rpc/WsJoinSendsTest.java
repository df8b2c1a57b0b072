package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static sh.brane.rpc.WebSocketProviderTest.await;

import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * {@code sendAsyncBatch} calls whose caller joins them before the event loop's drain wrote their batch: the caller
 * takes the batch and sends it on a caller-thread connection ({@link WsOpenBatch#takeForCaller}); the drain writes
 * it otherwise; never both. Against a real loopback WebSocket server ({@link TestWsServer}).
 */
class WsJoinSendsTest {

    @RegisterExtension
    final WsTestRig rig = new WsTestRig();

    private static WebSocketConfig.Builder config(TestWsServer s) {
        return WebSocketConfig.builder(s.url()).callerThreadConnections(2)
                .requestTimeout(Duration.ofSeconds(3))
                .connectTimeout(Duration.ofSeconds(2));
    }

    private static Map<Long, Integer> idsSeen(TestWsServer s) {
        Map<Long, Integer> seen = new HashMap<>();
        for (JsonNode req : s.received) {
            seen.merge(req.get("id").asLong(), 1, Integer::sum);
        }
        return seen;
    }

    private static List<CompletableFuture<JsonNode>> burst(WebSocketProvider p, int calls) {
        List<CompletableFuture<JsonNode>> fs = new ArrayList<>();
        for (int i = 0; i < calls; i++) {
            fs.add(p.sendAsyncBatch("eth_chainId", List.of()));
        }
        return fs;
    }

    @Test
    void burstsJoinedAtOnceAreSentOnceEachAndMostlyOnACallerConnection() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = connected(s, config(s));
        for (int round = 0; round < 30; round++) {
            // full batches (100: framed by their caller) and partial ones (sealed by whoever takes them)
            for (CompletableFuture<JsonNode> f : burst(p, round % 2 == 0 ? 100 : 7)) {
                assertThat(f.join().asString()).isEqualTo("0x7a69");
            }
        }
        Map<Long, Integer> seen = idsSeen(s);
        assertThat(seen).hasSize(15 * 100 + 15 * 7);
        assertThat(seen.values()).as("each id read once by the node").containsOnly(1);
        // the drain may win a race now and then; never losing one means the caller never sends
        assertThat(p.callerThreadConnections()).as("a caller connection was used").isEqualTo(1);
        assertThat(s.connections.get()).isEqualTo(2);
        assertThat(p.pendingRequests()).isZero();
    }

    @Test
    void explicitBatchesJoinedAtOnceAreSentOnceEachAndMostlyOnACallerConnection() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = connected(s, config(s));
        List<RpcCall> calls = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            calls.add(RpcCall.of(i % 2 == 0 ? "eth_chainId" : "fail"));
        }
        for (int round = 0; round < 30; round++) {
            List<CompletableFuture<JsonNode>> fs = p.sendBatch(calls);
            for (int i = 0; i < fs.size(); i++) {
                if (i % 2 == 0) {
                    assertThat(fs.get(i).join().asString()).isEqualTo("0x7a69");
                } else {
                    assertThat(fs.get(i)).failsWithin(Duration.ZERO).withThrowableThat()
                            .havingCause().isInstanceOf(RpcErrorException.class);
                }
            }
        }
        Map<Long, Integer> seen = idsSeen(s);
        assertThat(seen).hasSize(30 * 20);
        assertThat(seen.values()).as("each id read once by the node").containsOnly(1);
        assertThat(p.callerThreadConnections()).as("a caller connection was used").isEqualTo(1);
        assertThat(p.pendingRequests()).isZero();
    }

    /** A provider on {@code s}, once its shared connection is up. */
    private WebSocketProvider connected(TestWsServer s, WebSocketConfig.Builder config) throws InterruptedException {
        WebSocketProvider p = rig.provider(config);
        await(() -> s.connections.get() == 1, "shared connection seen");
        return p;
    }

    /** Calls nobody joins are answered all the same, and their sender is no longer taken for one that joins at once. */
    private static void assertAnsweredUnjoinedAndHabitCleared(List<CompletableFuture<JsonNode>> calls, JoinHabit habit)
            throws InterruptedException {
        CountDownLatch answered = new CountDownLatch(calls.size());
        calls.forEach(f -> f.whenComplete((v, e) -> answered.countDown()));
        assertThat(answered.await(5, TimeUnit.SECONDS)).as("answered without a join").isTrue();
        assertThat(habit.joinsAtOnce).as("after calls the event loop had to send").isFalse();
    }

    /** Runs {@code body} on a new platform thread (its own {@link JoinHabit}) and waits for it. */
    private static void onNewPlatformThread(ThrowingRunnable body) throws Exception {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Thread.ofPlatform().start(() -> {
            try {
                body.run();
                done.complete(null);
            } catch (Throwable e) {
                done.completeExceptionally(e);
            }
        });
        done.get(30, TimeUnit.SECONDS);
    }

    interface ThrowingRunnable {
        void run() throws Exception;
    }

    private static List<RpcCall> chainIds(int n) {
        List<RpcCall> calls = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            calls.add(RpcCall.of("eth_chainId"));
        }
        return calls;
    }

    @Test
    void onlyASenderThatJoinsAtOnceHasItsExplicitBatchesLeftToIt() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = connected(s, config(s));
        onNewPlatformThread(() -> {
            JoinHabit habit = JoinHabit.of();
            assertThat(habit.joinsAtOnce).as("a new thread").isFalse();
            // joined at once until the caller has taken one (the event loop may win the first races)
            for (int i = 0; i < 100 && !habit.joinsAtOnce; i++) {
                p.sendBatch(chainIds(5)).forEach(CompletableFuture::join);
            }
            assertThat(habit.joinsAtOnce).as("after taking one of its batches").isTrue();
            // a batch nobody joins: written by the event loop once the wait ends, and the sender marked for it
            assertAnsweredUnjoinedAndHabitCleared(p.sendBatch(chainIds(5)), habit);
        });
        assertThat(idsSeen(s).values()).as("each id read once by the node").containsOnly(1);
        assertThat(p.pendingRequests()).isZero();
    }

    @Test
    void theEventLoopWritesAnExplicitBatchNoSoonerThanItsCallersTimeToTakeItEnds() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = connected(s, config(s));
        long wait = TimeUnit.MILLISECONDS.toNanos(300);
        p.takeWaitNanos(wait);
        onNewPlatformThread(() -> {
            JoinHabit.of().joinsAtOnce = true;
            long handedOver = System.nanoTime();
            List<CompletableFuture<JsonNode>> fs = p.sendBatch(chainIds(3));
            CountDownLatch answered = new CountDownLatch(3);
            fs.forEach(f -> f.whenComplete((v, e) -> answered.countDown()));
            assertThat(answered.await(5, TimeUnit.SECONDS)).as("answered without a join").isTrue();
            assertThat(System.nanoTime() - handedOver).as("written after the caller's time to take it")
                    .isGreaterThanOrEqualTo(wait);
            assertThat(fs.get(0).join().asString()).isEqualTo("0x7a69");
        });
        assertThat(s.connections.get()).as("no caller connection").isEqualTo(1);
    }

    @Test
    void closingTheProviderEndsAnExplicitBatchLeftToItsCaller() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = connected(s, config(s));
        p.takeWaitNanos(TimeUnit.SECONDS.toNanos(60));
        List<CompletableFuture<JsonNode>> fs = new ArrayList<>();
        onNewPlatformThread(() -> {
            JoinHabit.of().joinsAtOnce = true;
            fs.addAll(p.sendBatch(chainIds(3)));
        });
        await(() -> p.pendingRequests() == 3, "the batch admitted");
        p.close();
        for (CompletableFuture<JsonNode> f : fs) {
            assertThat(f).failsWithin(Duration.ofSeconds(5)).withThrowableThat()
                    .havingCause().isInstanceOf(ConnectionLostException.class);
        }
        assertThat(s.received).as("nothing sent").isEmpty();
    }

    @Test
    void aBurstOfASenderThatJoinsAtOnceWaitsForItsJoinAndLeavesOnItsConnection() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = connected(s, config(s));
        p.takeWaitNanos(TimeUnit.SECONDS.toNanos(60));
        onNewPlatformThread(() -> {
            JoinHabit.of().assumeSettled();
            List<CompletableFuture<JsonNode>> fs = burst(p, 7);
            Thread.sleep(300); // through the ring, the drain would have written it after its hold (5 us of quiet)
            assertThat(s.received).as("left to its sender, not drained").isEmpty();
            assertThat(p.pendingRequests()).isEqualTo(7);
            for (CompletableFuture<JsonNode> f : fs) {
                assertThat(f.join().asString()).isEqualTo("0x7a69");
            }
            assertThat(JoinHabit.of().joinsAtOnce).as("took it").isTrue();
        });
        assertThat(idsSeen(s)).hasSize(7).allSatisfy((id, n) -> assertThat(n).isEqualTo(1));
        assertThat(s.connections.get()).as("sent on a caller connection").isEqualTo(2);
    }

    @Test
    void aBurstNobodyJoinsOfASenderThatJoinedAtOnceIsAnsweredAndItsSenderMarked() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = connected(s, config(s));
        onNewPlatformThread(() -> {
            JoinHabit habit = JoinHabit.of();
            // joined at once until the sender has taken one (the drain may win the first races)
            for (int i = 0; i < 100 && !habit.leavesUnwoken(); i++) {
                burst(p, 5).forEach(CompletableFuture::join);
            }
            assertThat(habit.leavesUnwoken()).as("after taking its bursts").isTrue();
            for (int round = 0; round < 3; round++) {
                burst(p, 5).forEach(CompletableFuture::join); // left to it, taken
            }
            // a join preempted past the hold in a round above (a loaded machine) unsettles the habit, and the next
            // burst then goes through the ring, whose drain does not clear it: settle it again, so that the burst
            // below is surely one left to its sender, which is what this test is about
            habit.assumeSettled();
            assertAnsweredUnjoinedAndHabitCleared(burst(p, 5), habit);
        });
        assertThat(idsSeen(s).values()).as("each id read once by the node").containsOnly(1);
        assertThat(p.pendingRequests()).isZero();
    }

    @Test
    void aBurstOfMoreThanABatchLeavesAtOnceSaveItsLastBatch() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = connected(s, config(s));
        p.takeWaitNanos(TimeUnit.SECONDS.toNanos(60));
        onNewPlatformThread(() -> {
            JoinHabit.of().assumeSettled();
            List<CompletableFuture<JsonNode>> fs = burst(p, 250);
            // a batch left to it went to the drain when the burst went past it (not one per join: a round trip each);
            // only the last batch may still be left to it (where the drain sealed a batch early, the next one starts
            // earlier: so at most 100 calls, the burst's last)
            await(() -> fs.stream().filter(CompletableFuture::isDone).count() >= 150, "answered without joins");
            Thread.sleep(100);
            int undone = (int) fs.stream().filter(f -> !f.isDone()).count();
            assertThat(undone).as("left to its sender").isLessThanOrEqualTo(100);
            assertThat(fs.subList(0, 250 - undone)).as("answered").allMatch(CompletableFuture::isDone);
            assertThat(fs.get(249).join().asString()).isEqualTo("0x7a69");
            assertThat(fs).allMatch(f -> f.isDone() && !f.isCompletedExceptionally());
        });
        assertThat(idsSeen(s)).hasSize(250).allSatisfy((id, n) -> assertThat(n).isEqualTo(1));
    }

    @Test
    void theCallsOfAnOpenBatchTimeOutFromWhenTheBatchOpened() throws Exception {
        TestWsServer s = rig.server((srv, ch, req) -> null); // reads every call, answers none
        WebSocketProvider p = connected(s, config(s).requestTimeout(Duration.ofMillis(300)));
        long opened = System.nanoTime();
        List<CompletableFuture<JsonNode>> fs = burst(p, 5); // one open batch: its calls share its opening instant
        for (CompletableFuture<JsonNode> f : fs) {
            assertThat(f).failsWithin(Duration.ofSeconds(5)).withThrowableThat()
                    .havingCause().isInstanceOf(RpcTimeoutException.class);
        }
        assertThat(System.nanoTime() - opened).as("not before the timeout")
                .isGreaterThanOrEqualTo(Duration.ofMillis(300).toNanos());
        assertThat(p.pendingRequests()).isZero();
    }

    @Test
    void closingTheProviderEndsABurstLeftToItsSender() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = connected(s, config(s));
        p.takeWaitNanos(TimeUnit.SECONDS.toNanos(60));
        List<CompletableFuture<JsonNode>> fs = new ArrayList<>();
        onNewPlatformThread(() -> {
            JoinHabit.of().assumeSettled();
            fs.addAll(burst(p, 100)); // full: framed by its sender, a direct buffer to free
        });
        onNewPlatformThread(() -> {
            JoinHabit.of().assumeSettled();
            fs.addAll(burst(p, 3)); // open, in a heap buffer
        });
        await(() -> p.pendingRequests() == 103, "the bursts admitted");
        p.close();
        for (CompletableFuture<JsonNode> f : fs) {
            assertThat(f).failsWithin(Duration.ofSeconds(5)).withThrowableThat()
                    .havingCause().isInstanceOf(ConnectionLostException.class);
        }
        Thread.sleep(100);
        assertThat(s.received).as("nothing sent").isEmpty();
    }

    @Test
    void aFinishedFutureKeptByItsCallerDoesNotKeepTheRestOfItsBatchNorDoesItsThread() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = connected(s, config(s));
        List<CompletableFuture<JsonNode>> first = burst(p, 100);
        first.forEach(CompletableFuture::join); // the first join takes the batch; the others find their calls done
        CompletableFuture<JsonNode> kept = first.get(50);
        WeakReference<CompletableFuture<JsonNode>> other = new WeakReference<>(first.get(99));
        first = null;
        // the thread still keeps this batch (for the size of its next one), without its calls
        for (int i = 0; i < 20 && other.get() != null; i++) {
            System.gc();
            Thread.sleep(10);
        }
        assertThat(other.get()).as("another call of the batch, reachable only through a kept future's departure")
                .isNull();
        assertThat(kept.join().asString()).isEqualTo("0x7a69");
    }

    @Test
    void aBurstNobodyJoinsIsWrittenByTheDrain() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = connected(s, config(s));
        for (int round = 0; round < 5; round++) {
            CountDownLatch answered = new CountDownLatch(100);
            burst(p, 100).forEach(f -> f.thenRun(answered::countDown));
            assertThat(answered.await(5, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(idsSeen(s)).hasSize(500);
        assertThat(s.connections.get()).as("no caller connection").isEqualTo(1);
    }

    @Test
    void aVirtualThreadJoiningLeavesTheBatchToTheDrain() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = connected(s, config(s));
        CompletableFuture<Integer> done = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            burst(p, 50).forEach(CompletableFuture::join);
            done.complete(50);
        });
        assertThat(done.get(5, TimeUnit.SECONDS)).isEqualTo(50);
        assertThat(s.connections.get()).isEqualTo(1);
    }

    @Test
    void answersSentOneByOneAndAStrayMessageAreReadOnTheCallerConnection() throws Exception {
        TestWsServer s = rig.server((srv, ch, req) -> {
            // a notification nobody asked for, then each answer as a message of its own, not as a batch
            ch.writeAndFlush(new TextWebSocketFrame("{\"jsonrpc\":\"2.0\",\"id\":999999,\"result\":\"0x0\"}"));
            ch.writeAndFlush(new TextWebSocketFrame(TestWsServer.DEFAULT.answer(srv, ch, req).toString()));
            return null;
        });
        WebSocketProvider p = connected(s, config(s));
        for (int round = 0; round < 10; round++) {
            for (CompletableFuture<JsonNode> f : burst(p, 5)) {
                assertThat(f.get(5, TimeUnit.SECONDS).asString()).isEqualTo("0x7a69");
            }
        }
        assertThat(idsSeen(s)).hasSize(50).allSatisfy((id, n) -> assertThat(n).isEqualTo(1));
    }

    @Test
    void theDrainAndATakingCallerNeverBothHaveABatch() {
        InFlightTable table = new InFlightTable(10, new RequestLifecycle(Runnable::run));
        WsOpenBatch taken = batchOf(table, 2);
        assertThat(taken.takeForCaller()).isTrue();
        assertThat(taken.takeForCaller()).as("taken once").isFalse();
        assertThat(taken.seal()).isEqualTo(2);
        assertThat(taken.claimForDrain()).isFalse();
        assertThat(taken.append(request(table, 9), List.of(), table, UnpooledByteBufAllocator.DEFAULT))
                .as("no call joins a taken batch").isEqualTo(WsOpenBatch.Append.REFUSED);
        taken.release();

        WsOpenBatch claimed = batchOf(table, 1);
        assertThat(claimed.seal()).isEqualTo(1);
        assertThat(claimed.claimForDrain()).isTrue();
        assertThat(claimed.takeForCaller()).isFalse();
        claimed.release();
    }

    private static WsOpenBatch batchOf(InFlightTable table, int calls) {
        WsOpenBatch b = new WsOpenBatch(64, x -> { });
        for (int i = 0; i < calls; i++) {
            assertThat(b.append(request(table, 0), List.of(), table, UnpooledByteBufAllocator.DEFAULT))
                    .isEqualTo(WsOpenBatch.Append.APPENDED);
        }
        assertThat(b.departure()).isNotNull();
        return b;
    }

    private static long nextId = 1;

    private static PendingRequest request(InFlightTable table, int unused) {
        PendingRequest r = new PendingRequest(nextId++, "eth_chainId", Duration.ofSeconds(5).toNanos(), null);
        table.admit(r, false, "test");
        return r;
    }
}
