package sh.brane.client.events;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A load balancer on 127.0.0.1 whose log queries reach a replica {@link #lag} blocks behind the node that serves
 * everything else (a real Anvil): {@code eth_getLogs} by range answers as of {@code head - lag} (a range above it
 * answers {@code []}, a range across it is cut there), and by {@code blockHash} a block above it answers geth's
 * {@code unknown block} error. Headers and the head number are current.
 */
final class LaggingLogsNode implements AutoCloseable {
    private static final ObjectMapper JSON = JsonMapper.builder().build();

    private final String upstream;
    private final HttpClient http = HttpClient.newHttpClient();
    private final HttpServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(4);
    volatile int lag;
    /** Log queries answered short ({@code []} or cut) or refused because of the lag. */
    final AtomicInteger lagged = new AtomicInteger();

    LaggingLogsNode(String upstream, int lag) throws IOException {
        this.upstream = upstream;
        this.lag = lag;
        this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
        server.createContext("/", this::serve);
        server.setExecutor(threads);
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private void serve(HttpExchange exchange) throws IOException {
        try (exchange; InputStream in = exchange.getRequestBody()) {
            JsonNode request = JSON.readTree(in.readAllBytes());
            JsonNode answer;
            if (request.isArray()) {
                ArrayNode all = JSON.createArrayNode();
                for (JsonNode call : request) {
                    all.add(answer(call));
                }
                answer = all;
            } else {
                answer = answer(request);
            }
            byte[] body = JSON.writeValueAsBytes(answer);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private JsonNode answer(JsonNode call) throws IOException, InterruptedException {
        if (!"eth_getLogs".equals(call.path("method").asString())) {
            return forward(call);
        }
        ObjectNode filter = (ObjectNode) call.path("params").get(0);
        long visible = number(forward(rpc("eth_blockNumber", JSON.createArrayNode())).path("result")) - lag;
        if (filter.has("blockHash")) {
            JsonNode block = forward(rpc("eth_getBlockByHash",
                    JSON.createArrayNode().add(filter.get("blockHash").asString()).add(false))).path("result");
            if (block.isNull() || block.isMissingNode() || number(block.path("number")) > visible) {
                lagged.incrementAndGet();
                ObjectNode error = JSON.createObjectNode().put("jsonrpc", "2.0");
                error.set("id", call.get("id"));
                error.putObject("error").put("code", -32000).put("message", "unknown block");
                return error;
            }
            return forward(call);
        }
        long from = number(filter.path("fromBlock"));
        long to = number(filter.path("toBlock"));
        if (from > visible) {
            lagged.incrementAndGet();
            ObjectNode empty = JSON.createObjectNode().put("jsonrpc", "2.0");
            empty.set("id", call.get("id"));
            empty.putArray("result");
            return empty;
        }
        if (to > visible) {
            lagged.incrementAndGet();
            filter.put("toBlock", "0x" + Long.toHexString(visible));
        }
        return forward(call);
    }

    private static ObjectNode rpc(String method, ArrayNode params) {
        ObjectNode call = JSON.createObjectNode().put("jsonrpc", "2.0").put("id", 1).put("method", method);
        call.set("params", params);
        return call;
    }

    private static long number(JsonNode quantity) {
        return Long.decode(quantity.asString());
    }

    private JsonNode forward(JsonNode call) throws IOException, InterruptedException {
        HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(URI.create(upstream))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(call))).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        return JSON.readTree(new String(r.body(), StandardCharsets.UTF_8));
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
        http.close();
    }
}
