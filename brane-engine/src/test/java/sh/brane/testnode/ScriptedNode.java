package sh.brane.testnode;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import sh.brane.client.tx.RefusalTexts;
import sh.brane.primitives.Hex;

/**
 * A JSON-RPC node for tests: an HTTP server on 127.0.0.1 (a random port) in front of a real node (Anvil) that
 * forwards every call unchanged unless told otherwise. It can be told to:
 * <ul>
 * <li>{@link #refuseSends refuse} the next {@code eth_sendRawTransaction} calls with a client's real text (see
 * {@link RefusalTexts}; nothing reaches the node), or {@link #refuseSendsWhere refuse those of a kind} for as long
 * as it runs, as a pool's standing rule does;</li>
 * <li>{@link #failAfterPooling answer with an error after pooling}: the call reaches the node, which pools the
 * transaction, and the caller gets an error no client gives (a proxy's failure after the node took it);</li>
 * <li>{@link #timeOutAfterPooling time out after pooling}: the call reaches the node, and the caller gets no answer
 * (the connection is closed after a while);</li>
 * <li>{@link #lag(int) lag}: answer {@code eth_blockNumber}, {@code eth_getTransactionCount},
 * {@code eth_getTransactionReceipt} and {@code eth_getLogs} as a replica some blocks behind would;</li>
 * <li>{@link #reorg reorganise}: replace the last blocks by a fork that mines their transactions in another
 * order or leaves some out, back to the pool;</li>
 * <li>{@link #forgetPool() forget its pool} ({@code anvil_dropAllTransactions}), as a node restarted without its
 * pool journal does;</li>
 * <li>{@link #withoutMethod(String) lack a method}, answering it as geth answers a method it does not have.</li>
 * </ul>
 * Batches are taken apart and each call handled as if it came alone. Each instruction counts down on its own, so
 * several can be set at once; {@link #clear()} forgets them all. Thread-safe.
 */
public final class ScriptedNode implements AutoCloseable {
    /** What a proxy answers when its upstream failed after taking the request: no client's refusal text. */
    public static final String PROXY_FAILURE = "upstream request failed: 502 Bad Gateway";

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final String upstream;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final HttpServer server;
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final ConcurrentLinkedQueue<Send> sends = new ConcurrentLinkedQueue<>();
    private final CountDownLatch closed = new CountDownLatch(1);
    private final AtomicInteger sendsSeen = new AtomicInteger();
    private volatile int lagBlocks;
    private final java.util.Set<String> missingMethods = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private volatile Duration holdBeforeClosing = Duration.ofSeconds(30);
    private volatile Refusing standing;

    /** What to do with one of the next submissions. */
    private record Send(Kind kind, String message) {
    }

    /** A standing rule: the submissions whose raw bytes {@code raw} accepts are refused with {@code message}. */
    private record Refusing(Predicate<byte[]> raw, String message) {
    }

    private enum Kind {
        REFUSE, FAIL_AFTER_POOLING, TIME_OUT_AFTER_POOLING
    }

    private ScriptedNode(String upstream) throws IOException {
        this.upstream = upstream;
        this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 100);
        server.setExecutor(threads);
        server.createContext("/", this::handle);
        server.start();
    }

    /** Starts a node that forwards to the node at {@code upstreamHttpUrl}. */
    public static ScriptedNode forwardingTo(String upstreamHttpUrl) throws IOException {
        return new ScriptedNode(upstreamHttpUrl);
    }

    /** Where to send calls: {@code http://127.0.0.1:port}. */
    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Refuses the next {@code times} submissions with JSON-RPC error -32000 and {@code message}; none is pooled. */
    public ScriptedNode refuseSends(int times, String message) {
        return queue(times, Kind.REFUSE, message);
    }

    /** Refuses the next submission with a client's own text. */
    public ScriptedNode refuseSends(int times, RefusalTexts.Text text) {
        return refuseSends(times, text.sample());
    }

    /**
     * From now on, refuses every submission whose raw bytes {@code raw} accepts with JSON-RPC error -32000 and
     * {@code message} (nothing reaches the node) and forwards the others: a node's own rule, such as a pool that
     * takes only the blob sidecar form of its fork.
     */
    public ScriptedNode refuseSendsWhere(Predicate<byte[]> raw, String message) {
        this.standing = new Refusing(raw, message);
        return this;
    }

    /** The next {@code times} submissions reach the node (and are pooled), then the caller gets {@code message}. */
    public ScriptedNode failAfterPooling(int times, String message) {
        return queue(times, Kind.FAIL_AFTER_POOLING, message);
    }

    /**
     * The next {@code times} submissions reach the node (and are pooled); the caller gets no answer, and the
     * connection is closed after {@link #holdBeforeClosing} (30 s unless set), or when this node closes.
     */
    public ScriptedNode timeOutAfterPooling(int times) {
        return queue(times, Kind.TIME_OUT_AFTER_POOLING, null);
    }

    /** How long a submission that times out keeps its connection before it is closed without an answer. */
    public ScriptedNode holdBeforeClosing(Duration hold) {
        this.holdBeforeClosing = hold;
        return this;
    }

    private ScriptedNode queue(int times, Kind kind, String message) {
        for (int i = 0; i < times; i++) {
            sends.add(new Send(kind, message));
        }
        return this;
    }

    /** Answers reads as a replica {@code blocks} behind the node would (0: no lag). */
    public ScriptedNode lag(int blocks) {
        this.lagBlocks = Math.max(0, blocks);
        return this;
    }

    /** Answers {@code method} as a node without it does (geth's text and code), as an older node would. */
    public ScriptedNode withoutMethod(String method) {
        missingMethods.add(method);
        return this;
    }

    /** The node forgets every pooled transaction (as a node restarted without its pool does). */
    public void forgetPool() {
        upstreamCall("anvil_dropAllTransactions", JSON.createArrayNode());
    }

    /**
     * A reorganisation: the last {@code depth} blocks are replaced by a fork of the same height that mines
     * {@code keep} of their transactions, shuffled by {@code seed}, and puts the others back into the pool.
     * Transactions pooled before stay pooled (the fork's blocks may mine them). Answers which went where.
     */
    public Reorg.Result reorg(int depth, int keep, long seed) {
        return Reorg.replaceLastBlocks((method, params) -> upstreamCall(method, params), depth, keep, seed);
    }

    /** Mines one block on the node. */
    public void mine() {
        upstreamCall("evm_mine", JSON.createArrayNode());
    }

    /** Forgets every instruction not used yet, and the lag. */
    public void clear() {
        sends.clear();
        lagBlocks = 0;
        missingMethods.clear();
        standing = null;
    }

    /** How many {@code eth_sendRawTransaction} calls reached this node (forwarded or not). */
    public int sendsSeen() {
        return sendsSeen.get();
    }

    /** How many scripted submissions are still to come. */
    public int scriptedLeft() {
        return sends.size();
    }

    // ------------------------------------------------------------------ serving

    private void handle(HttpExchange exchange) throws IOException {
        JsonNode request;
        try (InputStream in = exchange.getRequestBody()) {
            request = JSON.readTree(in.readAllBytes());
        }
        JsonNode answer;
        try {
            if (request.isArray()) {
                ArrayNode answers = JSON.createArrayNode();
                for (JsonNode call : request) {
                    answers.add(answer(call));
                }
                answer = answers;
            } else {
                answer = answer(request);
            }
        } catch (NoAnswer e) {
            try {
                closed.await(holdBeforeClosing.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            exchange.close(); // no status, no body: the caller sees the connection end
            return;
        }
        byte[] bytes = JSON.writeValueAsBytes(answer);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** Thrown to leave a call unanswered. */
    private static final class NoAnswer extends RuntimeException {
        NoAnswer() {
            super(null, null, false, false);
        }
    }

    private JsonNode answer(JsonNode call) {
        String method = call.path("method").asString("");
        if (missingMethods.contains(method)) {
            ObjectNode missing = error(call, "the method " + method + " does not exist/is not available");
            ((ObjectNode) missing.get("error")).put("code", -32601);
            return missing;
        }
        if (method.equals("eth_sendRawTransaction")) {
            sendsSeen.incrementAndGet();
            Refusing rule = standing;
            if (rule != null && rule.raw.test(Hex.decode(call.path("params").path(0).asString("0x")))) {
                return error(call, rule.message);
            }
            Send scripted = sends.poll();
            if (scripted != null) {
                return switch (scripted.kind) {
                    case REFUSE -> error(call, scripted.message);
                    case FAIL_AFTER_POOLING -> {
                        forward(call);
                        yield error(call, scripted.message);
                    }
                    case TIME_OUT_AFTER_POOLING -> {
                        forward(call);
                        throw new NoAnswer();
                    }
                };
            }
        }
        int lag = lagBlocks;
        if (lag > 0) {
            JsonNode lagging = lagging(call, method, lag);
            if (lagging != null) {
                return lagging;
            }
        }
        return forward(call);
    }

    /** The answer of a replica {@code lag} blocks behind, or null where it is the node's own. */
    private JsonNode lagging(JsonNode call, String method, int lag) {
        long behind = Math.max(0, head() - lag);
        String at = "0x" + Long.toHexString(behind);
        switch (method) {
            case "eth_blockNumber":
                return result(call, JSON.getNodeFactory().stringNode(at));
            case "eth_getTransactionCount": {
                ObjectNode copy = (ObjectNode) call.deepCopy();
                ArrayNode params = (ArrayNode) copy.get("params");
                if (params.size() > 1) {
                    params.set(1, JSON.getNodeFactory().stringNode(at));
                } else {
                    params.add(at);
                }
                return forward(copy);
            }
            case "eth_getTransactionReceipt": {
                JsonNode answer = forward(call);
                JsonNode receipt = answer.path("result");
                if (receipt.isObject() && number(receipt.path("blockNumber")) > behind) {
                    return result(call, JSON.nullNode());
                }
                return answer;
            }
            case "eth_getLogs": {
                ObjectNode copy = (ObjectNode) call.deepCopy();
                ObjectNode filter = (ObjectNode) copy.get("params").get(0);
                if (filter.has("blockHash")) {
                    return null;
                }
                long from = blockParam(filter.path("fromBlock"), behind);
                if (from > behind) {
                    return result(call, JSON.createArrayNode());
                }
                long to = blockParam(filter.path("toBlock"), behind);
                filter.put("toBlock", "0x" + Long.toHexString(Math.min(to, behind)));
                return forward(copy);
            }
            default:
                return null;
        }
    }

    private long head() {
        return number(upstreamCall("eth_blockNumber", JSON.createArrayNode()).path("result"));
    }

    private static long blockParam(JsonNode tag, long latest) {
        String s = tag.asString("latest");
        return switch (s) {
            case "latest", "pending", "safe", "finalized" -> latest;
            case "earliest" -> 0;
            default -> Long.parseLong(s.substring(2), 16);
        };
    }

    private static long number(JsonNode hex) {
        String s = hex.asString("0x0");
        return Long.parseLong(s.startsWith("0x") ? s.substring(2) : s, 16);
    }

    private JsonNode upstreamCall(String method, JsonNode params) {
        ObjectNode call = JSON.createObjectNode();
        call.put("jsonrpc", "2.0");
        call.put("id", 1);
        call.put("method", method);
        call.set("params", params);
        return forward(call);
    }

    private JsonNode forward(JsonNode call) {
        try {
            String body = client.send(HttpRequest.newBuilder(URI.create(upstream))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(call))).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            return JSON.readTree(body);
        } catch (IOException e) {
            return error(call, "scripted node: the upstream node did not answer: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NoAnswer();
        }
    }

    private static ObjectNode result(JsonNode call, JsonNode result) {
        ObjectNode answer = JSON.createObjectNode();
        answer.put("jsonrpc", "2.0");
        answer.set("id", call.path("id"));
        answer.set("result", result);
        return answer;
    }

    private static ObjectNode error(JsonNode call, String message) {
        ObjectNode answer = JSON.createObjectNode();
        answer.put("jsonrpc", "2.0");
        answer.set("id", call.path("id"));
        ObjectNode error = answer.putObject("error");
        error.put("code", -32000);
        error.put("message", message);
        return answer;
    }

    /** Every client's texts for one kind of refusal, for scripts that try each. */
    public static List<RefusalTexts.Text> texts(sh.brane.client.tx.TransactionRefusedException.Refusal refusal) {
        return RefusalTexts.all().stream().filter(t -> t.refusal() == refusal).toList();
    }

    @Override
    public void close() {
        closed.countDown();
        server.stop(0);
        threads.shutdownNow();
    }

    @Override
    public String toString() {
        return "ScriptedNode[" + url() + " -> " + upstream.toLowerCase(Locale.ROOT) + "]";
    }
}
