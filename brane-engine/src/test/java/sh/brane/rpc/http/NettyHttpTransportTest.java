package sh.brane.rpc.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static sh.brane.rpc.RawHttpServer.After.CLOSE;
import static sh.brane.rpc.RawHttpServer.After.KEEP_OPEN;
import static sh.brane.rpc.RawHttpServer.After.STOP_READING;
import static sh.brane.rpc.RawHttpServer.chunked;
import static sh.brane.rpc.RawHttpServer.ok;
import static sh.brane.rpc.RawHttpServer.result;
import static sh.brane.rpc.WebSocketProviderTest.failureOf;

import java.io.IOException;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

import sh.brane.rpc.ConnectionLostException;
import sh.brane.rpc.FrameTooLargeException;
import sh.brane.rpc.HttpConfig;
import sh.brane.rpc.HttpProvider;
import sh.brane.rpc.RawHttpServer;
import sh.brane.rpc.RpcTimeoutException;
import sh.brane.rpc.TestResources;
import sh.brane.rpc.core.AnswerBody;
import sh.brane.rpc.core.DeadlineTimer;

/**
 * The HTTP/1.1 transport against a socket-level test server that counts connections: keep-alive reuse,
 * the pool bound, connections the node closes or asks to close, size limits, timeouts whose late answers
 * must go nowhere, chunked and close-delimited bodies, and close(). The timeout is a hang guard only.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NettyHttpTransportTest {

    private static final long FIVE_SECONDS = TimeUnit.SECONDS.toNanos(5);

    @RegisterExtension
    final TestResources toClose = new TestResources();

    private RawHttpServer server(RawHttpServer.Responder r) throws IOException {
        RawHttpServer s = new RawHttpServer(r);
        toClose.add(s);
        return s;
    }

    private HttpProvider provider(HttpConfig.Builder b) {
        HttpProvider p = HttpProvider.create(b.build());
        toClose.add(p);
        return p;
    }

    private NettyHttpTransport transport(String url, int maxConnections) {
        DeadlineTimer timer = new DeadlineTimer("brane-http-transport-test-deadlines");
        NettyHttpTransport t = new NettyHttpTransport(HttpConfig.builder(url).maxConnections(maxConnections).build(),
                "brane-http-transport-test-", timer);
        toClose.add(t);
        toClose.add(timer);
        return t;
    }

    private static HttpConfig.Builder config(RawHttpServer s) {
        return HttpConfig.builder(s.url()).requestTimeout(Duration.ofSeconds(10))
                .retryInitialBackoff(Duration.ofMillis(10)).retryMaxBackoff(Duration.ofMillis(50));
    }

    /** Answers every single call with result "0x1" and keeps the connection. */
    private static final RawHttpServer.Responder ANSWER = (req, out, n) -> {
        out.write(ok(result(req.id(), "0x1")));
        return KEEP_OPEN;
    };

    /** Answers with the request body itself. */
    private static final RawHttpServer.Responder ECHO = (req, out, n) -> {
        out.write(ok(new String(req.body(), StandardCharsets.UTF_8)));
        return KEEP_OPEN;
    };

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** The reply's body as text; releases the reply, as every receiver must. */
    private static String text(HttpTransport.HttpReply r) {
        try {
            return r.body().toString(StandardCharsets.UTF_8);
        } finally {
            r.release();
        }
    }

    private static Throwable cause(CompletableFuture<?> f) throws InterruptedException {
        try {
            f.get(20, TimeUnit.SECONDS);
            throw new AssertionError("the call succeeded");
        } catch (ExecutionException e) {
            return e.getCause();
        } catch (TimeoutException e) {
            throw new AssertionError("the call never ended", e);
        }
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + FIVE_SECONDS;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 5 s: " + what);
            }
            Thread.sleep(10);
        }
    }

    // ---------------------------------------------------------------- connection reuse and the pool

    @Test
    void hundredSequentialCallsReuseOneConnection() throws Exception {
        RawHttpServer s = server(ANSWER);
        HttpProvider p = provider(config(s));
        for (int i = 0; i < 100; i++) {
            assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x1");
        }
        assertThat(s.requests).hasSize(100);
        assertThat(s.accepted).hasValue(1);
    }

    @Test
    void concurrentCallsOpenSeveralConnectionsAndAllComplete() throws Exception {
        int calls = 10;
        CountDownLatch allArrived = new CountDownLatch(calls);
        RawHttpServer s = server((req, out, n) -> {
            allArrived.countDown();
            // holds every answer until all calls are in: only possible if each has a connection of its own
            allArrived.await(20, TimeUnit.SECONDS);
            out.write(ok(result(req.id(), "0x" + Long.toHexString(req.id()))));
            return KEEP_OPEN;
        });
        // one connection per call is the point here: auto-batching would send the ten as one batch
        HttpProvider p = provider(config(s).autoBatch(false));
        List<CompletableFuture<JsonNode>> fs = new ArrayList<>();
        for (int i = 0; i < calls; i++) {
            fs.add(p.sendAsync("echo", List.of(i)));
        }
        for (CompletableFuture<JsonNode> f : fs) {
            assertThat(f.get(30, TimeUnit.SECONDS).asString()).startsWith("0x");
        }
        assertThat(allArrived.getCount()).as("every call was at the server at once").isZero();
        assertThat(s.accepted.get()).isGreaterThanOrEqualTo(calls);
    }

    @Test
    void callsBeyondTheConnectionLimitWaitForAFreeConnection() throws Exception {
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger mostInFlight = new AtomicInteger();
        RawHttpServer s = server((req, out, n) -> {
            mostInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            Thread.sleep(30);
            inFlight.decrementAndGet();
            return ECHO.respond(req, out, n);
        });
        NettyHttpTransport t = transport(s.url(), 2);
        List<CompletableFuture<HttpTransport.HttpReply>> fs = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            fs.add(t.post(bytes("{\"n\":" + i + "}"), Map.of(), TimeUnit.SECONDS.toNanos(20)));
        }
        for (int i = 0; i < fs.size(); i++) {
            HttpTransport.HttpReply r = fs.get(i).get(30, TimeUnit.SECONDS);
            assertThat(r.status()).isEqualTo(200);
            assertThat(text(r)).isEqualTo("{\"n\":" + i + "}");
        }
        assertThat(s.accepted.get()).isLessThanOrEqualTo(2);
        assertThat(mostInFlight.get()).isLessThanOrEqualTo(2);
        assertThat(t.connections()).isLessThanOrEqualTo(2);
    }

    @Test
    void aCallWaitingForTheFullPoolStillTimesOut() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        RawHttpServer s = server((req, out, n) -> {
            if (n == 1) {
                release.await(20, TimeUnit.SECONDS);
            }
            return ECHO.respond(req, out, n);
        });
        NettyHttpTransport t = transport(s.url(), 1);
        CompletableFuture<HttpTransport.HttpReply> first = t.post(bytes("{\"first\":1}"), Map.of(), FIVE_SECONDS * 4);
        await(() -> s.requests.size() == 1, "first request at the server");
        CompletableFuture<HttpTransport.HttpReply> waiting = t.post(bytes("{\"second\":2}"), Map.of(), TimeUnit.MILLISECONDS.toNanos(200));
        assertThat(cause(waiting)).isInstanceOf(TimeoutException.class);
        release.countDown();
        assertThat(text(first.get(10, TimeUnit.SECONDS))).isEqualTo("{\"first\":1}");
        assertThat(text(t.post(bytes("{\"third\":3}"), Map.of(), FIVE_SECONDS).get(10, TimeUnit.SECONDS)))
                .isEqualTo("{\"third\":3}");
        assertThat(s.accepted).as("the waiter that gave up took no connection").hasValue(1);
        assertThat(s.requests).hasSize(2);
    }

    // ---------------------------------------------------------------- connections that end

    @Test
    void aConnectionTheServerClosedWhileIdleDoesNotFailTheNextCall() throws Exception {
        // keep-alive by default, but the server hangs up after each answer (as an idle timeout would)
        RawHttpServer s = server((req, out, n) -> {
            out.write(ok(result(req.id(), "0x1")));
            return CLOSE;
        });
        HttpProvider p = provider(config(s));
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x1");
        await(() -> s.openConnections.get() == 0, "server closed the connection");
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x1");
        assertThat(s.accepted).hasValue(2);
    }

    @Test
    void aClosedIdleConnectionIsNeverHandedOut() throws Exception {
        RawHttpServer s = server((req, out, n) -> {
            out.write(ok(new String(req.body(), StandardCharsets.UTF_8)));
            return CLOSE;
        });
        NettyHttpTransport t = transport(s.url(), 4);
        for (int i = 0; i < 5; i++) {
            assertThat(text(t.post(bytes("[" + i + "]"), Map.of(), FIVE_SECONDS).get(10, TimeUnit.SECONDS))).isEqualTo("[" + i + "]");
            // once the transport saw the close, the next call must get a new connection, not fail
            await(() -> t.connections() == 0, "the closed connection left the pool");
        }
        assertThat(s.accepted).hasValue(5);
    }

    @Test
    void connectionCloseAnswersAreHonoured() throws Exception {
        // the server says Connection: close but leaves the socket open without reading: reusing it would hang
        RawHttpServer s = server((req, out, n) -> {
            out.write(ok(result(req.id(), "0x1"), "Connection: close"));
            return STOP_READING;
        });
        HttpProvider p = provider(config(s).requestTimeout(Duration.ofSeconds(20)));
        for (int i = 0; i < 3; i++) {
            assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x1");
        }
        assertThat(s.accepted).hasValue(3);
        await(() -> s.closedByClient.get() == 3, "the client closed every connection it was told to close");
    }

    @Test
    void bodyEndedByTheServerClosingIsRead() throws Exception {
        RawHttpServer s = server((req, out, n) -> {
            out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n" + result(req.id(), "0x" + n))
                    .getBytes(StandardCharsets.UTF_8));
            return CLOSE;
        });
        HttpProvider p = provider(config(s));
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x1");
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x2");
        assertThat(s.accepted).hasValue(2);
    }

    // ---------------------------------------------------------------- answers

    @Test
    void chunkedAnswersWork() throws Exception {
        RawHttpServer s = server((req, out, n) -> {
            out.write(chunked(result(req.id(), "0x" + "ab".repeat(5000 * n)), 7));
            return KEEP_OPEN;
        });
        HttpProvider p = provider(config(s));
        for (int n = 1; n <= 5; n++) {
            assertThat(p.send("eth_call", List.of()).asString()).isEqualTo("0x" + "ab".repeat(5000 * n));
        }
        assertThat(s.accepted).hasValue(1);
    }

    @Test
    void aLargeAnswerIsNeverGatheredIntoOneArrayAndIsFreedOnRelease() throws Exception {
        String json = "{\"big\":\"" + "cd".repeat(150_000) + "\"}";
        RawHttpServer s = server((req, out, n) -> {
            out.write(chunked(json, 300));
            return KEEP_OPEN;
        });
        NettyHttpTransport t = transport(s.url(), 4);
        HttpTransport.HttpReply r = t.post(bytes("{}"), Map.of(), FIVE_SECONDS).get(10, TimeUnit.SECONDS);
        io.netty.buffer.ByteBuf body = r.body();
        // 300 KB in 300 chunks: held in a few buffers joined without a copy (AnswerBody), never one array of its own
        assertThat(body).isInstanceOf(io.netty.buffer.CompositeByteBuf.class);
        assertThat(((io.netty.buffer.CompositeByteBuf) body).numComponents()).isGreaterThan(1);
        assertThat(body.hasArray()).isFalse();
        assertThat(text(r)).isEqualTo(json);
        assertThat(body.refCnt()).isZero();
    }

    @Test
    void aLargeAnswerInManyPiecesIsParsedInPlaceOverTheProvider() throws Exception {
        String big = "0x" + "ef".repeat(200_000);
        RawHttpServer s = server((req, out, n) -> {
            out.write(chunked(result(req.id(), big), 997));
            return KEEP_OPEN;
        });
        HttpProvider p = provider(config(s));
        for (int i = 0; i < 3; i++) {
            // the answer spans many buffers and many of the parser's reads; a typed decoder reads it in one pass
            String read = p.send("eth_call", List.of(), parser -> parser.getString());
            assertThat(read).isEqualTo(big);
        }
        assertThat(s.accepted).hasValue(1);
    }

    @Test
    void informationalAnswersBeforeTheRealOneAreSkipped() throws Exception {
        RawHttpServer s = server((req, out, n) -> {
            out.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            out.write(ok(result(req.id(), "0x1")));
            return KEEP_OPEN;
        });
        HttpProvider p = provider(config(s));
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x1");
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x1");
        assertThat(s.accepted).hasValue(1);
    }

    @Test
    void anAnswerOverTheLimitFailsThatCallAndTheNextSucceeds() throws Exception {
        String big = "0x" + "ab".repeat(5000);
        RawHttpServer s = server((req, out, n) -> {
            out.write(ok(result(req.id(), n == 1 ? big : "0x1")));
            return KEEP_OPEN;
        });
        HttpProvider p = provider(config(s).maxResponseSize(2048));
        assertThatThrownBy(() -> p.send("eth_getLogs", List.of()))
                .isInstanceOf(FrameTooLargeException.class)
                .hasMessageContaining("eth_getLogs")
                .hasMessageContaining("declares Content-Length " + result(1, big).length())
                .hasMessageContaining("maxResponseSize allows (2048 bytes)")
                .hasMessageContaining("raise HttpConfig maxResponseSize");
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x1");
        assertThat(s.accepted).as("the connection of the refused answer was dropped").hasValue(2);
    }

    @Test
    void aChunkedAnswerOverTheLimitFailsOnceItPassesIt() throws Exception {
        String big = "0x" + "ab".repeat(5000);
        RawHttpServer s = server((req, out, n) -> {
            out.write(n == 1 ? chunked(result(req.id(), big), 10) : ok(result(req.id(), "0x1")));
            return KEEP_OPEN;
        });
        HttpProvider p = provider(config(s).maxResponseSize(2048));
        assertThatThrownBy(() -> p.send("eth_getLogs", List.of()))
                .isInstanceOf(FrameTooLargeException.class)
                .hasMessageContaining("is at least")
                .hasMessageContaining("maxResponseSize allows (2048 bytes)");
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x1");
        assertThat(s.accepted).hasValue(2);
    }

    @Test
    void aMalformedAnswerFailsThatCallOnly() throws Exception {
        RawHttpServer s = server((req, out, n) -> {
            if (n == 1) {
                out.write("HTTP/1.1 OK-ish\r\nno colon here\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                return STOP_READING;
            }
            return ECHO.respond(req, out, n);
        });
        NettyHttpTransport t = transport(s.url(), 4);
        assertThat(cause(t.post(bytes("[1]"), Map.of(), FIVE_SECONDS))).isInstanceOf(IOException.class)
                .hasMessageContaining("malformed HTTP response");
        assertThat(text(t.post(bytes("[2]"), Map.of(), FIVE_SECONDS).get(10, TimeUnit.SECONDS))).isEqualTo("[2]");
        assertThat(s.accepted).hasValue(2);
    }

    @Test
    void requestCarriesTargetAndHeaders() throws Exception {
        RawHttpServer s = server(ANSWER);
        HttpProvider p = provider(HttpConfig.builder(s.url() + "?key=abc").header("X-Api-Key", "k-1"));
        p.send("eth_chainId", List.of());
        RawHttpServer.Request r = s.requests.get(0);
        assertThat(r.target()).isEqualTo("/rpc?key=abc");
        assertThat(r.headers()).containsEntry("host", s.url().substring("http://".length(), s.url().indexOf("/rpc")))
                .containsEntry("content-type", "application/json")
                .containsEntry("accept", "application/json")
                .containsEntry("content-length", String.valueOf(r.body().length))
                .containsEntry("x-api-key", "k-1");
        assertThat(r.json().get("method").asString()).isEqualTo("eth_chainId");
    }

    @Test
    void headersThatWouldBreakTheRequestAreRefusedWithoutShowingTheValue() {
        assertThatThrownBy(() -> HttpProvider.create(HttpConfig.builder("http://127.0.0.1:1").header("Host", "x").build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("header Host is set by the HTTP transport itself");
        assertThatThrownBy(() -> HttpProvider.create(HttpConfig.builder("http://127.0.0.1:1")
                .header("Authorization", "Bearer s3cret\r\nX-Evil: 1").build()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the value of header Authorization has a character not allowed in HTTP header values at index 13");
        assertThatThrownBy(() -> HttpProvider.create(HttpConfig.builder("http://127.0.0.1:1").header("X Key", "v").build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("index 1");
    }

    // ---------------------------------------------------------------- timeouts and failures

    @Test
    void aTimedOutCallsLateAnswerIsNotDeliveredToTheNextCall() throws Exception {
        CountDownLatch timedOut = new CountDownLatch(1);
        RawHttpServer s = server((req, out, n) -> {
            if (n == 1) {
                timedOut.await(20, TimeUnit.SECONDS);
                out.write(ok("{\"late\":true}"));
                return KEEP_OPEN;
            }
            return ECHO.respond(req, out, n);
        });
        // one connection at most: had the timed-out one gone back to the pool, the next call would get it
        NettyHttpTransport t = transport(s.url(), 1);
        assertThat(cause(t.post(bytes("{\"first\":1}"), Map.of(), TimeUnit.MILLISECONDS.toNanos(200))))
                .isInstanceOf(TimeoutException.class);
        timedOut.countDown();
        await(() -> s.closedByClient.get() == 1 || s.openConnections.get() == 0, "the timed-out connection closed");
        assertThat(text(t.post(bytes("{\"second\":2}"), Map.of(), FIVE_SECONDS).get(10, TimeUnit.SECONDS)))
                .isEqualTo("{\"second\":2}");
        assertThat(s.accepted).hasValue(2);
    }

    @Test
    void aTimedOutCallOverTheProviderLeavesTheNextCallItsOwnAnswer() throws Exception {
        CountDownLatch timedOut = new CountDownLatch(1);
        RawHttpServer s = server((req, out, n) -> {
            if (n == 1) {
                timedOut.await(20, TimeUnit.SECONDS);
                out.write(ok(result(req.id(), "0xlate")));
                return KEEP_OPEN;
            }
            out.write(ok(result(req.id(), "0xfresh")));
            return KEEP_OPEN;
        });
        HttpProvider p = provider(config(s));
        assertThat(failureOf(p.sendAsync("eth_chainId", List.of(), Duration.ofMillis(200)), 5000))
                .isInstanceOf(RpcTimeoutException.class);
        timedOut.countDown();
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0xfresh");
        assertThat(p.pendingRequests()).isZero();
    }

    @Test
    void refusedConnectionIsAConnectException() throws Exception {
        int port;
        try (java.net.ServerSocket ss = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = ss.getLocalPort();
        }
        NettyHttpTransport t = transport("http://127.0.0.1:" + port + "/", 4);
        assertThat(cause(t.post(bytes("{}"), Map.of(), FIVE_SECONDS))).isInstanceOf(ConnectException.class);
        assertThat(t.connections()).isZero();
    }

    // ---------------------------------------------------------------- close

    @Test
    void closeEndsPendingCallsAndLeavesNoThread() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        RawHttpServer s = server((req, out, n) -> {
            never.await(30, TimeUnit.SECONDS);
            return CLOSE;
        });
        toClose.add(never::countDown);
        // three requests at the server, not one auto-batch of three
        HttpProvider p = HttpProvider.create(config(s).name("closing").autoBatch(false).build());
        List<CompletableFuture<JsonNode>> fs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            fs.add(p.sendAsync("eth_chainId", List.of()));
        }
        await(() -> s.requests.size() == 3, "all calls at the server");
        assertThat(threadsNamed("brane-http-closing-")).isNotEmpty();
        p.close();
        for (CompletableFuture<JsonNode> f : fs) {
            assertThat(failureOf(f, 2000)).isInstanceOf(ConnectionLostException.class).hasMessageContaining("closed");
        }
        assertThat(p.pendingRequests()).isZero();
        await(() -> threadsNamed("brane-http-closing-").isEmpty(), "no provider thread alive after close()");
    }

    @Test
    void transportCloseFailsCallsOnConnectionsAndInTheQueue() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        RawHttpServer s = server((req, out, n) -> {
            never.await(30, TimeUnit.SECONDS);
            return CLOSE;
        });
        toClose.add(never::countDown);
        DeadlineTimer timer = new DeadlineTimer("test-tclose-deadlines");
        toClose.add(timer);
        NettyHttpTransport t = new NettyHttpTransport(HttpConfig.builder(s.url()).maxConnections(1).build(),
                "brane-http-tclose-", timer);
        CompletableFuture<HttpTransport.HttpReply> onConnection = t.post(bytes("{}"), Map.of(), FIVE_SECONDS * 4);
        await(() -> s.requests.size() == 1, "first call at the server");
        CompletableFuture<HttpTransport.HttpReply> queued = t.post(bytes("{}"), Map.of(), FIVE_SECONDS * 4);
        t.close();
        assertThat(cause(onConnection)).isInstanceOf(IOException.class).hasMessageContaining("closed");
        assertThat(cause(queued)).isInstanceOf(IOException.class).hasMessageContaining("closed");
        assertThat(cause(t.post(bytes("{}"), Map.of(), FIVE_SECONDS))).isInstanceOf(IOException.class);
        await(() -> threadsNamed("brane-http-tclose-").isEmpty(), "no transport thread alive after close()");
    }

    private static List<String> threadsNamed(String prefix) {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.startsWith(prefix)).toList();
    }
}
