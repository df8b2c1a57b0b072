package sh.brane.rpc;

import java.net.http.HttpClient;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import tools.jackson.databind.JsonNode;

import sh.brane.rpc.core.AdmittedBatch;
import sh.brane.rpc.core.AnswerRouter;
import sh.brane.rpc.core.JsonRpcWriter;
import sh.brane.rpc.core.PendingRequest;
import sh.brane.rpc.core.RequestLifecycle;
import sh.brane.rpc.http.CallCoalescer;
import sh.brane.rpc.http.HttpExchanges;
import sh.brane.rpc.http.HttpRequestHead;
import sh.brane.rpc.http.HttpTransport;
import sh.brane.rpc.http.JdkHttpTransport;
import sh.brane.rpc.http.NettyHttpTransport;

/**
 * JSON-RPC over HTTP: explicit batches, automatic coalescing of concurrent async calls, and retries for HTTP 429/503
 * (honouring {@code Retry-After}) and for connection failures of calls that are safe to repeat (a transaction
 * submission only when the node provably did not take it). HTTP/1.1 (the default) runs on pooled keep-alive Netty
 * connections, HTTP/2 on the JDK {@link HttpClient}. Every call leaves when it is made; a blocking call is the
 * asynchronous call joined.
 */
public final class HttpProvider extends TransportProvider {

    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private final HttpConfig config;
    private final HttpTransport transport;
    private final AtomicLong nextId = new AtomicLong(1);
    /** {@code sendAsyncBatch}: gathers for {@code batchWindow}. */
    private final CallCoalescer coalescing;
    /** Auto-batching of {@code sendAsync} calls, or null when switched off. */
    private final CallCoalescer autoBatch;
    private final HttpExchanges exchanges;
    private volatile boolean closed;

    /** Virtual threads (also for retry back-offs, batch windows and the JDK client's work on HTTP/2) are named
     *  {@code brane-http-<name>-<n>-<k>}. */
    private HttpProvider(HttpConfig config) {
        super("brane-http-" + config.name() + "-" + INSTANCES.incrementAndGet() + "-", "", config.requestTimeout(),
                config.maxPendingRequests(), config.callbackExecutor());
        this.config = config;
        // one answer path: every response's answers are matched to the table, as WebSocket messages are
        AnswerRouter router = new AnswerRouter(table, lifecycle, AnswerRouter.Pushes.NONE, (r, answer) -> false,
                config.name(), "maxResponseSize (" + config.maxResponseSize() + " bytes)");
        HttpTransport t;
        try {
            // h2 needs ALPN and stream multiplexing: not worth writing on Netty while the JDK client does it
            t = config.version() == HttpClient.Version.HTTP_2 ? new JdkHttpTransport(config, virtualThreads, deadlines)
                    : new NettyHttpTransport(config, threadPrefix, deadlines);
        } catch (RuntimeException e) {
            virtualThreads.shutdown();
            deadlines.close();
            throw e;
        }
        this.transport = t;
        this.exchanges = new HttpExchanges(config, t, table, lifecycle, router, virtualThreads);
        CallCoalescer.Sender sender = (rs, calls, headers) -> exchanges.send(rs, calls, rs.size() > 1, headers);
        this.coalescing = new CallCoalescer(config.batchWindow().toNanos(), config.maxBatchSize(), virtualThreads,
                exchanges::sleepNanos, sender);
        this.autoBatch = config.autoBatch() ? new CallCoalescer(config.autoBatchWindow().toNanos(),
                config.maxBatchSize(), virtualThreads, exchanges::sleepNanos, sender) : null;
    }

    /** Creates a provider with default settings. No connection is made until the first call. */
    public static HttpProvider create(String url) {
        return create(HttpConfig.builder(url).build());
    }

    public static HttpProvider create(HttpConfig config) {
        return new HttpProvider(Objects.requireNonNull(config, "config"));
    }

    /** Gathered with the calls made within {@code batchWindow} into one batch. */
    @Override
    public CompletableFuture<JsonNode> sendAsyncBatch(String method, List<?> params) {
        return gather(coalescing, method, params, null).future();
    }

    @Override
    public List<CompletableFuture<JsonNode>> sendBatch(List<RpcCall> calls) {
        return sendBatch(calls, false).futures();
    }

    /** The batch's futures are completed where its answer is read: only this caller waits for them. */
    @Override
    public List<CompletableFuture<JsonNode>> sendBatchAndWait(List<RpcCall> calls) {
        List<CompletableFuture<JsonNode>> futures = sendBatch(calls, true).futures();
        Blocking.awaitAll(futures);
        return futures;
    }

    /** Registers a batch's calls, each refused or admitted as a single call would be, and sends those admitted. */
    private AdmittedBatch sendBatch(List<RpcCall> calls, boolean blockingCaller) {
        Map<String, String> headers = callHeaders();
        long now = System.nanoTime();
        AdmittedBatch batch = AdmittedBatch.register(calls,
                method -> register(method, defaultTimeoutNanos, blockingCaller, null, now));
        if (!batch.accepted().isEmpty()) {
            exchanges.send(batch.accepted(), batch.acceptedCalls(), true, headers);
        }
        return batch;
    }

    @Override
    public CompletableFuture<Subscription> subscribe(List<?> params, SubscriptionListener listener) {
        return CompletableFuture.failedFuture(new UnsupportedOperationException(
                "HTTP has no push channel: use a WebSocketProvider for subscriptions"));
    }

    @Override
    public CompletableFuture<Boolean> unsubscribe(Subscription subscription) {
        return CompletableFuture.failedFuture(new UnsupportedOperationException(
                "HTTP has no push channel: use a WebSocketProvider for subscriptions"));
    }

    /** Open until closed; each new pooled connection moves the epoch. */
    @Override
    public List<EndpointStatus> status() {
        return List.of(new EndpointStatus(config.name(), EndpointStatus.Transport.HTTP, !closed, !closed, 0, 0L,
                transport.connectionEpoch()));
    }

    public HttpConfig config() {
        return config;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        exchanges.close();
        table.drain(r -> new ConnectionLostException(r.method + " (id " + r.id + ") failed: provider "
                + config.name() + " was closed"));
        coalescing.clear();
        if (autoBatch != null) {
            autoBatch.clear();
        }
        transport.close();
        deadlines.close();
        virtualThreads.shutdown();
    }

    @Override
    public String toString() {
        return "HttpProvider[" + config.name() + " " + config.uri().getScheme() + "://" + config.uri().getHost() + "]";
    }

    @Override
    PendingRequest call(String method, List<?> params, long timeoutNanos, boolean blockingCaller,
                        ResultDecoder<?> decoder) {
        Objects.requireNonNull(method, "method");
        JsonRpcWriter.checkParams(params);
        Map<String, String> headers = callHeaders();
        PendingRequest r = register(method, timeoutNanos, blockingCaller, decoder, System.nanoTime());
        if (!r.future().isDone()) {
            exchanges.send(List.of(r), List.of(new RpcCall(method, params)), false, headers);
        }
        return r;
    }

    /** Gathered into a batch when auto-batching is on. Submissions leave alone, so a failed batch never takes a
     *  submission's retry rules with it. */
    @Override
    PendingRequest callAsync(String method, List<?> params, ResultDecoder<?> decoder) {
        if (autoBatch == null || RequestLifecycle.notRepeatable(method)) {
            return call(method, params, defaultTimeoutNanos, false, decoder);
        }
        return gather(autoBatch, method, params, decoder);
    }

    private PendingRequest gather(CallCoalescer coalescer, String method, List<?> params, ResultDecoder<?> decoder) {
        Objects.requireNonNull(method, "method");
        JsonRpcWriter.checkParams(params);
        Map<String, String> headers = callHeaders();
        PendingRequest r = register(method, defaultTimeoutNanos, false, decoder, System.nanoTime());
        if (!r.future().isDone()) {
            coalescer.add(r, new RpcCall(method, params), headers);
        }
        return r;
    }

    /** This call's own headers, asked for on the caller's thread (where its trace context is current) and checked
     *  here, so that a bad one fails the call that asked for it. */
    private Map<String, String> callHeaders() {
        java.util.function.Supplier<Map<String, String>> supplier = config.requestHeaders();
        Map<String, String> headers = supplier == null ? null : supplier.get();
        if (headers == null || headers.isEmpty()) {
            return Map.of();
        }
        for (Map.Entry<String, String> h : headers.entrySet()) {
            String name = h.getKey();
            if (name == null || h.getValue() == null) {
                throw new IllegalArgumentException("HttpConfig.requestHeaders gave a null header name or value");
            }
            HttpRequestHead.checkHeader(name, h.getValue());
            for (String configured : config.headers().keySet()) {
                if (configured.equalsIgnoreCase(name)) {
                    throw new IllegalArgumentException("HttpConfig.requestHeaders gave header " + name
                            + ", which is configured for every request already");
                }
            }
        }
        return Map.copyOf(headers);
    }

    /** Admits a call started at {@code startNanos} (the calls of one batch share one clock read); a refused one
     *  comes back already failed. */
    private PendingRequest register(String method, long timeoutNanos, boolean blockingCaller,
                                    ResultDecoder<?> decoder, long startNanos) {
        PendingRequest r = new PendingRequest(nextId.getAndIncrement(), method, timeoutNanos, null, blockingCaller,
                decoder, startNanos);
        table.admit(r, closed, config.name());
        return r;
    }
}
