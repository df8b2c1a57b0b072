package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static sh.brane.rpc.WebSocketProviderTest.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * Single {@code sendAsync} calls of a platform thread, which go to the event loop as one burst
 * ({@link RingWriter#publishInBurst}): a caller that joins one of them before the loop wrote the burst sends the whole
 * burst on a caller-thread connection and reads the answers there; the loop writes it otherwise; never both. Each call
 * stays a message of its own, answered by a message of its own. Against a real loopback WebSocket server
 * ({@link TestWsServer}).
 */
class WsBurstSendsTest {

    @RegisterExtension
    final WsTestRig rig = new WsTestRig();

    private static WebSocketConfig.Builder config(TestWsServer s) {
        return WebSocketConfig.builder(s.url()).callerThreadConnections(2)
                .requestTimeout(Duration.ofSeconds(3))
                .connectTimeout(Duration.ofSeconds(2));
    }

    private WebSocketProvider connected(TestWsServer s, WebSocketConfig.Builder config) throws InterruptedException {
        WebSocketProvider p = rig.provider(config);
        await(() -> s.connections.get() == 1, "shared connection seen");
        return p;
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
            fs.add(p.sendAsync("eth_chainId", List.of()));
        }
        return fs;
    }

    /** Runs {@code body} on a new platform thread (its own {@link JoinHabit}) and waits for it. */
    private static void onNewPlatformThread(WsJoinSendsTest.ThrowingRunnable body) throws Exception {
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

    @Test
    void burstsJoinedAtOnceAreSentOnceEachAsMessagesOfTheirOwnOnACallerConnection() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = connected(s, config(s));
        onNewPlatformThread(() -> {
            for (int round = 0; round < 30; round++) {
                // full bursts (100: framed by their caller) and partial ones (sealed by whoever takes them)
                for (CompletableFuture<JsonNode> f : burst(p, round % 2 == 0 ? 100 : 7)) {
                    assertThat(f.join().asString()).isEqualTo("0x7a69");
                }
            }
            assertThat(JoinHabit.of().joinsAtOnce).as("took its bursts").isTrue();
        });
        Map<Long, Integer> seen = idsSeen(s);
        assertThat(seen).hasSize(15 * 100 + 15 * 7);
        assertThat(seen.values()).as("each id read once by the node").containsOnly(1);
        assertThat(s.framesReceived.get()).as("each call a message of its own, never a JSON-RPC batch")
                .isEqualTo(15 * 100 + 15 * 7);
        assertThat(p.callerThreadConnections()).as("a caller connection was used").isEqualTo(1);
        assertThat(s.connections.get()).isEqualTo(2);
        assertThat(p.pendingRequests()).isZero();
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
            assertThat(fs.get(3).join().asString()).as("joined out of order").isEqualTo("0x7a69");
            assertThat(fs).as("the whole burst answered by the one join").allMatch(CompletableFuture::isDone);
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
            List<CompletableFuture<JsonNode>> unjoined = burst(p, 5);
            CountDownLatch answered = new CountDownLatch(unjoined.size());
            unjoined.forEach(f -> f.whenComplete((v, e) -> answered.countDown()));
            assertThat(answered.await(5, TimeUnit.SECONDS)).as("answered without a join").isTrue();
            assertThat(habit.joinsAtOnce).as("after calls the event loop had to send").isFalse();
        });
        assertThat(idsSeen(s).values()).as("each id read once by the node").containsOnly(1);
        assertThat(p.pendingRequests()).isZero();
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
        assertThat(s.framesReceived.get()).as("each call a message of its own").isEqualTo(500);
        assertThat(s.connections.get()).as("no caller connection").isEqualTo(1);
    }

    @Test
    void aBurstOfMoreThanAHundredLeavesAtOnceSaveItsLastHundred() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = connected(s, config(s));
        p.takeWaitNanos(TimeUnit.SECONDS.toNanos(60));
        onNewPlatformThread(() -> {
            JoinHabit.of().assumeSettled();
            List<CompletableFuture<JsonNode>> fs = burst(p, 250);
            await(() -> fs.stream().filter(CompletableFuture::isDone).count() >= 150, "answered without joins");
            Thread.sleep(100);
            int undone = (int) fs.stream().filter(f -> !f.isDone()).count();
            assertThat(undone).as("left to its sender").isLessThanOrEqualTo(100);
            assertThat(fs.get(249).join().asString()).isEqualTo("0x7a69");
            assertThat(fs).allMatch(f -> f.isDone() && !f.isCompletedExceptionally());
        });
        assertThat(idsSeen(s)).hasSize(250).allSatisfy((id, n) -> assertThat(n).isEqualTo(1));
    }

    @Test
    void answersInAnotherOrderAndAStrayMessageAreReadOnTheCallerConnection() throws Exception {
        List<JsonNode> held = new CopyOnWriteArrayList<>();
        TestWsServer s = rig.server((srv, ch, req) -> {
            // holds each burst of 5 and answers it last call first, after a notification nobody asked for
            held.add(req);
            if (held.size() == 5) {
                ch.writeAndFlush(new TextWebSocketFrame("{\"jsonrpc\":\"2.0\",\"id\":999999,\"result\":\"0x0\"}"));
                for (int i = 4; i >= 0; i--) {
                    ch.writeAndFlush(new TextWebSocketFrame(
                            TestWsServer.DEFAULT.answer(srv, ch, held.get(i)).toString()));
                }
                held.clear();
            }
            return null;
        });
        WebSocketProvider p = connected(s, config(s));
        onNewPlatformThread(() -> {
            JoinHabit.of().assumeSettled();
            for (int round = 0; round < 10; round++) {
                for (CompletableFuture<JsonNode> f : burst(p, 5)) {
                    assertThat(f.join().asString()).isEqualTo("0x7a69"); // (a timed get is no join: never takes)
                }
            }
        });
        assertThat(idsSeen(s)).hasSize(50).allSatisfy((id, n) -> assertThat(n).isEqualTo(1));
        assertThat(s.connections.get()).as("sent on a caller connection").isEqualTo(2);
    }

    @Test
    void typedCallsAndErrorsOfABurstEndEachOnItsOwn() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = connected(s, config(s));
        ResultDecoder<String> text = parser -> parser.getString();
        onNewPlatformThread(() -> {
            JoinHabit.of().assumeSettled();
            for (int round = 0; round < 10; round++) {
                CompletableFuture<String> typed = p.sendAsync("eth_chainId", List.of(), text);
                CompletableFuture<JsonNode> failed = p.sendAsync("fail", List.of());
                CompletableFuture<JsonNode> plain = p.sendAsync("eth_chainId", List.of());
                assertThat(typed.join()).isEqualTo("0x7a69");
                assertThat(failed).failsWithin(Duration.ofSeconds(5)).withThrowableThat()
                        .havingCause().isInstanceOf(RpcErrorException.class);
                assertThat(plain.join().asString()).isEqualTo("0x7a69");
            }
        });
        assertThat(idsSeen(s)).hasSize(30).allSatisfy((id, n) -> assertThat(n).isEqualTo(1));
        assertThat(p.callerThreadConnections()).as("a node's error answer keeps the connection").isEqualTo(1);
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
    void aVirtualThreadsCallsGoOneByOneThroughTheRing() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = connected(s, config(s));
        CompletableFuture<Integer> done = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            burst(p, 50).forEach(CompletableFuture::join);
            done.complete(50);
        });
        assertThat(done.get(5, TimeUnit.SECONDS)).isEqualTo(50);
        assertThat(s.connections.get()).isEqualTo(1);
        assertThat(s.framesReceived.get()).isEqualTo(50);
    }

    @Test
    void aCallerJoiningStagesMadeFromTheCallsSendsTheBurstToo() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = connected(s, config(s));
        p.takeWaitNanos(TimeUnit.SECONDS.toNanos(60)); // the event loop would leave the burst alone for a minute
        onNewPlatformThread(() -> {
            JoinHabit.of().assumeSettled();
            for (int round = 0; round < 5; round++) {
                List<CompletableFuture<String>> stages = new ArrayList<>();
                for (CompletableFuture<JsonNode> f : burst(p, 4)) {
                    // as the typed clients make theirs: a stage, and a stage of a stage
                    stages.add(f.thenApply(JsonNode::asString)
                            .exceptionallyCompose(CompletableFuture::failedFuture));
                }
                for (CompletableFuture<String> stage : stages) {
                    assertThat(stage.join()).isEqualTo("0x7a69");
                }
            }
            assertThat(JoinHabit.of().leavesUnwoken()).as("took every burst").isTrue();
        });
        assertThat(idsSeen(s)).hasSize(20).allSatisfy((id, n) -> assertThat(n).isEqualTo(1));
        assertThat(s.connections.get()).as("sent on a caller connection").isEqualTo(2);
    }

    @Test
    void aTimedGetHandsABurstLeftToItsSenderToTheEventLoop() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = connected(s, config(s));
        p.takeWaitNanos(TimeUnit.SECONDS.toNanos(60)); // left alone, the burst would wait a minute for the loop
        onNewPlatformThread(() -> {
            JoinHabit habit = JoinHabit.of();
            habit.assumeSettled();
            List<CompletableFuture<JsonNode>> fs = burst(p, 3);
            // a timed get never sends on its own thread (an exchange could outlast its timeout): the loop sends now
            assertThat(fs.get(1).get(20, TimeUnit.SECONDS).asString()).isEqualTo("0x7a69");
            assertThat(habit.leavesUnwoken()).as("its sender no longer taken for one that joins at once").isFalse();
            habit.assumeSettled();
            CompletableFuture<String> stage = p.sendAsync("eth_chainId", List.of()).thenApply(JsonNode::asString);
            assertThat(stage.get(20, TimeUnit.SECONDS)).as("a stage's timed get too").isEqualTo("0x7a69");
        });
        assertThat(idsSeen(s)).hasSize(4);
        assertThat(s.connections.get()).as("sent by the event loop").isEqualTo(1);
    }

    @Test
    void aThreadMixingJoinsWithWaitsThatCannotTakeIsNeverLeftItsBursts() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = connected(s, config(s));
        onNewPlatformThread(() -> {
            JoinHabit habit = JoinHabit.of();
            for (int round = 0; round < 40; round++) {
                burst(p, 5).forEach(CompletableFuture::join);
                // allOf makes a future of its own: joining it cannot take the burst, so the drain sends it
                CompletableFuture.allOf(burst(p, 5).toArray(new CompletableFuture[0])).join();
                assertThat(habit.leavesUnwoken()).as("round %d", round).isFalse();
            }
        });
        assertThat(idsSeen(s)).hasSize(400).allSatisfy((id, n) -> assertThat(n).isEqualTo(1));
    }

    @Test
    void aBurstTakenByItsCallerTimesOutOnASilentNodeAsAnyCall() throws Exception {
        TestWsServer s = rig.server((srv, ch, req) -> null); // reads every call, answers none
        WebSocketProvider p = connected(s, config(s).requestTimeout(Duration.ofMillis(300)));
        p.takeWaitNanos(TimeUnit.SECONDS.toNanos(60));
        onNewPlatformThread(() -> {
            JoinHabit.of().assumeSettled();
            List<CompletableFuture<JsonNode>> fs = burst(p, 3);
            // the joiner blocks in a read with no deadline of its own: the sweep ends the calls and the read
            for (CompletableFuture<JsonNode> f : fs) {
                // joined (a timed get, as failsWithin makes, would hand the burst to the event loop instead)
                assertThatThrownBy(f::join).hasCauseInstanceOf(RpcTimeoutException.class);
            }
        });
        assertThat(idsSeen(s)).hasSize(3);
        assertThat(s.connections.get()).as("sent on a caller connection").isEqualTo(2);
        assertThat(p.pendingRequests()).isZero();
        assertThat(p.callerThreadConnections()).as("the timed-out connection dropped").isZero();
    }

    @Test
    void subscriptionCallsStayOnTheSharedConnectionWhereTheNodeKeepsTheSubscription() throws Exception {
        Map<String, io.netty.channel.Channel> subscribedOn = new java.util.concurrent.ConcurrentHashMap<>();
        TestWsServer s = rig.server((srv, ch, req) -> switch (req.path("method").asString()) {
            case "eth_subscribe" -> {
                String id = "0xsub" + srv.subscriptionCounter.incrementAndGet();
                subscribedOn.put(id, ch);
                yield TestWsServer.result(req, TestWsServer.JSON.getNodeFactory().stringNode(id));
            }
            // as a node does: a subscription is ended only on the connection that made it
            case "eth_unsubscribe" -> TestWsServer.result(req, TestWsServer.JSON.getNodeFactory()
                    .booleanNode(subscribedOn.remove(req.get("params").get(0).asString(), ch)));
            default -> TestWsServer.DEFAULT.answer(srv, ch, req);
        });
        WebSocketProvider p = connected(s, config(s));
        p.takeWaitNanos(TimeUnit.SECONDS.toNanos(60));
        onNewPlatformThread(() -> {
            JoinHabit.of().assumeSettled();
            assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69"); // a caller connection opens
            Subscription sub = p.subscribe(List.of("newHeads"), head -> { }).get(5, TimeUnit.SECONDS);
            assertThat(p.unsubscribe(sub).join()).as("unsubscribe()").isTrue();
            for (int i = 0; i < 4; i++) {
                String id = p.sendAsync("eth_subscribe", List.of("newHeads")).join().asString();
                CompletableFuture<JsonNode> ended = switch (i) {
                    case 0 -> CompletableFuture.completedFuture(p.send("eth_unsubscribe", List.of(id)));
                    case 1 -> p.sendAsync("eth_unsubscribe", List.of(id));
                    case 2 -> p.sendAsyncBatch("eth_unsubscribe", List.of(id));
                    default -> p.sendBatch(List.of(RpcCall.of("eth_unsubscribe", id))).get(0);
                };
                assertThat(ended.join().asBoolean()).as("eth_unsubscribe, way %d", i).isTrue();
            }
        });
        assertThat(subscribedOn).isEmpty();
    }
}
