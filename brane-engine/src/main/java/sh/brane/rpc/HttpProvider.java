package sh.brane.rpc;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.buffer.ByteBufUtil;
import tools.jackson.databind.JsonNode;

/**
 * JSON-RPC over HTTP: explicit batches, automatic
 * coalescing of concurrent {@code sendAsyncBatch} calls, and retries for HTTP 429/503 (honouring
 * {@code Retry-After}) and for connection failures of calls that are safe to repeat. HTTP/1.1 (the default)
 * runs on pooled keep-alive Netty connections ({@link NettyHttpTransport}); HTTP/2 on the JDK
 * {@link HttpClient} ({@link JdkHttpTransport}).
 *
 * <p>A call that may have reached the node is retried only if repeating it cannot do harm: transaction
 * submissions ({@code eth_sendRawTransaction} and friends) are retried only when the node provably did not
 * take them (connection refused, HTTP 429).
 *
 * <p>Every call leaves when it is made: it is handed to the transport at once (or, with auto-batching, gathered with
 * the calls made while the batching window is open). A blocking call is the asynchronous call joined.
 */
public final class HttpProvider implements BraneProvider {

    /**
     * Whether {@code method} must never be repeated once it may have reached the node (it submits a transaction). A
     * string switch: every call asks it, and it costs less than a set's megamorphic {@code hashCode}/{@code equals}.
     */
    static boolean notRepeatable(String method) {
        return switch (method) {
            case "eth_sendRawTransaction", "eth_sendTransaction", "eth_sendRawTransactionSync", "eth_sendBundle",
                 "eth_sendPrivateTransaction", "personal_sendTransaction" -> true;
            default -> false;
        };
    }

    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private final HttpConfig config;
    private final HttpTransport transport;
    private final DeadlineTimer deadlines;
    /** Retry back-offs, batch windows, default callbacks, and the JDK client's work on HTTP/2. */
    private final ExecutorService virtualThreads;
    private final RequestLifecycle lifecycle;
    private final InFlightTable pending;
    /** Matches every response's answers to the table, as it does WebSocket messages: one answer path. */
    private final AnswerRouter router;
    private final AtomicLong nextId = new AtomicLong(1);
    /** {@code sendAsyncBatch}: gathers for {@code batchWindow}. */
    private final CallCoalescer coalescing;
    /** Auto-batching of {@code sendAsync} calls, or null when switched off. */
    private final CallCoalescer autoBatch;
    private final long defaultTimeoutNanos;
    private volatile boolean closed;

    private HttpProvider(HttpConfig config) {
        this.config = config;
        String prefix = "brane-http-" + config.name() + "-" + INSTANCES.incrementAndGet() + "-";
        this.virtualThreads = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name(prefix, 0).factory());
        this.lifecycle = new RequestLifecycle(config.callbackExecutor() != null ? config.callbackExecutor() : virtualThreads);
        this.deadlines = new DeadlineTimer(prefix + "deadlines");
        this.pending = new InFlightTable(config.maxPendingRequests(), lifecycle, deadlines);
        this.defaultTimeoutNanos = config.requestTimeout().toNanos();
        this.router = new AnswerRouter(pending, lifecycle, AnswerRouter.Pushes.NONE, r -> false, config.name(),
                "maxResponseSize (" + config.maxResponseSize() + " bytes)");
        HttpTransport t;
        try {
            // h2 needs ALPN and stream multiplexing: not worth writing on Netty while the JDK client does it
            t = config.version() == HttpClient.Version.HTTP_2 ? new JdkHttpTransport(config, virtualThreads, deadlines)
                    : new NettyHttpTransport(config, prefix, deadlines);
        } catch (RuntimeException e) {
            virtualThreads.shutdown();
            deadlines.close();
            throw e;
        }
        this.transport = t;
        CallCoalescer.Sender sender = (rs, calls, headers) -> sendExchange(rs, calls, rs.size() > 1, headers);
        this.coalescing = new CallCoalescer(config.batchWindow().toNanos(), config.maxBatchSize(), virtualThreads,
                this::sleepNanos, sender);
        this.autoBatch = config.autoBatch() ? new CallCoalescer(config.autoBatchWindow().toNanos(),
                config.maxBatchSize(), virtualThreads, this::sleepNanos, sender) : null;
    }

    /** Creates a provider with default settings. No connection is made until the first call. */
    public static HttpProvider create(String url) {
        return create(HttpConfig.builder(url).build());
    }

    public static HttpProvider create(HttpConfig config) {
        return new HttpProvider(Objects.requireNonNull(config, "config"));
    }

    @Override
    public JsonNode send(String method, List<?> params) {
        return blocking(method, params, defaultTimeoutNanos);
    }

    @Override
    public JsonNode send(String method, List<?> params, Duration timeout) {
        return blocking(method, params, RequestLifecycle.timeoutNanos(timeout));
    }

    @Override
    public <T> T send(String method, List<?> params, Duration timeout, ResultDecoder<T> decoder) {
        Objects.requireNonNull(decoder, "decoder");
        return blocking(method, params, RequestLifecycle.timeoutNanos(timeout), decoder);
    }

    private JsonNode blocking(String method, List<?> params, long timeoutNanos) {
        return blocking(method, params, timeoutNanos, (ResultDecoder<JsonNode>) null);
    }

    /** A blocking call; a null {@code decoder} reads the result as a tree ({@code T} is then {@link JsonNode}). */
    private <T> T blocking(String method, List<?> params, long timeoutNanos, ResultDecoder<T> decoder) {
        return Blocking.await(sendOne(method, params, timeoutNanos, true, decoder).<T>typedFuture(), method);
    }

    @Override
    public CompletableFuture<JsonNode> sendAsync(String method, List<?> params) {
        return sendAuto(method, params, null).future;
    }

    @Override
    public <T> CompletableFuture<T> sendAsync(String method, List<?> params, ResultDecoder<T> decoder) {
        Objects.requireNonNull(decoder, "decoder");
        return sendAuto(method, params, decoder).typedFuture();
    }

    @Override
    public <T> T send(String method, List<?> params, ResultDecoder<T> decoder) {
        Objects.requireNonNull(decoder, "decoder");
        return blocking(method, params, defaultTimeoutNanos, decoder);
    }

    @Override
    public CompletableFuture<JsonNode> sendAsync(String method, List<?> params, Duration timeout) {
        return sendOne(method, params, RequestLifecycle.timeoutNanos(timeout), false, null).future;
    }

    @Override
    public <T> CompletableFuture<T> sendAsync(String method, List<?> params, Duration timeout, ResultDecoder<T> decoder) {
        Objects.requireNonNull(decoder, "decoder");
        return sendOne(method, params, RequestLifecycle.timeoutNanos(timeout), false, decoder).typedFuture();
    }

    @Override
    public CompletableFuture<JsonNode> sendAsyncBatch(String method, List<?> params) {
        Objects.requireNonNull(method, "method");
        JsonRpcWriter.checkParams(params);
        Map<String, String> headers = callHeaders();
        PendingRequest r = register(method, defaultTimeoutNanos, false, null);
        if (!r.future.isDone()) {
            coalescing.add(r, new RpcCall(method, params), headers);
        }
        return r.future;
    }

    @Override
    public List<CompletableFuture<JsonNode>> sendBatch(List<RpcCall> calls) {
        Map<String, String> headers = callHeaders();
        AdmittedBatch batch = admitBatch(calls, false);
        if (!batch.accepted().isEmpty()) {
            sendExchange(batch.accepted(), batch.acceptedCalls(), true, headers);
        }
        return batch.futures();
    }

    /** The batch's futures are completed where its answer is read: only this caller waits for them. */
    @Override
    public List<CompletableFuture<JsonNode>> sendBatchAndWait(List<RpcCall> calls) {
        Map<String, String> headers = callHeaders();
        // completed in place: the futures reach the caller only once every one has ended
        AdmittedBatch batch = admitBatch(calls, true);
        if (!batch.accepted().isEmpty()) {
            sendExchange(batch.accepted(), batch.acceptedCalls(), true, headers);
        }
        Blocking.awaitAll(batch.futures());
        return batch.futures();
    }

    /**
     * Registers a batch's calls under consecutive ids, in room held for all of them at once ({@link
     * InFlightTable#reserve}: two atomic steps for the batch in place of two per call). A batch the table has not
     * room for, or a closed provider's, is registered call by call, so that each call is refused (or admitted) as
     * a single call would be.
     */
    private AdmittedBatch admitBatch(List<RpcCall> calls, boolean blockingCaller) {
        AdmittedBatch.check(calls);
        long now = System.nanoTime();
        int n = calls.size();
        if (closed || n == 0 || !pending.reserve(n)) {
            return AdmittedBatch.registerChecked(calls,
                    (i, method) -> register(method, defaultTimeoutNanos, blockingCaller, null, now));
        }
        long first = nextId.getAndAdd(n);
        return AdmittedBatch.registerChecked(calls,
                (i, method) -> admitReserved(first + i, method, blockingCaller, now));
    }

    /** A request of a batch under {@code id}, admitted into room held for it ({@link InFlightTable#reserve}). */
    private PendingRequest admitReserved(long id, String method, boolean blockingCaller, long startNanos) {
        PendingRequest r = new PendingRequest(id, method, defaultTimeoutNanos, null, blockingCaller, null, startNanos);
        pending.admitReserved(r, closed, config.name());
        return r;
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

    @Override
    public void setMetrics(BraneMetrics metrics) {
        lifecycle.setMetrics(metrics);
    }

    @Override
    public int pendingRequests() {
        return pending.size();
    }

    /** Open until closed: HTTP keeps no connection whose loss could be seen between calls. */
    @Override
    public List<EndpointStatus> status() {
        return List.of(new EndpointStatus(config.name(), EndpointStatus.Transport.HTTP, !closed, !closed, 0, 0));
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
        for (PendingRequest r : pending.drain()) {
            lifecycle.fail(r, new ConnectionLostException(r.method + " (id " + r.id + ") failed: provider "
                    + config.name() + " was closed"));
        }
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

    // ---------------------------------------------------------------- internals

    private PendingRequest sendOne(String method, List<?> params, long timeoutNanos, boolean blockingCaller,
                                   ResultDecoder<?> decoder) {
        Objects.requireNonNull(method, "method");
        JsonRpcWriter.checkParams(params);
        Map<String, String> headers = callHeaders();
        PendingRequest r = register(method, timeoutNanos, blockingCaller, decoder);
        if (!r.future.isDone()) {
            sendExchange(List.of(r), List.of(new RpcCall(method, params)), false, headers);
        }
        return r;
    }

    /**
     * An async call with the default timeout: gathered with concurrent ones into one batch when auto-batching
     * is on. Submissions always leave alone, so that a failed batch never takes a submission's retry rules
     * (or its fate) with it.
     */
    private PendingRequest sendAuto(String method, List<?> params, ResultDecoder<?> decoder) {
        if (autoBatch == null || notRepeatable(method)) {
            return sendOne(method, params, defaultTimeoutNanos, false, decoder);
        }
        Objects.requireNonNull(method, "method");
        JsonRpcWriter.checkParams(params);
        Map<String, String> headers = callHeaders();
        PendingRequest r = register(method, defaultTimeoutNanos, false, decoder);
        if (!r.future.isDone()) {
            autoBatch.add(r, new RpcCall(method, params), headers);
        }
        return r;
    }

    /**
     * This call's own headers ({@link HttpConfig#requestHeaders}), asked for on the caller's thread (where its trace
     * context is current) and checked here, so that a bad one fails the call that asked for it, at once.
     */
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
            NettyHttpTransport.checkHeader(name, h.getValue());
            for (String configured : config.headers().keySet()) {
                if (configured.equalsIgnoreCase(name)) {
                    throw new IllegalArgumentException("HttpConfig.requestHeaders gave header " + name
                            + ", which is configured for every request already");
                }
            }
        }
        return Map.copyOf(headers);
    }

    private PendingRequest register(String method, long timeoutNanos, boolean blockingCaller,
                                    ResultDecoder<?> decoder) {
        return register(method, timeoutNanos, blockingCaller, decoder, System.nanoTime());
    }

    /** The same, started at {@code startNanos}: the calls of one batch share one clock read. */
    private PendingRequest register(String method, long timeoutNanos, boolean blockingCaller,
                                    ResultDecoder<?> decoder, long startNanos) {
        PendingRequest r = new PendingRequest(nextId.getAndIncrement(), method, timeoutNanos, null, blockingCaller,
                decoder, startNanos);
        lifecycle.admit(r, pending, closed, config.name());
        return r;
    }

    private void sendExchange(List<PendingRequest> rs, List<RpcCall> calls, boolean batch,
                              Map<String, String> headers) {
        attempt(new HttpExchange(rs, calls, serialize(rs, calls, batch), batch, headers));
    }

    private byte[] serialize(List<PendingRequest> rs, List<RpcCall> calls, boolean batch) {
        long[] ids = new long[rs.size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = rs.get(i).id;
        }
        if (batch) {
            for (PendingRequest r : rs) {
                r.batchIds = ids; // so that the sweep's timeout names the batch the call went in
            }
        }
        return serialize(ids, calls, batch);
    }

    /** The body of {@code calls} under {@code ids}: a JSON-RPC batch, or the one request when not {@code batch}. */
    private byte[] serialize(long[] ids, List<RpcCall> calls, boolean batch) {
        ByteBuf out = WireBuffer.take(64 * ids.length + 2);
        try {
            if (batch) {
                out.writeByte('[');
                for (int i = 0; i < ids.length; i++) {
                    if (i > 0) {
                        out.writeByte(',');
                    }
                    writeRequest(out, ids[i], calls.get(i));
                }
                out.writeByte(']');
                lifecycle.hook(m -> m.onBatchSize(ids.length));
            } else {
                writeRequest(out, ids[0], calls.get(0));
            }
            return ByteBufUtil.getBytes(out);
        } finally {
            WireBuffer.give(out);
        }
    }

    /**
     * One request, byte for byte what Jackson writes: straight into the buffer when its params are plain
     * ({@link RequestBytes}: a generator per call cost more than the call's bytes), else with Jackson.
     */
    private static void writeRequest(ByteBuf out, long id, RpcCall call) {
        if (!RequestBytes.tryWrite(out, id, call.method(), call.params())) {
            JsonRpcWriter.writeRequest(new ByteBufOutputStream(out), id, call.method(), call.params());
        }
    }

    private void attempt(HttpExchange x) {
        long remaining = x.deadline - System.nanoTime();
        if (remaining <= 0) {
            failAll(x, id -> new RpcTimeoutException(x.describe() + " got no answer within its timeout"));
            return;
        }
        if (closed) {
            return;
        }
        x.attempt++;
        try {
            transport.post(x.body, x.headers, remaining).whenComplete((resp, err) -> answered(x, resp, err));
        } catch (RuntimeException e) {
            onFailure(x, e);
        }
    }

    /** The end of one attempt at {@code x}: a reply or an error. */
    private void answered(HttpExchange x, HttpTransport.HttpReply resp, Throwable err) {
        if (err != null) {
            onFailure(x, err instanceof CompletionException ce && ce.getCause() != null ? ce.getCause() : err);
        } else if (resp != null) {
            try {
                onResponse(x, resp);
            } finally {
                resp.release();
            }
        }
    }

    private void onFailure(HttpExchange x, Throwable err) {
        FrameTooLargeException tooLarge = tooLarge(err);
        if (tooLarge != null) {
            // the body was cut off unread: not worth repeating, the node would send the same again
            failAll(x, id -> new FrameTooLargeException(x.describe() + " failed: " + tooLarge.getMessage(), tooLarge));
        } else if (err instanceof HttpConnectTimeoutException || err instanceof ConnectException
                || err.getCause() instanceof ConnectException || err instanceof UnresolvedAddressException) {
            // never reached the node: safe to repeat anything
            if (!retry(x, -1, "connection failed: " + err)) {
                failAll(x, id -> new ConnectionLostException(x.describe() + " failed: cannot connect to "
                        + describeEndpoint() + ": " + err, err));
            }
        } else if (err instanceof HttpTimeoutException || err instanceof java.util.concurrent.TimeoutException) {
            failAll(x, id -> new RpcTimeoutException(x.describe() + " got no answer within its timeout", err));
        } else if (err instanceof IOException) {
            if (!(x.repeatable && retry(x, -1, err.toString()))) {
                failAll(x, id -> new ConnectionLostException(x.describe() + " failed: " + err
                        + "; it may or may not have reached the node", err));
            }
        } else {
            failAll(x, id -> new ConnectionLostException(x.describe() + " failed: " + err, err));
        }
    }

    private static FrameTooLargeException tooLarge(Throwable err) {
        for (Throwable t = err; t != null; t = t.getCause()) {
            if (t instanceof FrameTooLargeException f) {
                return f;
            }
        }
        return null;
    }

    private void onResponse(HttpExchange x, HttpTransport.HttpReply resp) {
        int status = resp.status();
        if (status == 429 || status == 503) {
            long retryAfter = parseRetryAfter(resp.retryAfter());
            boolean may = status == 429 || x.repeatable;
            if (retryAfter > config.maxRetryAfter().toNanos()) {
                failAll(x, id -> new RateLimitedException(x.describe() + " rate limited: HTTP " + status
                        + " with Retry-After " + Duration.ofNanos(retryAfter) + ", longer than maxRetryAfter ("
                        + config.maxRetryAfter() + ")"));
                return;
            }
            if (!(may && retry(x, retryAfter, "HTTP " + status))) {
                failAll(x, id -> new RateLimitedException(x.describe() + " rate limited: HTTP " + status
                        + " after " + x.attempt + " attempt(s)"));
            }
            return;
        }
        io.netty.buffer.ByteBuf body = resp.body();
        Reading reading = new Reading(x, status);
        AnswerGroup answers = new AnswerGroup();
        try {
            if (body.isReadable() && (status == 200 || looksLikeJson(body))) {
                // parsed where it lies (the transport's buffers, never gathered into one array), by the router
                // WebSocket answers take too, scoped to this exchange's calls
                router.route(body, reading, answers);
            }
            List<PendingRequest> again = reading.again;
            for (PendingRequest r : x.requests) {
                if ((again == null || !again.contains(r)) && r.exchange == x && pending.take(r)) {
                    String why = status == 200 ? "the response held no answer for id " + r.id
                            : "HTTP " + status + " from " + describeEndpoint();
                    lifecycle.fail(r, new InvalidResponseException(r.method + " failed: " + why), answers);
                }
            }
            if (again != null) {
                askAgain(x, again, reading.againErrors, answers);
            }
        } finally {
            // every answer read so far completes, even if reading the rest failed; on an event loop, the group's
            // watchdog is timed there (as WebSocket answers' are)
            java.util.concurrent.ScheduledExecutorService loop = transport.currentLoop();
            if (loop != null) {
                lifecycle.deliver(answers, loop);
            } else {
                lifecycle.deliver(answers);
            }
        }
    }

    /**
     * What one response may answer: the calls of its own exchange. A call answered "not now" that may be asked
     * again stays in flight, kept here for {@link #askAgain}.
     */
    private final class Reading implements AnswerRouter.Scope {
        private final HttpExchange x;
        private final int status;
        List<PendingRequest> again;
        List<RpcErrorException> againErrors;

        Reading(HttpExchange x, int status) {
            this.x = x;
            this.status = status;
        }

        @Override
        public boolean owns(PendingRequest r) {
            return r.exchange == x;
        }

        /** A call of this exchange by its id, without the table: a batch's ids are usually consecutive. */
        @Override
        public PendingRequest own(long id) {
            List<PendingRequest> rs = x.requests;
            long k = id - rs.get(0).id;
            if (k >= 0 && k < rs.size()) {
                PendingRequest r = rs.get((int) k);
                if (r.id == id && r.exchange == x) {
                    return r;
                }
            }
            return null;
        }

        @Override
        public boolean askAgainLater(PendingRequest r) {
            return false;
        }

        @Override
        public boolean askAgainLater(PendingRequest r, RpcErrorException answer) {
            if (notRepeatable(r.method)) {
                return false;
            }
            if (again != null && again.contains(r)) {
                return true; // the same id answered twice: it is asked again once
            }
            if (again == null) {
                again = new ArrayList<>();
                againErrors = new ArrayList<>();
            }
            again.add(r);
            againErrors.add(answer);
            return true;
        }

        @Override
        public PendingRequest soleRequest() {
            return x.requests.size() == 1 && again == null ? x.requests.get(0) : null;
        }

        @Override
        public String describe() {
            return "HTTP " + status;
        }
    }

    /**
     * Sends the calls answered "not now" once more after a backoff, as one new exchange with what is left of
     * the time; when no retry or time is left they end with the node's answer.
     */
    private void askAgain(HttpExchange x, List<PendingRequest> rs, List<RpcErrorException> errors,
                          AnswerGroup answers) {
        List<RpcCall> calls = new ArrayList<>(rs.size());
        for (PendingRequest r : rs) {
            calls.add(x.calls.get(x.requests.indexOf(r)));
        }
        boolean all = rs.size() == x.requests.size();
        boolean batch = all ? x.batch : rs.size() > 1;
        byte[] body = all ? x.body : serialize(rs, calls, batch);
        HttpExchange next = new HttpExchange(rs, calls, body, batch, x.headers, x.deadline, x.attempt);
        RpcErrorException first = errors.get(0);
        if (retry(next, -1, "JSON-RPC error " + first.code() + ": " + NodeText.of(first.rpcMessage()))) {
            return;
        }
        for (int i = 0; i < rs.size(); i++) {
            PendingRequest r = rs.get(i);
            if (pending.take(r)) {
                lifecycle.fail(r, errors.get(i), answers);
            }
        }
    }

    /** Schedules another attempt if retries and time remain; returns false if it did not. */
    private boolean retry(HttpExchange x, long retryAfterNanos, String why) {
        if (closed || x.attempt > config.maxRetries()) {
            return false;
        }
        long delay = retryAfterNanos >= 0 ? retryAfterNanos : backoff(x.attempt);
        if (System.nanoTime() + delay >= x.deadline) {
            return false;
        }
        RequestLifecycle.LOG.debug("retrying {} to {} in {} ({})", x.describe(), config.name(), Duration.ofNanos(delay),
                NodeText.of(why));
        try {
            virtualThreads.execute(() -> {
                sleepNanos(delay);
                attempt(x);
            });
            return true;
        } catch (java.util.concurrent.RejectedExecutionException e) {
            return false;
        }
    }

    private long backoff(int attempt) {
        long initial = config.retryInitialBackoff().toNanos();
        long max = config.retryMaxBackoff().toNanos();
        long base = Math.min(max, initial << Math.min(attempt - 1, 30));
        return base / 2 + ThreadLocalRandom.current().nextLong(base / 2 + 1);
    }

    /** Retry-After as delta-seconds or an HTTP date; -1 if absent or unreadable. */
    static long parseRetryAfter(String value) {
        if (value == null || value.isBlank()) {
            return -1;
        }
        String v = value.trim();
        try {
            long seconds = Long.parseLong(v);
            return seconds < 0 ? -1 : Duration.ofSeconds(Math.min(seconds, 86_400)).toNanos();
        } catch (NumberFormatException notSeconds) {
            try {
                ZonedDateTime at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME);
                long nanos = Duration.between(ZonedDateTime.now(at.getZone()), at).toNanos();
                return Math.max(0, nanos);
            } catch (java.time.format.DateTimeParseException e) {
                return -1;
            }
        }
    }

    private void failAll(HttpExchange x, java.util.function.LongFunction<BraneRpcException> error) {
        for (PendingRequest r : x.requests) {
            if (pending.take(r)) {
                lifecycle.fail(r, error.apply(r.id));
            }
        }
    }

    private static boolean looksLikeJson(io.netty.buffer.ByteBuf body) {
        for (int i = body.readerIndex(), end = body.writerIndex(); i < end; i++) {
            byte b = body.getByte(i);
            if (b == '{' || b == '[') {
                return true;
            }
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                return false;
            }
        }
        return false;
    }

    private String describeEndpoint() {
        return "'" + config.name() + "' (" + config.uri().getScheme() + "://" + config.uri().getHost()
                + (config.uri().getPort() > 0 ? ":" + config.uri().getPort() : "") + ")";
    }

    /** Sleeps in short slices so that close() ends a retry backoff (up to maxRetryAfter) at once. */
    private void sleepNanos(long nanos) {
        long end = System.nanoTime() + nanos;
        try {
            long left;
            while (!closed && (left = end - System.nanoTime()) > 0) {
                Thread.sleep(Duration.ofNanos(Math.min(left, 20_000_000L)));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
