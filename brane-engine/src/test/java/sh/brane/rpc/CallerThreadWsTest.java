package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static sh.brane.rpc.WebSocketProviderTest.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.ContinuationWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * Blocking calls on platform threads over caller-thread WebSocket connections ({@link CallerThreadWs}), against a
 * real loopback WebSocket server ({@link TestWsServer}): which calls use them, the frames they read, and how each
 * failure ends the call and the connection.
 */
class CallerThreadWsTest {

    @RegisterExtension
    final WsTestRig rig = new WsTestRig();
    private final RecordingMetrics metrics = rig.metrics;

    private static WebSocketConfig.Builder config(TestWsServer s) {
        return WebSocketConfig.builder(s.url()).callerThreadConnections(2)
                .requestTimeout(Duration.ofSeconds(3))
                .connectTimeout(Duration.ofSeconds(2))
                .reconnectInitialBackoff(Duration.ofMillis(20))
                .reconnectMaxBackoff(Duration.ofMillis(100));
    }

    /** Makes one blocking call, and returns the server's side of the caller connection it used, now idle. */
    private static Channel idleCallerConnection(TestWsServer s, WebSocketProvider p) throws InterruptedException {
        await(() -> s.clients.size() == 1, "shared connection seen");
        Channel shared = s.clients.get(0);
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        await(() -> s.clients.size() == 2, "caller connection seen");
        return s.clients.get(0) == shared ? s.clients.get(1) : s.clients.get(0);
    }

    private static String text(JsonNode req, String result) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + req.get("id") + ",\"result\":\"" + result + "\"}";
    }

    @Test
    void blockingCallsOnAPlatformThreadUseOneConnectionOfTheirOwn() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = rig.provider(config(s));
        await(() -> s.connections.get() == 1, "shared connection seen");
        for (int i = 0; i < 5; i++) {
            assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        }
        ResultDecoder<String> typed = ResultDecoder.of(parser -> parser.getString(), JsonCursor::plainString);
        assertThat(p.send("eth_chainId", List.of(), typed)).isEqualTo("0x7a69");
        assertThatThrownBy(() -> p.send("fail", List.of())).isInstanceOf(RpcErrorException.class)
                .hasMessageContaining("execution reverted");
        // one more connection, reused by every sequential call, an RPC error included
        assertThat(s.connections.get()).isEqualTo(2);
        assertThat(p.callerThreadConnections()).isEqualTo(1);
        assertThat(p.status()).singleElement().extracting(EndpointStatus::callerConnections).isEqualTo(1);
        assertThat(p.pendingRequests()).isZero();
        assertThat(metrics.count("completed")).isEqualTo(6);
        // asynchronous calls, batches and virtual threads stay on the shared connection
        assertThat(p.sendAsync("eth_chainId", List.of()).get(3, TimeUnit.SECONDS).asString()).isEqualTo("0x7a69");
        assertThat(p.sendBatch(List.of(RpcCall.of("eth_chainId"))).get(0).get(3, TimeUnit.SECONDS).asString())
                .isEqualTo("0x7a69");
        AtomicReference<String> fromVirtual = new AtomicReference<>();
        Thread v = Thread.ofVirtual().start(() -> fromVirtual.set(p.send("eth_chainId", List.of()).asString()));
        v.join(3000);
        assertThat(fromVirtual.get()).isEqualTo("0x7a69");
        assertThat(s.connections.get()).isEqualTo(2);
        assertThat(s.framesReceived.get()).isEqualTo(10);
    }

    @Test
    void manyBlockingCallersAtOnceUseTheSharedConnection() throws Exception {
        int limit = CallerThreadWs.MAX_WAITING;
        org.junit.jupiter.api.Assumptions.assumeTrue(limit < WebSocketConfig.MAX_CALLER_THREAD_CONNECTIONS);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        TestWsServer s = rig.server((srv, ch, req) -> {
            if (req.path("method").asString().equals("held")) {
                Thread.ofVirtual().start(() -> {
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        return;
                    }
                    ch.writeAndFlush(new TextWebSocketFrame(text(req, "0x1")));
                });
                return null;
            }
            return TestWsServer.DEFAULT.answer(srv, ch, req);
        });
        WebSocketProvider p = rig.provider(config(s).callerThreadConnections(limit + 1));
        await(() -> s.connections.get() == 1, "shared connection seen");
        List<Thread> callers = new ArrayList<>();
        List<String> answers = new java.util.concurrent.CopyOnWriteArrayList<>();
        for (int i = 1; i <= limit + 1; i++) {
            callers.add(Thread.ofPlatform().start(() -> answers.add(p.send("held", List.of()).asString())));
            int sent = i;
            await(() -> s.received.size() == sent, "call " + sent + " at the node");
        }
        // the first `limit` each on a connection of its own; the one past the limit on the shared connection
        assertThat(p.callerThreadConnections()).isEqualTo(limit);
        assertThat(s.connections.get()).isEqualTo(limit + 1);
        release.countDown();
        for (Thread t : callers) {
            t.join(5000);
        }
        assertThat(answers).hasSize(limit + 1).containsOnly("0x1");
        // alone again: back on a connection of its own
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        assertThat(s.connections.get()).isEqualTo(limit + 1);
        assertThat(s.received).hasSize(limit + 2);
    }

    @Test
    void offMeansNoExtraConnection() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = rig.provider(config(s).callerThreadConnections(0));
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        assertThat(s.connections.get()).isEqualTo(1);
        assertThat(p.callerThreadConnections()).isZero();
        // unset: on for a node on this host (the test server), off for any other
        assertThat(WebSocketConfig.builder(s.url()).build().callerThreadConnections()).isEqualTo(16);
        assertThat(WebSocketConfig.builder("ws://node.example:8546").build().callerThreadConnections()).isZero();
    }

    @Test
    void badSizesAreRejectedNamingTheValue() {
        for (int bad : new int[] {-1, 65}) {
            assertThatThrownBy(() -> WebSocketConfig.builder("ws://127.0.0.1:1/").callerThreadConnections(bad).build())
                    .isInstanceOf(InvalidOptionException.class)
                    .hasMessageContaining("callerThreadConnections")
                    .hasMessageContaining("between 0 and 64")
                    .hasMessageContaining(String.valueOf(bad));
        }
    }

    @Test
    void fragmentedAnswerWithAPingInTheMiddleIsRead() throws Exception {
        TestWsServer s = rig.server((srv, ch, req) -> {
            if (!req.path("method").asString().equals("fragmented")) {
                return TestWsServer.DEFAULT.answer(srv, ch, req);
            }
            String t = text(req, "x".repeat(50_000));
            int third = t.length() / 3;
            ch.write(new TextWebSocketFrame(false, 0, Unpooled.copiedBuffer(t.substring(0, third),
                    java.nio.charset.StandardCharsets.UTF_8)));
            ch.write(new PingWebSocketFrame(Unpooled.wrappedBuffer(new byte[] {1, 2, 3})));
            ch.write(new ContinuationWebSocketFrame(false, 0, t.substring(third, 2 * third)));
            ch.writeAndFlush(new ContinuationWebSocketFrame(true, 0, t.substring(2 * third)));
            return null;
        });
        WebSocketProvider p = rig.provider(config(s).maxFrameSize(128 * 1024));
        assertThat(p.send("fragmented", List.of()).asString()).hasSize(50_000);
        assertThat(p.send("fragmented", List.of()).asString()).hasSize(50_000);
        // the connection answered the ping and was kept
        assertThat(s.connections.get()).isEqualTo(2);
    }

    @Test
    void tooLargeAnswerFailsWithTheSizeErrorAndDropsTheConnection() throws Exception {
        TestWsServer s = rig.server((srv, ch, req) -> req.path("method").asString().equals("big")
                ? TestWsServer.JSON.readTree(text(req, "a".repeat(100_000)))
                : TestWsServer.DEFAULT.answer(srv, ch, req));
        WebSocketProvider p = rig.provider(config(s));
        assertThatThrownBy(() -> p.send("big", List.of())).isInstanceOf(FrameTooLargeException.class)
                .hasMessageContaining("big (id")
                .hasMessageContaining("maxFrameSize (65536 bytes)")
                .hasMessageContaining("raise WebSocketConfig maxFrameSize");
        assertThat(p.callerThreadConnections()).isZero();
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        assertThat(s.connections.get()).isEqualTo(3);
        await(() -> metrics.failures.contains(RpcOutcome.FRAME_TOO_LARGE), "metrics");
    }

    @Test
    void aConnectionTheNodeClosedWhileIdleIsReplacedBeforeASubmissionIsSent() throws Exception {
        TestWsServer s = rig.server((srv, ch, req) -> req.path("method").asString().equals("eth_sendRawTransaction")
                ? TestWsServer.result(req, TestWsServer.JSON.getNodeFactory().stringNode("0x" + "ab".repeat(32)))
                : TestWsServer.DEFAULT.answer(srv, ch, req));
        WebSocketProvider p = rig.provider(config(s));
        Channel caller = idleCallerConnection(s, p);
        // the node ends the idle caller connection as geth does after an unanswered ping: a close frame
        caller.writeAndFlush(new CloseWebSocketFrame()).addListener(f -> caller.close());
        await(() -> s.clients.size() == 1, "caller connection closed by the node");
        int before = s.framesReceived.get();
        // a call that may not be repeated looks at an idle connection before it writes on it
        assertThat(p.send("eth_sendRawTransaction", List.of("0x02")).asString()).isEqualTo("0x" + "ab".repeat(32));
        assertThat(s.connections.get()).isEqualTo(3);
        assertThat(s.framesReceived.get()).isEqualTo(before + 1); // sent once, on the new connection
        assertThat(p.isConnected()).isTrue();
    }

    @Test
    void aCallThatMayBeRepeatedFindingItsIdleConnectionClosedGoesToTheSharedOne() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = rig.provider(config(s));
        Channel caller = idleCallerConnection(s, p);
        caller.writeAndFlush(new CloseWebSocketFrame()).addListener(f -> caller.close());
        await(() -> s.clients.size() == 1, "caller connection closed by the node");
        int before = s.framesReceived.get();
        // not looked at first (three system calls a call): written, the close found, then sent again on the shared one
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        assertThat(s.framesReceived.get()).as("read once by the node").isEqualTo(before + 1);
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        assertThat(s.connections.get()).as("a new caller connection for the next call").isEqualTo(3);
        assertThat(p.pendingRequests()).isZero();
    }

    @Test
    void aPingToAnIdleConnectionIsAnsweredWhenItIsTakenAndTheConnectionKept() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = rig.provider(config(s));
        idleCallerConnection(s, p).writeAndFlush(new PingWebSocketFrame(Unpooled.wrappedBuffer(new byte[] {7}))).sync();
        Thread.sleep(50); // the ping is in the idle connection's socket buffer
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        assertThat(s.connections.get()).isEqualTo(2);
        assertThat(p.callerThreadConnections()).isEqualTo(1);
    }

    @Test
    void aRateLimitIsAskedAgainOnTheSharedConnectionButNeverASubmission() throws Exception {
        AtomicReference<Channel> firstAsked = new AtomicReference<>();
        TestWsServer s = rig.server((srv, ch, req) -> {
            String method = req.path("method").asString();
            if (!method.equals("limited") && !method.equals("eth_sendRawTransaction")) {
                return TestWsServer.DEFAULT.answer(srv, ch, req);
            }
            if (firstAsked.compareAndSet(null, ch) || method.equals("eth_sendRawTransaction")) {
                return TestWsServer.JSON.readTree("{\"jsonrpc\":\"2.0\",\"id\":" + req.get("id")
                        + ",\"error\":{\"code\":-32005,\"message\":\"limit exceeded\"}}");
            }
            return TestWsServer.JSON.readTree(text(req, "0x1"));
        });
        WebSocketProvider p = rig.provider(config(s).retryInitialBackoff(Duration.ofMillis(10)));
        assertThat(p.send("limited", List.of()).asString()).isEqualTo("0x1");
        List<JsonNode> asked = new ArrayList<>(s.received);
        assertThat(asked).hasSize(2);
        assertThat(asked.get(1).get("id")).isEqualTo(asked.get(0).get("id")); // the same id, asked again
        assertThat(p.callerThreadConnections()).isEqualTo(1); // kept: the answer was its own
        assertThatThrownBy(() -> p.send("eth_sendRawTransaction", List.of("0x00")))
                .isInstanceOf(RpcErrorException.class).hasMessageContaining("limit exceeded");
        assertThat(s.received).hasSize(3); // a submission is never sent twice
        assertThat(s.connections.get()).isEqualTo(2);
    }

    @Test
    void aMessageUnderAnotherIdIsCountedAsOrphanAndReadPast() throws Exception {
        TestWsServer s = rig.server((srv, ch, req) -> {
            ch.writeAndFlush(new TextWebSocketFrame("{\"jsonrpc\":\"2.0\",\"id\":987654,\"result\":\"0x1\"}"));
            return TestWsServer.DEFAULT.answer(srv, ch, req);
        });
        WebSocketProvider p = rig.provider(config(s));
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69"); // as on the shared connection
        assertThat(metrics.events).contains("orphan:result for unknown id 987654");
        assertThat(p.callerThreadConnections()).isEqualTo(1); // kept
        assertThat(s.connections.get()).isEqualTo(2);
    }

    @Test
    void messagesThatAreNeverItsAnswerFailTheCallAndDropTheConnection() throws Exception {
        int strays = CallerThreadWs.MAX_FOREIGN_MESSAGES + 1;
        TestWsServer s = rig.server((srv, ch, req) -> {
            if (!req.path("method").asString().equals("wrongIds")) {
                return TestWsServer.DEFAULT.answer(srv, ch, req);
            }
            for (int i = 0; i < strays; i++) {
                ch.writeAndFlush(new TextWebSocketFrame("{\"jsonrpc\":\"2.0\",\"id\":" + (987654 + i)
                        + ",\"result\":\"0x1\"}"));
            }
            return null;
        });
        WebSocketProvider p = rig.provider(config(s));
        assertThatThrownBy(() -> p.send("wrongIds", List.of())).isInstanceOf(InvalidResponseException.class)
                .hasMessageContaining("wrongIds (id")
                .hasMessageContaining("were not its answer");
        assertThat(p.callerThreadConnections()).isZero();
        assertThat(metrics.count("orphan")).isEqualTo(strays);
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        assertThat(s.connections.get()).isEqualTo(3);
    }

    @Test
    void aNodeDyingAfterTheWriteGivesMayOrMayNotHaveReached() throws Exception {
        TestWsServer s = rig.server((srv, ch, req) -> {
            if (req.path("method").asString().equals("die")) {
                ch.close();
                return null;
            }
            return TestWsServer.DEFAULT.answer(srv, ch, req);
        });
        WebSocketProvider p = rig.provider(config(s).maxRetries(0));
        assertThatThrownBy(() -> p.send("die", List.of())).isInstanceOf(ConnectionLostException.class)
                .hasMessageContaining("die (id")
                .hasMessageContaining("may or may not have reached the node");
        assertThat(s.received).hasSize(1); // sent once, never again through the shared connection
        assertThat(p.pendingRequests()).isZero();
        assertThat(p.isConnected()).isTrue();
    }

    @Test
    void timeoutEndsTheCallAsTheSweepWouldAndDropsTheConnection() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = rig.provider(config(s).requestTimeout(Duration.ofMillis(300)));
        assertThatThrownBy(() -> p.send("silent", List.of())).isInstanceOf(RpcTimeoutException.class)
                .hasMessageContaining("silent (id");
        assertThat(p.callerThreadConnections()).isZero();
        assertThat(metrics.count("timeout")).isEqualTo(1);
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
    }

    @Test
    void closingTheProviderFailsABlockedCallerPromptly() throws Exception {
        TestWsServer s = rig.server(TestWsServer.DEFAULT);
        WebSocketProvider p = rig.provider(config(s).requestTimeout(Duration.ofSeconds(30)));
        CompletableFuture<Throwable> failure = new CompletableFuture<>();
        Thread caller = Thread.ofPlatform().start(() -> {
            try {
                p.send("silent", List.of());
                failure.complete(null);
            } catch (Throwable t) {
                failure.complete(t);
            }
        });
        await(() -> s.received.size() == 1 && p.callerThreadConnections() == 1, "the call reached the node");
        assertThat(p.pendingRequests()).isEqualTo(1);
        p.close();
        // the timeout is 30 s: failing within 2 s proves close() ended it
        assertThat(failure.get(2, TimeUnit.SECONDS)).isInstanceOf(ConnectionLostException.class)
                .hasMessageContaining("closed");
        caller.join(2000);
        assertThat(p.callerThreadConnections()).isZero();
    }

    @Test
    void wssIsNotServedOnTheCallerThread() {
        assertThat(CallerThreadWs.serves(WebSocketConfig.builder("wss://127.0.0.1:1/").callerThreadConnections(4)
                .build())).isFalse();
        assertThat(CallerThreadWs.serves(WebSocketConfig.builder("ws://127.0.0.1:1/").callerThreadConnections(4)
                .build())).isTrue();
    }
}
