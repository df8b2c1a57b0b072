package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static sh.brane.rpc.WebSocketProviderTest.failureOf;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;

class HttpProviderTest {

    /** Decides the answer to one POST: returns true if it answered. */
    interface Handler {
        void handle(HttpExchange ex, JsonNode body, int callNumber) throws IOException;
    }

    @RegisterExtension
    final TestResources toClose = new TestResources();
    private final RecordingMetrics metrics = new RecordingMetrics();
    private final List<JsonNode> posts = new CopyOnWriteArrayList<>();
    private final List<Long> postTimes = new CopyOnWriteArrayList<>();
    private final List<String> apiKeys = new CopyOnWriteArrayList<>();

    private String server(Handler h) throws IOException {
        HttpServer s = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
        AtomicInteger calls = new AtomicInteger();
        s.createContext("/", ex -> {
            byte[] in = ex.getRequestBody().readAllBytes();
            JsonNode body = TestWsServer.JSON.readTree(in);
            posts.add(body);
            postTimes.add(System.nanoTime());
            String key = ex.getRequestHeaders().getFirst("X-Api-Key");
            if (key != null) {
                apiKeys.add(key);
            }
            try {
                h.handle(ex, body, calls.incrementAndGet());
            } finally {
                ex.close();
            }
        });
        s.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        s.start();
        toClose.add(() -> s.stop(0));
        return "http://127.0.0.1:" + s.getAddress().getPort() + "/";
    }

    private HttpProvider provider(HttpConfig.Builder b) {
        HttpProvider p = HttpProvider.create(b.build());
        p.setMetrics(metrics);
        toClose.add(p);
        return p;
    }

    private static HttpConfig.Builder fast(String url) {
        return HttpConfig.builder(url).requestTimeout(Duration.ofSeconds(5)).connectTimeout(Duration.ofMillis(500))
                .retryInitialBackoff(Duration.ofMillis(10)).retryMaxBackoff(Duration.ofMillis(50));
    }

    static void json(HttpExchange ex, int status, String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", "application/json");
        ex.sendResponseHeaders(status, b.length);
        try (OutputStream o = ex.getResponseBody()) {
            o.write(b);
        }
    }

    /** Answers like TestWsServer.DEFAULT, single or batch (batches answered in reverse order). */
    static final Handler ANSWER = (ex, body, n) -> {
        if (body.isArray()) {
            ArrayNode out = TestWsServer.JSON.createArrayNode();
            for (int i = body.size() - 1; i >= 0; i--) {
                JsonNode r = TestWsServer.DEFAULT.answer(null, null, body.get(i));
                if (r != null) {
                    out.add(r);
                }
            }
            json(ex, 200, out.toString());
        } else {
            JsonNode r = TestWsServer.DEFAULT.answer(null, null, body);
            json(ex, 200, r == null ? "{}" : r.toString());
        }
    };

    @Test
    void singleCallsErrorsAndHeaders() throws Exception {
        HttpProvider p = provider(fast(server(ANSWER)).header("X-Api-Key", "secret-1"));
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        assertThat(p.send("echo", List.of(1, "x")).toString()).isEqualTo("[1,\"x\"]");
        assertThatThrownBy(() -> p.send("fail", List.of())).isInstanceOfSatisfying(RpcErrorException.class,
                e -> assertThat(e.code()).isEqualTo(3));
        assertThat(apiKeys).containsOnly("secret-1").hasSize(3);
        assertThat(metrics.count("started")).isEqualTo(3);
        WebSocketProviderTest.await(() -> metrics.count("completed") == 2 && metrics.count("failed") == 1, "metrics");
        assertThat(p.pendingRequests()).isZero();
    }

    @Test
    void explicitBatchIsOnePostMatchedById() throws Exception {
        HttpProvider p = provider(fast(server(ANSWER)));
        List<CompletableFuture<JsonNode>> fs = p.sendBatch(List.of(RpcCall.of("echo", "a"), RpcCall.of("fail"),
                RpcCall.of("eth_chainId")));
        assertThat(fs.get(0).get(2, TimeUnit.SECONDS).get(0).asString()).isEqualTo("a");
        assertThat(failureOf(fs.get(1), 2000)).isInstanceOf(RpcErrorException.class);
        assertThat(fs.get(2).get(2, TimeUnit.SECONDS).asString()).isEqualTo("0x7a69");
        assertThat(posts).hasSize(1);
        assertThat(posts.get(0).isArray()).isTrue();
        assertThat(metrics.batchSizes).containsExactly(3);
    }

    @Test
    void batchAnswerMissingAnIdFailsThatCallOnly() throws Exception {
        HttpProvider p = provider(fast(server((ex, body, n) -> json(ex, 200,
                "[" + TestWsServer.result(body.get(0), TestWsServer.JSON.getNodeFactory().stringNode("ok")) + "]"))));
        List<CompletableFuture<JsonNode>> fs = p.sendBatch(List.of(RpcCall.of("a"), RpcCall.of("b")));
        assertThat(fs.get(0).get(2, TimeUnit.SECONDS).asString()).isEqualTo("ok");
        assertThat(failureOf(fs.get(1), 2000)).isInstanceOf(InvalidResponseException.class)
                .hasMessageContaining("held no answer for id");
    }

    @Test
    void concurrentSendAsyncBatchCallsAreCoalesced() throws Exception {
        HttpProvider p = provider(fast(server(ANSWER)).batchWindow(Duration.ofMillis(20)).maxBatchSize(25));
        List<CompletableFuture<JsonNode>> fs = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            fs.add(p.sendAsyncBatch("echo", List.of(i)));
        }
        for (int i = 0; i < 100; i++) {
            assertThat(fs.get(i).get(5, TimeUnit.SECONDS).get(0).asInt()).isEqualTo(i);
        }
        assertThat(posts.size()).isLessThan(100);
        assertThat(posts).allMatch(JsonNode::isArray);
        assertThat(metrics.batchSizes).allMatch(n -> n <= 25);
        assertThat(metrics.batchSizes.stream().mapToInt(Integer::intValue).sum()).isEqualTo(100);
    }

    @Test
    void http429WithRetryAfterIsRetriedAfterTheWait() throws Exception {
        HttpProvider p = provider(fast(server((ex, body, n) -> {
            if (n == 1) {
                ex.getResponseHeaders().add("Retry-After", "1");
                json(ex, 429, "{\"error\":\"slow down\"}");
            } else {
                ANSWER.handle(ex, body, n);
            }
        })));
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        assertThat(posts).hasSize(2);
        // Retry-After: 1 means the second attempt must not come sooner than a second later
        assertThat(postTimes.get(1) - postTimes.get(0)).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(950));
    }

    @Test
    void persistent429EndsWithRateLimited() throws Exception {
        HttpProvider p = provider(fast(server((ex, body, n) -> json(ex, 429, "{}"))).maxRetries(2));
        Throwable e = failureOf(p.sendAsync("eth_blockNumber", List.of()), 3000);
        assertThat(e).isInstanceOf(RateLimitedException.class).hasMessageContaining("HTTP 429");
        assertThat(posts).hasSize(3);
        WebSocketProviderTest.await(() -> metrics.failures.contains(RpcOutcome.RATE_LIMITED), "metric");
    }

    @Test
    void retryAfterLongerThanTheLimitFailsAtOnce() throws Exception {
        HttpProvider p = provider(fast(server((ex, body, n) -> {
            ex.getResponseHeaders().add("Retry-After", "3600");
            json(ex, 503, "{}");
        })));
        Throwable e = failureOf(p.sendAsync("eth_blockNumber", List.of()), 3000);
        assertThat(e).isInstanceOf(RateLimitedException.class).hasMessageContaining("maxRetryAfter");
        assertThat(posts).hasSize(1);
    }

    @Test
    void sendRawTransactionIsNeverRepeatedOnceItMayHaveReachedTheNode() throws Exception {
        HttpProvider p = provider(fast(server((ex, body, n) -> {
            if (n == 1 || body.path("method").asString().equals("eth_sendRawTransaction")) {
                // drop the connection without an answer: the node may have taken the request
                ex.getHttpContext().getServer();
                throw new IOException("simulated crash");
            }
            ANSWER.handle(ex, body, n);
        })));
        // a read: retried after the dropped connection, and succeeds
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        int before = posts.size();
        Throwable e = failureOf(p.sendAsync("eth_sendRawTransaction", List.of("0x02f8")), 3000);
        assertThat(e).isInstanceOf(ConnectionLostException.class).hasMessageContaining("may or may not have reached");
        assertThat(posts.size() - before).isEqualTo(1);
    }

    @Test
    void http503IsNotRetriedForTransactionSubmission() throws Exception {
        HttpProvider p = provider(fast(server((ex, body, n) -> json(ex, 503, "{}"))));
        Throwable e = failureOf(p.sendAsync("eth_sendRawTransaction", List.of("0x02")), 3000);
        assertThat(e).isInstanceOf(RateLimitedException.class);
        assertThat(posts).hasSize(1);
    }

    @Test
    void connectionRefusedIsRetriedThenReportedAsConnectionLost() throws Exception {
        int port;
        try (java.net.ServerSocket ss = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = ss.getLocalPort();
        }
        HttpProvider p = provider(fast("http://127.0.0.1:" + port + "/").name("down").maxRetries(1));
        Throwable e = failureOf(p.sendAsync("eth_chainId", List.of()), 3000);
        assertThat(e).isInstanceOf(ConnectionLostException.class).hasMessageContaining("cannot connect to 'down'");
    }

    @Test
    void silentServerTimesOut() throws Exception {
        HttpProvider p = provider(fast(server((ex, body, n) -> {
            try {
                Thread.sleep(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        })));
        Throwable e = failureOf(p.sendAsync("eth_chainId", List.of(), Duration.ofMillis(200)), 2000);
        assertThat(e).isInstanceOf(RpcTimeoutException.class);
        WebSocketProviderTest.await(() -> metrics.count("timeout") == 1, "timeout metric");
        assertThat(p.pendingRequests()).isZero();
    }

    @Test
    void nonJsonErrorStatusIsAnInvalidResponseNamingTheStatus() throws Exception {
        HttpProvider p = provider(fast(server((ex, body, n) -> {
            byte[] b = "<html>bad gateway</html>".getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(502, b.length);
            ex.getResponseBody().write(b);
        })));
        Throwable e = failureOf(p.sendAsync("eth_chainId", List.of()), 2000);
        assertThat(e).isInstanceOf(InvalidResponseException.class).hasMessageContaining("HTTP 502");
    }

    @Test
    void backpressureAndCloseFailPending() throws Exception {
        HttpProvider p = provider(fast(server((ex, body, n) -> {
            try {
                Thread.sleep(3000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        })).maxPendingRequests(2));
        CompletableFuture<JsonNode> a = p.sendAsync("x", List.of());
        CompletableFuture<JsonNode> b = p.sendAsync("x", List.of());
        assertThat(failureOf(p.sendAsync("x", List.of()), 100)).isInstanceOf(BackpressureException.class);
        assertThat(metrics.count("backpressure")).isEqualTo(1);
        p.close();
        assertThat(failureOf(a, 1000)).isInstanceOf(ConnectionLostException.class).hasMessageContaining("closed");
        assertThat(failureOf(b, 1000)).isInstanceOf(ConnectionLostException.class);
        assertThat(p.pendingRequests()).isZero();
    }

    @Test
    void subscriptionsAreRefusedOverHttp() throws Exception {
        HttpProvider p = provider(fast(server(ANSWER)));
        assertThat(failureOf(p.subscribe(List.of("newHeads"), r -> { }), 100))
                .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("WebSocketProvider");
    }

    @Test
    void aBodyThatStallsAfterTheHeadersStillTimesOut() throws Exception {
        HttpProvider p = provider(fast(server((ex, body, n) -> {
            ex.sendResponseHeaders(200, 1000);
            ex.getResponseBody().write('{');
            ex.getResponseBody().flush();
            try {
                Thread.sleep(3000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        })));
        Throwable e = failureOf(p.sendAsync("eth_chainId", List.of(), Duration.ofMillis(300)), 2000);
        assertThat(e).isInstanceOf(RpcTimeoutException.class);
        assertThat(p.pendingRequests()).isZero();
    }
}
