package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static sh.brane.rpc.WebSocketProviderTest.failureOf;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A node that says "not now" inside a JSON-RPC answer (code -32005, code 429 in an HTTP 200, "header not found")
 * is asked again after a backoff, like HTTP 429, over HTTP and WebSocket; a transaction submission never is.
 */
class RateLimitAnswerTest {

    /** The three "not now" answers, by what the test names them. */
    private static ObjectNode notNow(JsonNode id, String kind) {
        ObjectNode r = TestWsServer.JSON.createObjectNode();
        r.put("jsonrpc", "2.0");
        r.set("id", id);
        ObjectNode err = r.putObject("error");
        switch (kind) {
            case "limit" -> err.put("code", -32005).put("message", "limit exceeded");
            case "429" -> err.put("code", 429).put("message", "Too Many Requests");
            case "size" -> err.put("code", -32005).put("message", "query returned more than 10000 results");
            default -> err.put("code", -32000).put("message", "header not found");
        }
        return r;
    }

    @RegisterExtension
    final TestResources toClose = new TestResources();
    /** Requests seen per method, and how many of each to answer "not now" before answering. */
    private final ConcurrentHashMap<String, AtomicInteger> seen = new ConcurrentHashMap<>();
    private final List<String> methods = new CopyOnWriteArrayList<>();
    private volatile int refusals = 1;
    private volatile String kind = "limit";

    private JsonNode answer(JsonNode req) {
        String method = req.path("method").asString();
        methods.add(method);
        int n = seen.computeIfAbsent(method, m -> new AtomicInteger()).incrementAndGet();
        if (!method.equals("eth_chainId") && n <= refusals) {
            return notNow(req.get("id"), kind);
        }
        if (method.equals("eth_getLogs")) {
            return TestWsServer.result(req, TestWsServer.JSON.createArrayNode());
        }
        if (method.equals("eth_sendRawTransaction")) {
            return TestWsServer.result(req, TestWsServer.JSON.getNodeFactory().stringNode("0x" + "ab".repeat(32)));
        }
        return TestWsServer.DEFAULT.answer(null, null, req);
    }

    private HttpProvider http(int maxRetries) throws Exception {
        HttpServer s = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
        s.createContext("/", ex -> {
            try (ex) {
                JsonNode body = TestWsServer.JSON.readTree(ex.getRequestBody().readAllBytes());
                if (body.isArray()) {
                    ArrayNode out = TestWsServer.JSON.createArrayNode();
                    body.forEach(req -> out.add(answer(req)));
                    HttpProviderTest.json(ex, 200, out.toString());
                } else {
                    HttpProviderTest.json(ex, 200, answer(body).toString());
                }
            }
        });
        s.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        s.start();
        toClose.add(() -> s.stop(0));
        HttpProvider p = HttpProvider.create(HttpConfig.builder("http://127.0.0.1:" + s.getAddress().getPort())
                .requestTimeout(Duration.ofSeconds(5)).maxRetries(maxRetries)
                .retryInitialBackoff(Duration.ofMillis(5)).retryMaxBackoff(Duration.ofMillis(20)).build());
        toClose.add(p);
        return p;
    }

    private WebSocketProvider ws(int maxRetries) throws Exception {
        TestWsServer s = TestWsServer.start((server, ch, req) -> answer(req));
        toClose.add(s);
        WebSocketProvider p = WebSocketProvider.create(WebSocketConfig.builder(s.url())
                .requestTimeout(Duration.ofSeconds(5)).maxRetries(maxRetries)
                .retryInitialBackoff(Duration.ofMillis(5)).retryMaxBackoff(Duration.ofMillis(20)).build());
        toClose.add(p);
        return p;
    }

    @ParameterizedTest
    @ValueSource(strings = { "limit", "429", "header" })
    void httpAsksAgainAfterANotNowAnswer(String kind) throws Exception {
        this.kind = kind;
        HttpProvider p = http(3);
        assertThat(p.send("echo", List.of("x")).get(0).asString()).isEqualTo("x");
        assertThat(methods).containsExactly("echo", "echo");
    }

    @ParameterizedTest
    @ValueSource(strings = { "limit", "429", "header" })
    void webSocketAsksAgainAfterANotNowAnswer(String kind) throws Exception {
        this.kind = kind;
        WebSocketProvider p = ws(3);
        assertThat(p.send("echo", List.of("x")).get(0).asString()).isEqualTo("x");
        assertThat(p.sendAsyncBatch("echo", List.of("y")).get(5, TimeUnit.SECONDS).get(0).asString()).isEqualTo("y");
        assertThat(methods).containsExactly("echo", "echo", "echo");
        assertThat(p.pendingRequests()).isZero();
    }

    @Test
    void aSubmissionIsNeverAskedAgain() throws Exception {
        HttpProvider h = http(3);
        Throwable e = failureOf(h.sendAsync("eth_sendRawTransaction", List.of("0x02")), 3000);
        assertThat(e).isInstanceOfSatisfying(RpcErrorException.class, x -> assertThat(x.code()).isEqualTo(-32005));
        seen.clear();
        WebSocketProvider w = ws(3);
        e = failureOf(w.sendAsync("eth_sendRawTransaction", List.of("0x02")), 3000);
        assertThat(e).isInstanceOfSatisfying(RpcErrorException.class, x -> assertThat(x.code()).isEqualTo(-32005));
        assertThat(methods).containsExactly("eth_sendRawTransaction", "eth_sendRawTransaction");
    }

    /**
     * Infura refuses an eth_getLogs range with too many results under the rate-limit code -32005: asking the same
     * range again cannot succeed, so the caller (LogStream, which splits the range) gets it at once; a rate limit
     * of eth_getLogs is still asked again.
     */
    @Test
    void aLogQuerySizeRefusalIsNotAskedAgainButALogQueryRateLimitIs() throws Exception {
        kind = "size";
        List<Object> filter = List.of(java.util.Map.of("fromBlock", "0x0", "toBlock", "0x10"));
        HttpProvider h = http(3);
        assertThat(failureOf(h.sendAsync("eth_getLogs", filter), 3000)).isInstanceOfSatisfying(
                RpcErrorException.class, x -> assertThat(x.code()).isEqualTo(-32005));
        seen.clear();
        WebSocketProvider w = ws(3);
        assertThat(failureOf(w.sendAsync("eth_getLogs", filter), 3000)).isInstanceOfSatisfying(
                RpcErrorException.class, x -> assertThat(x.code()).isEqualTo(-32005));
        assertThat(methods).containsExactly("eth_getLogs", "eth_getLogs");
        assertThat(w.pendingRequests()).isZero();

        methods.clear();
        seen.clear();
        kind = "limit";
        assertThat(h.sendAsync("eth_getLogs", filter).get(3, TimeUnit.SECONDS).size()).isZero(); // asked again
        assertThat(methods).containsExactly("eth_getLogs", "eth_getLogs");
    }

    @Test
    void onlyEthGetLogsSizeRefusalsStandAtOnce() {
        assertThat(RpcErrorCodes.isRetryableAnswer("eth_getLogs", -32005, "query returned more than 10000 results"))
                .isFalse();
        assertThat(RpcErrorCodes.isRetryableAnswer("eth_getLogs", -32005, "Log response size exceeded")).isFalse();
        assertThat(RpcErrorCodes.isRetryableAnswer("eth_getLogs", -32005, "daily request count exceeded, request "
                + "rate limited")).isTrue();
        assertThat(RpcErrorCodes.isRetryableAnswer("eth_call", -32005, "query returned more than 10000 results"))
                .isTrue();
        assertThat(RpcErrorCodes.isRetryableAnswer("eth_getLogs", 429, "more than 10 requests per second")).isTrue();
    }

    @Test
    void theNodesAnswerStandsOnceRetriesRunOut() throws Exception {
        refusals = 100;
        HttpProvider h = http(2);
        assertThat(failureOf(h.sendAsync("echo", List.of("x")), 3000))
                .isInstanceOfSatisfying(RpcErrorException.class, x -> assertThat(x.code()).isEqualTo(-32005));
        assertThat(methods).hasSize(3);
        methods.clear();
        seen.clear();
        WebSocketProvider w = ws(2);
        assertThat(failureOf(w.sendAsync("echo", List.of("x")), 3000))
                .isInstanceOfSatisfying(RpcErrorException.class, x -> assertThat(x.code()).isEqualTo(-32005));
        assertThat(methods).hasSize(3);
        assertThat(w.pendingRequests()).isZero();
    }

    @Test
    void inABatchOnlyTheCallsAnsweredNotNowAreAskedAgain() throws Exception {
        HttpProvider h = http(3);
        List<CompletableFuture<JsonNode>> fs = h.sendBatch(List.of(RpcCall.of("eth_chainId"), RpcCall.of("echo", "a")));
        assertThat(fs.get(0).get(5, TimeUnit.SECONDS).asString()).isEqualTo("0x7a69");
        assertThat(fs.get(1).get(5, TimeUnit.SECONDS).get(0).asString()).isEqualTo("a");
        assertThat(methods).containsExactly("eth_chainId", "echo", "echo");
        methods.clear();
        seen.clear();
        WebSocketProvider w = ws(3);
        fs = w.sendBatch(List.of(RpcCall.of("eth_chainId"), RpcCall.of("echo", "a")));
        assertThat(fs.get(0).get(5, TimeUnit.SECONDS).asString()).isEqualTo("0x7a69");
        assertThat(fs.get(1).get(5, TimeUnit.SECONDS).get(0).asString()).isEqualTo("a");
        assertThat(methods).containsExactly("eth_chainId", "echo", "echo");
    }

    @Test
    void classification() {
        assertThat(RpcErrorCodes.isRetryableAnswer(-32005, "anything")).isTrue();
        assertThat(RpcErrorCodes.isRetryableAnswer(429, null)).isTrue();
        assertThat(RpcErrorCodes.isRetryableAnswer(-32000, "Header Not Found")).isTrue();
        assertThat(RpcErrorCodes.isRetryableAnswer(-32000, "nonce too low")).isFalse();
        assertThat(RpcErrorCodes.isRetryableAnswer(3, "execution reverted")).isFalse();
        assertThat(RpcErrorCodes.isRetryableAnswer(-32000, "x".repeat(1_000_000) + "header not found")).isFalse();
    }
}
