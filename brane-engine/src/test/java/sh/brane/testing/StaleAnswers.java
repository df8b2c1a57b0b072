package sh.brane.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A loopback JSON-RPC forwarder in front of a real node that gives chosen stale answers: what a node a block behind
 * (a load balancer's other node, a syncing fallback) or a node that counts a block's nonces before it serves the
 * block's receipts would answer. Every call no stale answer is set for reaches the node unchanged; batches always do.
 */
public final class StaleAnswers implements AutoCloseable {
    private static final Pattern METHOD = Pattern.compile("\"method\"\\s*:\\s*\"([A-Za-z_]+)\"");
    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*(\\d+)");

    private final String upstream;
    private final HttpClient client = HttpClient.newHttpClient();
    private final HttpServer server;
    private final ExecutorService threads;
    private final List<Stale> stale = new CopyOnWriteArrayList<>();

    /** A stale answer: to calls of {@code method} whose params hold {@code paramsHolding}, the first few times. */
    public static final class Stale {
        final String method;
        final String paramsHolding;
        final String result;
        final AtomicInteger left;
        /** How many times it was given. */
        public final AtomicInteger given = new AtomicInteger();

        Stale(String method, String paramsHolding, String result, int times) {
            this.method = method;
            this.paramsHolding = paramsHolding.toLowerCase(Locale.ROOT);
            this.result = result;
            this.left = new AtomicInteger(times);
        }
    }

    private StaleAnswers(String upstream) throws IOException {
        this.upstream = upstream;
        this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
        this.threads = Executors.newFixedThreadPool(4, r -> {
            Thread t = new Thread(r, "stale-answers");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(threads);
        server.createContext("/", this::forward);
        server.start();
    }

    /** Starts a forwarder to the node at {@code upstreamHttpUrl}. */
    public static StaleAnswers to(String upstreamHttpUrl) throws IOException {
        return new StaleAnswers(upstreamHttpUrl);
    }

    /** Where to send calls: http://127.0.0.1:port. */
    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /**
     * From now on answers calls of {@code method} whose params hold {@code paramsHolding} (any case; "" for every
     * call of the method) with the JSON {@code result}, {@code times} times.
     */
    public Stale answer(String method, String paramsHolding, String result, int times) {
        Stale s = new Stale(method, paramsHolding, result, times);
        stale.add(s);
        return s;
    }

    /** Forgets every stale answer set. */
    public void clear() {
        stale.clear();
    }

    private void forward(HttpExchange exchange) throws IOException {
        String body;
        try (InputStream in = exchange.getRequestBody()) {
            body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String answer = staleAnswer(body);
        if (answer == null) {
            try {
                answer = client.send(HttpRequest.newBuilder(URI.create(upstream))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString())
                    .body();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException(e);
            }
        }
        byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** A stale answer, if the body is a call one is set for and it has some left; null to forward the call. */
    private String staleAnswer(String body) {
        Matcher method = METHOD.matcher(body);
        if (body.trim().startsWith("[") || !method.find()) {
            return null;
        }
        String lower = body.toLowerCase(Locale.ROOT);
        for (Stale s : stale) {
            if (s.method.equals(method.group(1)) && lower.contains(s.paramsHolding)
                    && s.left.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                s.given.incrementAndGet();
                Matcher id = ID.matcher(body);
                return "{\"jsonrpc\":\"2.0\",\"id\":" + (id.find() ? id.group(1) : "1") + ",\"result\":" + s.result
                        + "}";
            }
        }
        return null;
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
