package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.websocketx.ContinuationWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import tools.jackson.databind.JsonNode;

public class WebSocketProviderTest {

    @RegisterExtension
    final WsTestRig rig = new WsTestRig();
    private final RecordingMetrics metrics = rig.metrics;

    /** The shared connection alone (a remote node's default): caller-thread connections have their own tests. */
    private static WebSocketConfig.Builder fast(TestWsServer s) {
        return WebSocketConfig.builder(s.url())
                .callerThreadConnections(0)
                .requestTimeout(Duration.ofMillis(500))
                .connectTimeout(Duration.ofSeconds(2))
                .reconnectInitialBackoff(Duration.ofMillis(20))
                .reconnectMaxBackoff(Duration.ofMillis(100));
    }

    public static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for: " + what);
            }
            Thread.sleep(5);
        }
    }

    public static Throwable failureOf(CompletableFuture<?> f, long millis) throws Exception {
        try {
            f.get(millis, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            return e.getCause();
        }
        throw new AssertionError("future completed normally");
    }

    @Test
    void sendsParamsOfEveryTypeAndReturnsResult() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = rig.provider(fast(s));
        Map<String, Object> obj = new LinkedHashMap<>();
        obj.put("to", Address.of("0x52908400098527886e0f7030069857d2e4169ee7"));
        obj.put("n", List.of(1, 2L, true));
        List<Object> params = new ArrayList<>();
        params.add("a\"b");
        params.add(42);
        params.add(new BigInteger("123456789012345678901234567890"));
        params.add(null);
        params.add(false);
        params.add(Hash.of("0x" + "ab".repeat(32)));
        params.add(new byte[] {1, 2, (byte) 0xff});
        params.add(obj);
        params.add(TestWsServer.JSON.readTree("{\"x\":[1]}"));

        JsonNode result = p.send("echo", params);

        assertThat(result.toString()).isEqualTo("[\"a\\\"b\",42,123456789012345678901234567890,null,false,\"0x"
                + "ab".repeat(32) + "\",\"0x0102ff\",{\"to\":\"0x52908400098527886e0f7030069857d2e4169ee7\","
                + "\"n\":[1,2,true]},{\"x\":[1]}]");
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        assertThat(metrics.count("started")).isEqualTo(2);
        await(() -> metrics.count("completed") == 2, "completed metrics");
        assertThat(p.pendingRequests()).isZero();
    }

    @Test
    void rejectsUnsupportedParamTypeNamingIt() throws Exception {
        WebSocketProvider p = rig.provider(fast(rig.server(TestWsServer.DEFAULT)));
        assertThatThrownBy(() -> p.sendAsync("echo", List.of(Map.of("k", new Object()))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("params[0].k")
                .hasMessageContaining("java.lang.Object");
    }

    @Test
    void rpcErrorCarriesCodeMessageAndData() throws Exception {
        WebSocketProvider p = rig.provider(fast(rig.server(TestWsServer.DEFAULT)));
        assertThatThrownBy(() -> p.send("fail", List.of()))
                .isInstanceOfSatisfying(RpcErrorException.class, e -> {
                    assertThat(e.code()).isEqualTo(3);
                    assertThat(e.rpcMessage()).isEqualTo("execution reverted");
                    assertThat(e.data().asString()).isEqualTo("0x08c379a0");
                    assertThat(e.method()).isEqualTo("fail");
                    assertThat(e.outcome()).isEqualTo(RpcOutcome.RPC_ERROR);
                });
        await(() -> metrics.failures.contains(RpcOutcome.RPC_ERROR), "failure metric");
    }

    @Test
    void futuresCompleteOffTheIoThread() throws Exception {
        // the answer comes 100 ms late, so the continuation is attached before the future completes (else it
        // would run on this test thread, which proves nothing)
        WebSocketProvider p = rig.provider(fast(rig.server((srv, ch, req) -> {
            ch.eventLoop().schedule(() -> ch.writeAndFlush(new TextWebSocketFrame(
                    TestWsServer.result(req, req.get("params")).toString())), 100, TimeUnit.MILLISECONDS);
            return null;
        })));
        Thread t = p.sendAsync("echo", List.of()).thenApply(r -> Thread.currentThread()).get(2, TimeUnit.SECONDS);
        assertThat(t.isVirtual()).isTrue();
        assertThat(t.getName()).doesNotContain("-io-");
    }

    @Test
    void ringBufferPathCompletesEveryRequestAndCoalescesWrites() throws Exception {
        WebSocketProvider p = rig.provider(fast(rig.server(TestWsServer.DEFAULT)).ringBufferSize(64)
                .requestTimeout(Duration.ofSeconds(10)));
        List<CompletableFuture<JsonNode>> futures = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            futures.add(p.sendAsyncBatch("echo", List.of(i)));
        }
        for (int i = 0; i < futures.size(); i++) {
            assertThat(futures.get(i).get(5, TimeUnit.SECONDS).get(0).asInt()).isEqualTo(i);
        }
        assertThat(metrics.batchSizes.stream().mapToInt(Integer::intValue).sum()).isEqualTo(2000);
        assertThat(p.pendingRequests()).isZero();
        assertThat(p.ringBufferRemaining()).isEqualTo(64);
    }

    @Test
    void explicitBatchIsOneFrameAndMatchedById() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = rig.provider(fast(s));
        int framesBefore = s.framesReceived.get();
        List<CompletableFuture<JsonNode>> fs = p.sendBatch(List.of(
                RpcCall.of("echo", "first"), RpcCall.of("fail"), RpcCall.of("eth_chainId"), RpcCall.of("echo", 3)));
        assertThat(fs.get(0).get(2, TimeUnit.SECONDS).get(0).asString()).isEqualTo("first");
        assertThat(failureOf(fs.get(1), 2000)).isInstanceOf(RpcErrorException.class);
        assertThat(fs.get(2).get(2, TimeUnit.SECONDS).asString()).isEqualTo("0x7a69");
        assertThat(fs.get(3).get(2, TimeUnit.SECONDS).get(0).asInt()).isEqualTo(3);
        assertThat(s.framesReceived.get() - framesBefore).isEqualTo(1);
        assertThat(metrics.batchSizes).contains(4);
    }

    @Test
    void silentServerTimesOutWithTheRequestsOwnTimeout() throws Exception {
        WebSocketProvider p = rig.provider(fast(rig.server(TestWsServer.DEFAULT)).requestTimeout(Duration.ofSeconds(30)));
        CompletableFuture<JsonNode> f = p.sendAsync("silent", List.of(), Duration.ofMillis(200));
        Throwable e = failureOf(f, 3000);
        assertThat(e).isInstanceOf(RpcTimeoutException.class).hasMessageContaining("silent").hasMessageContaining("PT0.2S");
        await(() -> metrics.count("timeout") == 1, "timeout metric");
        assertThat(metrics.failures).containsExactly(RpcOutcome.TIMEOUT);
        assertThat(p.pendingRequests()).isZero();
    }

    @Test
    void responseWithUnknownIdIsCountedAsOrphanAndIgnored() throws Exception {
        TestWsServer s = rig.server((srv, ch, req) -> {
            ch.writeAndFlush(new TextWebSocketFrame("{\"jsonrpc\":\"2.0\",\"id\":987654,\"result\":\"0x1\"}"));
            return TestWsServer.DEFAULT.answer(srv, ch, req);
        });
        WebSocketProvider p = rig.provider(fast(s));
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        await(() -> metrics.count("orphan") == 1, "orphan metric");
        assertThat(metrics.events).contains("orphan:result for unknown id 987654");
    }

    @Test
    void malformedJsonAfterTheIdFailsOnlyThatRequest() throws Exception {
        TestWsServer s = rig.server((srv, ch, req) -> {
            if (req.path("method").asString().equals("broken")) {
                ch.writeAndFlush(new TextWebSocketFrame("{\"jsonrpc\":\"2.0\",\"id\":" + req.get("id") + ",\"result\":[1,2"));
                return null;
            }
            return TestWsServer.DEFAULT.answer(srv, ch, req);
        });
        WebSocketProvider p = rig.provider(fast(s));
        Throwable e = failureOf(p.sendAsync("broken", List.of()), 2000);
        assertThat(e).isInstanceOf(InvalidResponseException.class).hasMessageContaining("broken").hasMessageContaining("malformed JSON");
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
    }

    @Test
    void malformedJsonWithoutIdIsCountedAndProviderKeepsWorking() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = rig.provider(fast(s));
        await(() -> s.clients.size() == 1, "server saw the client");
        s.pushAll("not json at all");
        s.pushAll("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error\"}}");
        await(() -> metrics.count("orphan") == 2, "two orphan metrics");
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        assertThat(p.isConnected()).isTrue();
    }

    private static TestWsServer.Behaviour bigAnswers(int size) {
        return (srv, ch, req) -> switch (req.path("method").asString()) {
            // id first, as geth and anvil write it
            case "big" -> TestWsServer.JSON.readTree("{\"jsonrpc\":\"2.0\",\"id\":" + req.get("id")
                    + ",\"result\":\"" + "a".repeat(size) + "\"}");
            // id last, in one frame (usable inside a batch answer)
            case "bigIdLast" -> TestWsServer.JSON.readTree("{\"jsonrpc\":\"2.0\",\"result\":\"" + "c".repeat(size)
                    + "\",\"id\":" + req.get("id") + "}");
            // id last, and the message split into continuation frames
            case "bigTail" -> {
                String text = "{\"jsonrpc\":\"2.0\",\"result\":\"" + "b".repeat(size) + "\",\"id\":" + req.get("id") + "}";
                int third = text.length() / 3;
                ch.write(new TextWebSocketFrame(false, 0, Unpooled.copiedBuffer(text.substring(0, third), java.nio.charset.StandardCharsets.UTF_8)));
                ch.write(new ContinuationWebSocketFrame(false, 0, text.substring(third, 2 * third)));
                ch.writeAndFlush(new ContinuationWebSocketFrame(true, 0, text.substring(2 * third)));
                yield null;
            }
            // id in the middle of a huge message: it cannot be recovered
            case "bigMiddle" -> TestWsServer.JSON.readTree("{\"jsonrpc\":\"2.0\",\"result\":\"" + "c".repeat(size)
                    + "\",\"id\":" + req.get("id") + ",\"extra\":\"" + "d".repeat(size) + "\"}");
            default -> TestWsServer.DEFAULT.answer(srv, ch, req);
        };
    }

    @Test
    void oversizedResponseFailsOnlyItsOwnRequest() throws Exception {
        TestWsServer s = rig.server(bigAnswers(200_000));
        WebSocketProvider p = rig.provider(fast(s).requestTimeout(Duration.ofSeconds(5)));
        CompletableFuture<JsonNode> silent = p.sendAsync("silent", List.of(), Duration.ofSeconds(5));
        Throwable e = failureOf(p.sendAsync("big", List.of()), 3000);
        assertThat(e).isInstanceOf(FrameTooLargeException.class)
                .hasMessageContaining("big (id")
                .hasMessageContaining("maxFrameSize (65536 bytes)")
                .hasMessageContaining("raise WebSocketConfig maxFrameSize");
        Throwable e2 = failureOf(p.sendAsync("bigTail", List.of()), 3000);
        assertThat(e2).isInstanceOf(FrameTooLargeException.class).hasMessageContaining("bigTail (id");
        assertThat(silent).isNotDone();
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        assertThat(s.connections.get()).isEqualTo(1);
        await(() -> metrics.failures.stream().filter(o -> o == RpcOutcome.FRAME_TOO_LARGE).count() == 2, "metrics");
    }

    @Test
    void largerMaxFrameSizeAcceptsLargeFragmentedResponses() throws Exception {
        TestWsServer s = rig.server(bigAnswers(3_000_000));
        WebSocketProvider p = rig.provider(fast(s).maxFrameSize(8 * 1024 * 1024).requestTimeout(Duration.ofSeconds(5)));
        assertThat(p.send("bigTail", List.of()).asString()).hasSize(3_000_000);
        assertThat(p.send("big", List.of()).asString()).hasSize(3_000_000);
    }

    @Test
    void oversizedResponseWithUnreadableIdFailsPendingNamingTheLimit() throws Exception {
        TestWsServer s = rig.server(bigAnswers(100_000));
        WebSocketProvider p = rig.provider(fast(s).requestTimeout(Duration.ofSeconds(5)));
        CompletableFuture<JsonNode> silent = p.sendAsync("silent", List.of());
        Throwable e = failureOf(p.sendAsync("bigMiddle", List.of()), 3000);
        assertThat(e).isInstanceOf(FrameTooLargeException.class).hasMessageContaining("maxFrameSize (65536 bytes)");
        assertThat(failureOf(silent, 1000)).isInstanceOf(FrameTooLargeException.class);
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
    }

    @Test
    void oversizedBatchResponseFailsOnlyItsOwnBatch() throws Exception {
        TestWsServer s = rig.server(bigAnswers(100_000));
        WebSocketProvider p = rig.provider(fast(s).requestTimeout(Duration.ofSeconds(5)));
        CompletableFuture<JsonNode> silent = p.sendAsync("silent", List.of(), Duration.ofSeconds(5));
        // the server answers a batch in reverse order: the first array starts with "big" (id at its start), the
        // second holds only answers whose id comes last, so the id is read from the message's end
        for (List<RpcCall> calls : List.of(
                List.of(RpcCall.of("eth_chainId"), RpcCall.of("big")),
                List.of(RpcCall.of("bigIdLast"), RpcCall.of("bigIdLast")))) {
            List<CompletableFuture<JsonNode>> batch = p.sendBatch(calls);
            for (CompletableFuture<JsonNode> f : batch) {
                assertThat(failureOf(f, 3000)).isInstanceOf(FrameTooLargeException.class)
                        .hasMessageContaining("the answer to its batch of 2")
                        .hasMessageContaining("raise WebSocketConfig maxFrameSize");
            }
        }
        assertThat(silent).isNotDone();
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        assertThat(s.connections.get()).isEqualTo(1);
    }

    @Test
    void aSubscriptionTheNodeCreatesAfterItsSubscribeTimedOutIsEnded() throws Exception {
        TestWsServer s = rig.server((srv, ch, req) -> {
            if (!"eth_subscribe".equals(req.path("method").asString())) {
                return TestWsServer.DEFAULT.answer(srv, ch, req);
            }
            // the node is slow: it creates the subscription after the client gave up waiting
            ch.eventLoop().schedule(() -> ch.writeAndFlush(new TextWebSocketFrame(
                    TestWsServer.result(req, TestWsServer.JSON.getNodeFactory().stringNode("0xlate")).toString())),
                    800, TimeUnit.MILLISECONDS);
            return null;
        });
        WebSocketProvider p = rig.provider(fast(s));
        CompletableFuture<Subscription> sub = p.subscribe(List.of("newHeads"), n -> { });

        assertThat(failureOf(sub, 3000)).isInstanceOf(RpcTimeoutException.class);
        await(() -> s.received.stream().anyMatch(r -> "eth_unsubscribe".equals(r.path("method").asString())
                && "0xlate".equals(r.path("params").path(0).asString())), "eth_unsubscribe for the late subscription");
        assertThat(p.activeSubscriptions()).isZero();
    }

    /** The server answers a batch in reverse order, so the second call's answer completes first. */
    @Test
    void aBatchContinuationMayWaitForAnotherCallOfTheSameBatch() throws Exception {
        WebSocketProvider p = rig.provider(fast(rig.server(TestWsServer.DEFAULT)).requestTimeout(Duration.ofSeconds(5)));
        List<CompletableFuture<JsonNode>> batch = p.sendBatch(List.of(RpcCall.of("echo", "first"),
                RpcCall.of("echo", "second")));
        CompletableFuture<String> both = batch.get(1).thenApply(second -> batch.get(0).join().get(0).asString()
                + "+" + second.get(0).asString());

        assertThat(both.get(3, TimeUnit.SECONDS)).isEqualTo("first+second");
    }

    @Test
    void droppedConnectionFailsEveryInFlightRequestAtOnceThenReconnects() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = rig.provider(fast(s).requestTimeout(Duration.ofSeconds(30)));
        List<CompletableFuture<JsonNode>> inFlight = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            inFlight.add(i % 2 == 0 ? p.sendAsync("silent", List.of()) : p.sendAsyncBatch("silent", List.of()));
        }
        await(() -> s.received.size() >= 50 && s.clients.size() == 1, "requests reached the server");
        s.dropClients();
        for (CompletableFuture<JsonNode> f : inFlight) {
            // the timeout is 30 s: failing within 1 s proves the failure came from the disconnect
            assertThat(failureOf(f, 1000)).isInstanceOf(ConnectionLostException.class)
                    .hasMessageContaining("may or may not have reached the node");
        }
        assertThat(p.pendingRequests()).isZero();
        await(p::isConnected, "reconnected");
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        assertThat(metrics.count("connectionLost")).isEqualTo(1);
        assertThat(metrics.events).contains("connectionLost:default:50");
        assertThat(metrics.count("reconnected")).isEqualTo(1);
        assertThat(s.connections.get()).isEqualTo(2);
    }

    @Test
    void requestsWhileDisconnectedFailFastWithConnectionLost() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = rig.provider(fast(s).reconnect(false));
        await(() -> s.clients.size() == 1, "server saw the client");
        s.dropClients();
        await(() -> !p.isConnected(), "disconnected");
        Throwable e = failureOf(p.sendAsync("eth_chainId", List.of(), Duration.ofSeconds(30)), 1000);
        assertThat(e).isInstanceOf(ConnectionLostException.class).hasMessageContaining("not connected");
    }

    @Test
    void subscriptionSurvivesReconnectUnderTheSameHandleAndReportsTheGap() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = rig.provider(fast(s));
        List<String> seen = new CopyOnWriteArrayList<>();
        List<Thread> threads = new CopyOnWriteArrayList<>();
        Subscription sub = p.subscribe(List.of("newHeads"), new SubscriptionListener() {
            @Override
            public void onNotification(JsonNode result) {
                threads.add(Thread.currentThread());
                seen.add(result.path("number").asString());
            }

            @Override
            public void onGap() {
                seen.add("gap");
            }
        }).get(2, TimeUnit.SECONDS);
        assertThat(sub.serverId()).isEqualTo("0xsub1");
        for (int i = 1; i <= 3; i++) {
            s.pushAll(notification("0xsub1", "0x" + i));
        }
        await(() -> seen.size() == 3 && s.clients.size() == 1, "three heads");
        s.dropClients();
        await(() -> "0xsub2".equals(sub.serverId()), "resubscribed");
        s.pushAll(notification("0xsub1", "0xstale"));
        s.pushAll(notification("0xsub2", "0x4"));
        await(() -> seen.size() == 5, "gap and fourth head");
        assertThat(seen).containsExactly("0x1", "0x2", "0x3", "gap", "0x4");
        assertThat(threads).allMatch(Thread::isVirtual);
        assertThat(sub.isActive()).isTrue();
        assertThat(p.activeSubscriptions()).isEqualTo(1);
        assertThat(metrics.count("notification")).isEqualTo(4);
        assertThat(metrics.events).contains("notification:newHeads");

        assertThat(p.unsubscribe(sub).get(2, TimeUnit.SECONDS)).isTrue();
        assertThat(sub.isActive()).isFalse();
        assertThat(p.activeSubscriptions()).isZero();
        assertThat(s.received).anyMatch(r -> r.path("method").asString().equals("eth_unsubscribe")
                && r.path("params").get(0).asString().equals("0xsub2"));
    }

    @Test
    void anOversizedNotificationIsReportedAsAGapToItsSubscriberOnly() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = rig.provider(fast(s).maxFrameSize(4096));
        List<String> first = new CopyOnWriteArrayList<>();
        List<String> second = new CopyOnWriteArrayList<>();
        p.subscribe(List.of("newHeads"), recorder(first)).get(2, TimeUnit.SECONDS);
        p.subscribe(List.of("logs"), recorder(second)).get(2, TimeUnit.SECONDS);
        s.pushAll(notification("0xsub1", "0x1"));
        s.pushAll(notification("0xsub1", "0x" + "ab".repeat(5000)));   // beyond maxFrameSize
        s.pushAll(notification("0xsub1", "0x3"));
        await(() -> first.size() == 3, "head, gap, head");
        assertThat(first).containsExactly("0x1", "gap", "0x3");
        assertThat(second).isEmpty();
        assertThat(p.activeSubscriptions()).isEqualTo(2);
    }

    private static SubscriptionListener recorder(List<String> seen) {
        return new SubscriptionListener() {
            @Override
            public void onNotification(JsonNode result) {
                seen.add(result.path("number").asString());
            }

            @Override
            public void onGap() {
                seen.add("gap");
            }
        };
    }

    static String notification(String sub, String number) {
        return "{\"jsonrpc\":\"2.0\",\"method\":\"eth_subscription\",\"params\":{\"subscription\":\"" + sub
                + "\",\"result\":{\"number\":\"" + number + "\"}}}";
    }

    @Test
    void backpressureRefusesAtOnceBeyondMaxPendingRequests() throws Exception {
        WebSocketProvider p = rig.provider(fast(rig.server(TestWsServer.DEFAULT)).maxPendingRequests(4)
                .requestTimeout(Duration.ofSeconds(30)));
        for (int i = 0; i < 4; i++) {
            p.sendAsync("silent", List.of());
        }
        Throwable e = failureOf(p.sendAsync("silent", List.of()), 100);
        assertThat(e).isInstanceOf(BackpressureException.class).hasMessageContaining("maxPendingRequests (4)");
        Throwable e2 = failureOf(p.sendAsyncBatch("silent", List.of()), 100);
        assertThat(e2).isInstanceOf(BackpressureException.class);
        assertThat(metrics.count("backpressure")).isEqualTo(2);
        assertThat(p.pendingRequests()).isEqualTo(4);
    }

    @Test
    void ringSaturationIsReportedAndCallersStillComplete() throws Exception {
        WebSocketProvider p = rig.provider(fast(rig.server(TestWsServer.DEFAULT)).ringBufferSize(2)
                .requestTimeout(Duration.ofSeconds(10)));
        List<CompletableFuture<JsonNode>> fs = new ArrayList<>();
        List<Thread> producers = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread th = Thread.ofPlatform().start(() -> {
                for (int i = 0; i < 500; i++) {
                    CompletableFuture<JsonNode> f = p.sendAsyncBatch("eth_chainId", List.of());
                    synchronized (fs) {
                        fs.add(f);
                    }
                }
            });
            producers.add(th);
        }
        for (Thread th : producers) {
            th.join();
        }
        for (CompletableFuture<JsonNode> f : fs) {
            assertThat(f.get(5, TimeUnit.SECONDS).asString()).isEqualTo("0x7a69");
        }
        assertThat(metrics.count("ringSaturated")).isPositive();
    }

    @Test
    void closeFailsPendingAndStopsEveryThread() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = WebSocketProvider.create(fast(s).name("closing").requestTimeout(Duration.ofSeconds(30)).build());
        p.setMetrics(metrics);
        CompletableFuture<JsonNode> f1 = p.sendAsync("silent", List.of());
        CompletableFuture<JsonNode> f2 = p.sendAsyncBatch("silent", List.of());
        String prefix = threadPrefixOf(p);
        assertThat(liveThreads(prefix)).isNotEmpty();
        p.close();
        assertThat(failureOf(f1, 1000)).isInstanceOf(ConnectionLostException.class).hasMessageContaining("closed");
        assertThat(failureOf(f2, 1000)).isInstanceOf(ConnectionLostException.class);
        assertThat(p.pendingRequests()).isZero();
        await(() -> liveThreads(prefix).isEmpty(), "provider threads ended: " + liveThreads(prefix));
        assertThat(failureOf(p.sendAsync("eth_chainId", List.of()), 100)).isInstanceOf(ConnectionLostException.class);
    }

    static String threadPrefixOf(WebSocketProvider p) {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                .filter(n -> n.startsWith("brane-ws-" + p.config().name() + "-") && n.contains("-io-"))
                .map(n -> n.substring(0, n.indexOf("io-"))).findFirst().orElseThrow();
    }

    static List<String> liveThreads(String prefix) {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.startsWith(prefix)).toList();
    }

    @Test
    void connectFailureIsAClearErrorAndLeavesNoThreads() throws Exception {
        int port;
        try (java.net.ServerSocket ss = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = ss.getLocalPort();
        }
        assertThatThrownBy(() -> WebSocketProvider.create(WebSocketConfig.builder("ws://127.0.0.1:" + port)
                .name("nowhere").connectTimeout(Duration.ofMillis(500)).build()))
                .isInstanceOf(ConnectionLostException.class)
                .hasMessageContaining("could not connect to 'nowhere' (ws://127.0.0.1:" + port + ")");
        await(() -> liveThreads("brane-ws-nowhere-").isEmpty(), "no threads left");
    }

    @Test
    void halfOpenConnectionIsDetectedByReadIdleAndReplaced() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = rig.provider(fast(s).pingInterval(Duration.ofMillis(100)).readIdleTimeout(Duration.ofMillis(800))
                .requestTimeout(Duration.ofSeconds(30)));
        // a healthy idle connection is kept alive by pings/pongs
        Thread.sleep(1000);
        assertThat(s.connections.get()).isEqualTo(1);
        CompletableFuture<JsonNode> f = p.sendAsync("silent", List.of());
        await(() -> s.received.size() == 1, "request arrived");
        // the server stops reading: no pongs any more, like a peer that vanished without a FIN
        s.clients.get(0).config().setAutoRead(false);
        assertThat(failureOf(f, 3000)).isInstanceOf(ConnectionLostException.class).hasMessageContaining("readIdleTimeout");
        await(() -> s.connections.get() == 2 && p.isConnected(), "reconnected");
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
    }

    @Test
    void nioAndAutoTransportsWork() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider nio = rig.provider(fast(s).transport(TransportType.NIO));
        assertThat(nio.transportName()).isEqualTo("nio");
        assertThat(nio.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        WebSocketProvider auto = rig.provider(fast(s));
        assertThat(auto.transportName()).isEqualTo(io.netty.channel.epoll.Epoll.isAvailable() ? "epoll" : "nio");
        assertThat(auto.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
    }

    @Test
    void handshakeHeadersAreSent() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = rig.provider(fast(s).header("X-Api-Key", "k1").header("Authorization", "Bearer t"));
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        assertThat(s.handshakeHeaders.get(0).get("X-Api-Key")).isEqualTo("k1");
        assertThat(s.handshakeHeaders.get(0).get("Authorization")).isEqualTo("Bearer t");
    }

    @Test
    void aBlockedCallbackDoesNotStallTheConnection() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = rig.provider(fast(s));
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        List<String> seen = new CopyOnWriteArrayList<>();
        p.subscribe(List.of("newHeads"), head -> {
            seen.add(head.path("number").asString());
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }).get(2, TimeUnit.SECONDS);
        s.pushAll(notification("0xsub1", "0x1"));
        s.pushAll(notification("0xsub1", "0x2"));
        await(() -> seen.size() == 1, "first notification delivered and blocked");
        // the listener is stuck, yet requests still complete: it does not run on the I/O thread
        CompletableFuture<JsonNode> blockedContinuation = p.sendAsync("eth_chainId", List.of())
                .thenApply(r -> {
                    try {
                        // bounded: if the answer came before thenApply, this runs on the test thread itself
                        release.await(5, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return r;
                });
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        assertThat(seen).containsExactly("0x1");
        release.countDown();
        await(() -> seen.size() == 2, "second notification after the first returned");
        assertThat(seen).containsExactly("0x1", "0x2");
        assertThat(blockedContinuation.get(2, TimeUnit.SECONDS).asString()).isEqualTo("0x7a69");
    }

    @Test
    void suppliedCallbackExecutorIsUsed() throws Exception {
        java.util.concurrent.ExecutorService mine = java.util.concurrent.Executors.newSingleThreadExecutor(
                r -> new Thread(r, "my-callbacks"));
        rig.closeLater(mine::shutdown);
        WebSocketProvider p = rig.provider(fast(rig.server(TestWsServer.DEFAULT)).callbackExecutor(mine));
        // The executor's one thread waits until the callback is attached: a future already complete when
        // thenApply is called runs the callback on the caller's thread (CompletableFuture's rule), and a
        // fast answer used to win that race now and then (CI, session 10).
        java.util.concurrent.CountDownLatch attached = new java.util.concurrent.CountDownLatch(1);
        mine.execute(() -> {
            try {
                attached.await(2, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        CompletableFuture<String> thread = p.sendAsync("eth_chainId", List.of())
                .thenApply(r -> Thread.currentThread().getName());
        attached.countDown();
        assertThat(thread.get(2, TimeUnit.SECONDS)).isEqualTo("my-callbacks");
    }

    @Test
    void hugeSingleFrameFailsPendingNamingTheLimitAndTheProviderRecovers() throws Exception {
        TestWsServer s = rig.server((srv, ch, req) -> req.path("method").asString().equals("huge")
                ? TestWsServer.JSON.readTree("{\"jsonrpc\":\"2.0\",\"id\":" + req.get("id") + ",\"result\":\""
                        + "e".repeat(sh.brane.rpc.ws.WsConnection.MIN_FRAME_DECODER_LIMIT + 1000) + "\"}")
                : TestWsServer.DEFAULT.answer(srv, ch, req));
        WebSocketProvider p = rig.provider(fast(s).requestTimeout(Duration.ofSeconds(10)));
        CompletableFuture<JsonNode> other = p.sendAsync("silent", List.of());
        Throwable e = failureOf(p.sendAsync("huge", List.of()), 5000);
        assertThat(e).isInstanceOf(FrameTooLargeException.class).hasMessageContaining("maxFrameSize");
        assertThat(failureOf(other, 1000)).isInstanceOf(FrameTooLargeException.class).hasMessageContaining("maxFrameSize");
        await(p::isConnected, "reconnected");
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
    }

    @Test
    void aTransactionInFlightAtADisconnectIsNeverResent() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = rig.provider(fast(s).requestTimeout(Duration.ofSeconds(30)));
        CompletableFuture<JsonNode> tx = p.sendAsync("eth_sendRawTransaction", List.of("0x02f870"));
        await(() -> s.received.size() == 1 && s.clients.size() == 1, "transaction reached the node");
        s.dropClients();
        assertThat(failureOf(tx, 1000)).isInstanceOf(ConnectionLostException.class);
        await(p::isConnected, "reconnected");
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        assertThat(s.received).filteredOn(r -> r.path("method").asString().equals("eth_sendRawTransaction")).hasSize(1);
    }

    @Test
    void afterReconnectMaxAttemptsSubscriptionsAreToldTheyEnded() throws Exception {
        TestWsServer s = TestWsServer.start(TestWsServer.DEFAULT);
        WebSocketProvider p = rig.provider(fast(s).reconnectMaxAttempts(2));
        List<BraneRpcException> errors = new CopyOnWriteArrayList<>();
        Subscription sub = p.subscribe(List.of("newHeads"), new SubscriptionListener() {
            @Override
            public void onNotification(JsonNode result) { }

            @Override
            public void onError(BraneRpcException error) {
                errors.add(error);
            }
        }).get(2, TimeUnit.SECONDS);
        s.close();
        await(() -> errors.size() == 1, "subscription told it ended");
        assertThat(errors.get(0)).isInstanceOf(ConnectionLostException.class)
                .hasMessageContaining("reconnectMaxAttempts (2)");
        assertThat(sub.isActive()).isFalse();
        assertThat(p.activeSubscriptions()).isZero();
        assertThat(metrics.count("connectionLost")).isEqualTo(1);
    }
}
