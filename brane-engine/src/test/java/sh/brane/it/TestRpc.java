package sh.brane.it;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A tiny JSON-RPC client on the JDK HttpClient and Jackson 3 for integration tests, until the engine's
 * own providers exist.
 */
final class TestRpc {
    static final JsonMapper JSON = JsonMapper.builder().build();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();

    private final URI uri;
    private final AtomicLong ids = new AtomicLong();

    TestRpc(String url) {
        this.uri = URI.create(url);
    }

    /** A JSON-RPC error answer, with its {@code data} (the revert data for eth_call) when present. */
    static final class RpcError extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final long code;
        final String data;

        RpcError(String method, JsonNode error) {
            super(method + " failed: " + error);
            this.code = error.path("code").asLong();
            this.data = error.hasNonNull("data") ? error.get("data").asString() : null;
        }
    }

    /** Calls {@code method}; params are Strings, numbers, booleans or Jackson nodes. */
    JsonNode call(String method, Object... params) {
        ObjectNode request = JSON.createObjectNode();
        request.put("jsonrpc", "2.0");
        request.put("id", ids.incrementAndGet());
        request.put("method", method);
        ArrayNode array = request.putArray("params");
        for (Object p : params) {
            switch (p) {
                case JsonNode n -> array.add(n);
                case String s -> array.add(s);
                case Boolean b -> array.add(b);
                case Long l -> array.add(l);
                case Integer i -> array.add(i);
                default -> throw new IllegalArgumentException("unsupported param " + p.getClass());
            }
        }
        HttpRequest http = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(request.toString())).build();
        try {
            HttpResponse<String> response = HTTP.send(http, HttpResponse.BodyHandlers.ofString());
            JsonNode body = JSON.readTree(response.body());
            if (body.has("error")) {
                throw new RpcError(method, body.get("error"));
            }
            return body.get("result");
        } catch (IOException e) {
            throw new IllegalStateException(method + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * The receipt of {@code txHash}, polled: Anvil's auto-mine may answer eth_sendRawTransaction a moment
     * before the block holding it is queryable.
     */
    JsonNode receipt(String txHash) {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (true) {
            JsonNode receipt = call("eth_getTransactionReceipt", txHash);
            if (receipt != null && !receipt.isNull()) {
                return receipt;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no receipt for " + txHash + " within 10 s");
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    /** A JSON-RPC quantity ("0x1a") as a long. */
    static long quantity(String hex) {
        if (!hex.startsWith("0x") || hex.length() < 3) {
            throw new IllegalArgumentException("not a quantity: " + hex);
        }
        return Long.parseUnsignedLong(hex.substring(2), 16);
    }

    /** {@code {"from":..,"to":..,"data":..}} for eth_call. */
    static ObjectNode callObject(String from, String to, String data) {
        ObjectNode o = JSON.createObjectNode();
        if (from != null) {
            o.put("from", from);
        }
        o.put("to", to);
        o.put("data", data);
        return o;
    }
}
