package sh.brane.rpc;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import tools.jackson.databind.JsonNode;

/**
 * Spreads calls over several endpoints: each call goes to the healthiest one (fewest recent errors, then
 * lowest recent latency); an endpoint failing {@code failureThreshold} times in a row is taken out and probed
 * with {@code eth_chainId} every {@code probeInterval} until it answers again.
 *
 * <p>Endpoints that have not answered yet rank after every endpoint that has, in the order they were added:
 * an unknown endpoint is no faster than a known one, and ranking it first sent transactions to dead backups.
 * The prober asks them too ({@code eth_chainId} every {@code probeInterval}) until they answer, so a faster
 * backup is found without risking a call on it. A transaction submission is never the first call an endpoint
 * sees, except the first endpoint added before any endpoint has answered: any other endpoint that has not
 * answered yet is probed first, and if the probe fails the submission (never sent) moves on.
 *
 * <p>A call that fails for a transport reason (connection lost, timeout, rate limited, unreadable answer,
 * backpressure) is tried on the next endpoint, except transaction submissions that may have reached a node
 * (connection lost or timeout): those fail, so a transaction is never sent twice. An RPC error is the node's
 * answer and is returned as is. Subscriptions go to the first endpoint that supports them and are not moved.
 *
 * <p>Blocking calls ({@code send}) run the same rules on the caller's thread, asking each endpoint through its own
 * blocking path, so an HTTP endpoint keeps its caller's-thread exchange. Why one class of about 650 lines: the
 * asynchronous and the blocking failover share the ranking, the probe verdict and the endpoints' health, which must
 * stay one state; split, each half would need all of it.
 */
public final class FallbackProvider implements BraneProvider {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(FallbackProvider.class);

    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private final List<Endpoint> endpoints;
    private final int failureThreshold;
    private final Duration probeInterval;
    /** The chain every endpoint must report before it takes a submission or returns to rotation; null: any. */
    private final Long expectedChainId;
    private final Duration requestTimeout;
    private final Thread prober;
    private volatile boolean closed;

    private FallbackProvider(Builder b) {
        this.endpoints = new ArrayList<>();
        for (BraneProvider p : b.providers) {
            endpoints.add(new Endpoint(p));
        }
        this.failureThreshold = b.failureThreshold;
        this.probeInterval = b.probeInterval;
        this.expectedChainId = b.expectedChainId;
        this.requestTimeout = b.requestTimeout;
        this.prober = Thread.ofVirtual().name("brane-fallback-probe-" + INSTANCES.incrementAndGet()).start(this::probeLoop);
    }

    /** A fallback over the given providers with default settings; closing it closes them. */
    public static FallbackProvider create(BraneProvider... providers) {
        Builder b = builder();
        for (BraneProvider p : providers) {
            b.add(p);
        }
        return b.build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Whether the endpoint at {@code index} (in the order added) is currently in rotation. */
    public boolean isHealthy(int index) {
        return !endpoints.get(index).down;
    }

    @Override
    public CompletableFuture<JsonNode> sendAsync(String method, List<?> params) {
        return sendAsync(method, params, requestTimeout);
    }

    /** The timeout covers the whole call: an endpoint tried after another gets only the time that is left. */
    @Override
    public CompletableFuture<JsonNode> sendAsync(String method, List<?> params, Duration timeout) {
        ConfigChecks.positive("timeout", timeout, Duration.ofDays(1));
        return withFailover(method, System.nanoTime() + timeout.toNanos(),
                (p, remaining, first) -> p.sendAsync(method, params, remaining));
    }

    /**
     * A typed call: each endpoint tried decodes the result in its own single pass (see
     * {@link BraneProvider#sendAsync(String, List, Duration, ResultDecoder)}), with the same failover as an untyped
     * call. A value the decoder rejects is an answer ({@link InvalidResponseException}): it does not move the call.
     */
    @Override
    public <T> CompletableFuture<T> sendAsync(String method, List<?> params, ResultDecoder<T> decoder) {
        return sendAsync(method, params, requestTimeout, decoder);
    }

    @Override
    public <T> CompletableFuture<T> sendAsync(String method, List<?> params, Duration timeout, ResultDecoder<T> decoder) {
        java.util.Objects.requireNonNull(decoder, "decoder");
        ConfigChecks.positive("timeout", timeout, Duration.ofDays(1));
        return withFailover(method, System.nanoTime() + timeout.toNanos(),
                (p, remaining, first) -> p.sendAsync(method, params, remaining, decoder));
    }

    /**
     * Waits on the caller's thread, trying endpoints in the same order and with the same rules as
     * {@link #sendAsync(String, List, Duration)}; each endpoint is asked through its own blocking path
     * ({@link BraneProvider#send(String, List, Duration)}: on an HTTP endpoint, the exchange runs on this thread)
     * with what is left of {@code requestTimeout}.
     */
    @Override
    public JsonNode send(String method, List<?> params) {
        return send(method, params, requestTimeout);
    }

    @Override
    public JsonNode send(String method, List<?> params, Duration timeout) {
        ConfigChecks.positive("timeout", timeout, Duration.ofDays(1));
        return withFailoverBlocking(method, System.nanoTime() + timeout.toNanos(),
                (p, remaining) -> p.send(method, params, remaining));
    }

    @Override
    public <T> T send(String method, List<?> params, ResultDecoder<T> decoder) {
        return send(method, params, requestTimeout, decoder);
    }

    @Override
    public <T> T send(String method, List<?> params, Duration timeout, ResultDecoder<T> decoder) {
        java.util.Objects.requireNonNull(decoder, "decoder");
        ConfigChecks.positive("timeout", timeout, Duration.ofDays(1));
        return withFailoverBlocking(method, System.nanoTime() + timeout.toNanos(),
                (p, remaining) -> p.send(method, params, remaining, decoder));
    }

    /**
     * The first endpoint gets the call on its throughput path; an endpoint tried after a failure gets it as a
     * plain call bounded by what is left of {@code requestTimeout}, which covers the whole call.
     */
    @Override
    public CompletableFuture<JsonNode> sendAsyncBatch(String method, List<?> params) {
        return withFailover(method, System.nanoTime() + requestTimeout.toNanos(), (p, remaining, first) -> first
                ? p.sendAsyncBatch(method, params)
                : p.sendAsync(method, params, remaining));
    }

    /** Sends the whole batch to the healthiest endpoint (no per-call failover inside a batch). */
    @Override
    public List<CompletableFuture<JsonNode>> sendBatch(List<RpcCall> calls) {
        Endpoint e = pick(null);
        long t0 = System.nanoTime();
        List<CompletableFuture<JsonNode>> fs = e.provider.sendBatch(calls);
        CompletableFuture.allOf(fs.toArray(new CompletableFuture[0])).whenComplete((ok, err) -> {
            if (err == null || !isTransportFailure(unwrap(err))) {
                e.success(System.nanoTime() - t0);
            } else {
                e.failure(failureThreshold);
            }
        });
        return fs;
    }

    /** Sends the whole batch to the healthiest endpoint through its own blocking batch path, and waits. */
    @Override
    public List<CompletableFuture<JsonNode>> sendBatchAndWait(List<RpcCall> calls) {
        Endpoint e = pick(null);
        long t0 = System.nanoTime();
        List<CompletableFuture<JsonNode>> fs = e.provider.sendBatchAndWait(calls);
        boolean transportFailure = false;
        for (CompletableFuture<JsonNode> f : fs) {
            transportFailure |= f.isCompletedExceptionally() && !f.isCancelled() && isTransportFailure(unwrap(f.exceptionNow()));
        }
        if (transportFailure) {
            e.failure(failureThreshold);
        } else {
            e.success(System.nanoTime() - t0);
        }
        return fs;
    }

    /**
     * Opens the subscription on the first endpoint that {@linkplain BraneProvider#canSubscribe can subscribe}
     * (asked, not guessed from its type: a decorated WebSocket endpoint counts), preferring one in rotation.
     */
    @Override
    public CompletableFuture<Subscription> subscribe(List<?> params, SubscriptionListener listener) {
        Endpoint chosen = null;
        for (Endpoint e : endpoints) {
            if (e.provider.canSubscribe() && (chosen == null || chosen.down && !e.down)) {
                chosen = e;
            }
        }
        if (chosen == null) {
            return CompletableFuture.failedFuture(new UnsupportedOperationException(
                    "no endpoint of this fallback can subscribe (add a WebSocket endpoint)"));
        }
        return chosen.provider.subscribe(params, listener);
    }

    @Override
    public CompletableFuture<Boolean> unsubscribe(Subscription subscription) {
        for (Endpoint e : endpoints) {
            if (e.provider.owns(subscription)) {
                return e.provider.unsubscribe(subscription);
            }
        }
        throw new IllegalArgumentException("subscription was not made by this provider: " + subscription);
    }

    @Override
    public boolean canSubscribe() {
        for (Endpoint e : endpoints) {
            if (e.provider.canSubscribe()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean owns(Subscription subscription) {
        for (Endpoint e : endpoints) {
            if (e.provider.owns(subscription)) {
                return true;
            }
        }
        return false;
    }

    /** Every endpoint's own status, out of rotation while this fallback has taken it out. */
    @Override
    public List<EndpointStatus> status() {
        List<EndpointStatus> all = new ArrayList<>();
        for (Endpoint e : endpoints) {
            boolean inRotation = !e.down;
            for (EndpointStatus s : e.provider.status()) {
                all.add(s.inRotationIf(inRotation));
            }
        }
        return List.copyOf(all);
    }

    @Override
    public void setMetrics(BraneMetrics metrics) {
        for (Endpoint e : endpoints) {
            e.provider.setMetrics(metrics);
        }
    }

    @Override
    public int pendingRequests() {
        int n = 0;
        for (Endpoint e : endpoints) {
            n += e.provider.pendingRequests();
        }
        return n;
    }

    @Override
    public void close() {
        closed = true;
        prober.interrupt();
        for (Endpoint e : endpoints) {
            e.provider.close();
        }
    }

    // ---------------------------------------------------------------- internals

    /** How one endpoint is asked: with what is left of the call's time, and whether it is the first one asked. */
    @FunctionalInterface
    private interface Attempt<T> {
        CompletableFuture<T> send(BraneProvider provider, Duration remaining, boolean first);
    }

    private <T> CompletableFuture<T> withFailover(String method, long deadlineNanos, Attempt<T> call) {
        CompletableFuture<T> result = new CompletableFuture<>();
        attempt(method, deadlineNanos, call, new ArrayList<>(), result);
        // An endpoint's own default timeout may be longer than what is left: the caller's deadline wins.
        // (orTimeout drops its timer as soon as the call ends.)
        long remaining = deadlineNanos - System.nanoTime();
        return result.orTimeout(Math.max(remaining, 0), TimeUnit.NANOSECONDS).exceptionallyCompose(err -> {
            Throwable cause = unwrap(err);
            return CompletableFuture.failedFuture(cause instanceof TimeoutException
                    ? new RpcTimeoutException(method + " got no answer from any endpoint within the call's "
                            + Duration.ofNanos(Math.max(remaining, 0)))
                    : cause);
        });
    }

    private <T> void attempt(String method, long deadlineNanos, Attempt<T> call, List<Endpoint> tried,
                             CompletableFuture<T> result) {
        boolean first = tried.isEmpty();
        Endpoint e = pick(tried);
        tried.add(e);
        if (!e.proven && HttpProvider.notRepeatable(method) && needsProbe(e)) {
            probeThenSend(e, first, method, deadlineNanos, call, tried, result);
            return;
        }
        send(e, first, method, deadlineNanos, call, tried, result);
    }

    /**
     * Whether a submission must wait for a probe of {@code e}, which has not answered yet: always, except for the
     * first endpoint added while no endpoint has answered (the one configured as primary; nothing is known of
     * any, and a probe would cost every first submission a round trip).
     */
    private boolean needsProbe(Endpoint e) {
        if (e != endpoints.get(0)) {
            return true;
        }
        for (Endpoint other : endpoints) {
            if (other.proven) {
                return true;
            }
        }
        return false;
    }

    /** Asks {@code e} for its chain id; the call follows if it answers, else moves on (it was never sent). */
    private <T> void probeThenSend(Endpoint e, boolean first, String method, long deadlineNanos, Attempt<T> call,
                                   List<Endpoint> tried, CompletableFuture<T> result) {
        long t0 = System.nanoTime();
        CompletableFuture<JsonNode> probe;
        try {
            probe = e.provider.sendAsync("eth_chainId", List.of(), Duration.ofNanos(Math.max(deadlineNanos - t0, 1_000_000)));
        } catch (RuntimeException ex) {
            probe = CompletableFuture.failedFuture(ex);
        }
        probe.whenComplete((ok, err) -> {
            Throwable cause = probeVerdict(e, ok, err == null ? null : unwrap(err), t0);
            if (cause == null) {
                send(e, first, method, deadlineNanos, call, tried, result);
                return;
            }
            if (closed || tried.size() >= endpoints.size() || System.nanoTime() - deadlineNanos >= 0) {
                result.completeExceptionally(new ConnectionLostException(method + " was not sent: endpoint "
                        + e.provider + " did not answer the probe sent before it (" + NodeText.of(cause) + ")",
                        cause));
            } else {
                attempt(method, deadlineNanos, call, tried, result);
            }
        });
    }

    private <T> void send(Endpoint e, boolean first, String method, long deadlineNanos, Attempt<T> call,
                          List<Endpoint> tried, CompletableFuture<T> result) {
        long t0 = System.nanoTime();
        CompletableFuture<T> f;
        try {
            // at least 1 ms: the deadline was checked just before, and a provider refuses a zero timeout
            f = call.send(e.provider, Duration.ofNanos(Math.max(deadlineNanos - t0, 1_000_000)), first);
        } catch (RuntimeException ex) {
            result.completeExceptionally(ex);
            return;
        }
        f.whenComplete((value, err) -> {
            if (err == null) {
                e.success(System.nanoTime() - t0);
                result.complete(value);
                return;
            }
            Throwable cause = unwrap(err);
            if (!isTransportFailure(cause)) {
                // the node answered (an RPC error): it is healthy and the answer stands
                e.success(System.nanoTime() - t0);
                result.completeExceptionally(cause);
                return;
            }
            e.failure(failureThreshold);
            boolean mayHaveReached = cause instanceof ConnectionLostException || cause instanceof RpcTimeoutException;
            if (closed || tried.size() >= endpoints.size() || System.nanoTime() - deadlineNanos >= 0
                    || mayHaveReached && HttpProvider.notRepeatable(method)) {
                result.completeExceptionally(cause);
            } else {
                attempt(method, deadlineNanos, call, tried, result);
            }
        });
    }

    /** How one endpoint is asked by a blocking call, with what is left of the call's time. */
    @FunctionalInterface
    private interface BlockingAttempt<T> {
        T send(BraneProvider provider, Duration remaining);
    }

    /**
     * The blocking twin of {@link #withFailover}: the same endpoint order, probe before a submission to an untried
     * endpoint, failover on transport failures, and no second endpoint for a submission that may have reached a
     * node. Runs on the caller's thread, so each endpoint's own blocking path is kept.
     */
    private <T> T withFailoverBlocking(String method, long deadlineNanos, BlockingAttempt<T> call) {
        List<Endpoint> tried = new ArrayList<>();
        while (true) {
            Endpoint e = pick(tried);
            tried.add(e);
            boolean last = tried.size() >= endpoints.size();
            if (!e.proven && HttpProvider.notRepeatable(method) && needsProbe(e)) {
                Throwable refused = probeBlocking(e, deadlineNanos);
                if (refused != null) {
                    if (closed || last || System.nanoTime() - deadlineNanos >= 0) {
                        throw new ConnectionLostException(method + " was not sent: endpoint " + e.provider
                                + " did not answer the probe sent before it (" + NodeText.of(refused) + ")", refused);
                    }
                    continue;
                }
            }
            long t0 = System.nanoTime();
            if (t0 - deadlineNanos >= 0) {
                throw new RpcTimeoutException(method + " got no answer from any endpoint within the call's timeout");
            }
            try {
                // at least 1 ms, as for an async call: a provider refuses a zero timeout
                T value = call.send(e.provider, Duration.ofNanos(Math.max(deadlineNanos - t0, 1_000_000)));
                e.success(System.nanoTime() - t0);
                return value;
            } catch (BraneRpcException cause) {
                if (!isTransportFailure(cause)) {
                    e.success(System.nanoTime() - t0);
                    throw cause;
                }
                e.failure(failureThreshold);
                boolean mayHaveReached = cause instanceof ConnectionLostException || cause instanceof RpcTimeoutException;
                if (closed || last || System.nanoTime() - deadlineNanos >= 0
                        || mayHaveReached && HttpProvider.notRepeatable(method)) {
                    throw cause;
                }
            }
        }
    }

    /** Asks {@code e} for its chain id on this thread; null if the submission may go to it, else why not. */
    private Throwable probeBlocking(Endpoint e, long deadlineNanos) {
        long t0 = System.nanoTime();
        JsonNode ok = null;
        Throwable cause = null;
        try {
            ok = e.provider.send("eth_chainId", List.of(), Duration.ofNanos(Math.max(deadlineNanos - t0, 1_000_000)));
        } catch (RuntimeException ex) {
            cause = ex;
        }
        return probeVerdict(e, ok, cause, t0);
    }

    /**
     * What a probe's outcome means for the submission waiting on it: null if it may go ({@code e} answered, even
     * with an error, unless its chain must be known), else the reason; a transport failure counts against {@code e}.
     */
    private Throwable probeVerdict(Endpoint e, JsonNode ok, Throwable cause, long t0) {
        if (cause == null ? onExpectedChain(e, ok) : cause instanceof RpcErrorException && expectedChainId == null) {
            e.success(System.nanoTime() - t0);
            return null;
        }
        if (cause == null) {
            return new InvalidResponseException("reports another chain than the expected " + expectedChainId);
        }
        if (isTransportFailure(cause)) {
            e.failure(failureThreshold);
        }
        return cause;
    }

    /**
     * The healthiest endpoint not yet tried that has answered before; else the first in rotation that has not
     * answered yet (in the order added); if every untried one is down, the first untried one.
     */
    private Endpoint pick(List<Endpoint> tried) {
        Endpoint best = null;
        Endpoint unproven = null;
        Endpoint fallback = null;
        for (Endpoint e : endpoints) {
            if (tried != null && tried.contains(e)) {
                continue;
            }
            if (fallback == null) {
                fallback = e;
            }
            if (e.down) {
                continue;
            }
            if (!e.proven) {
                if (unproven == null) {
                    unproven = e;
                }
            } else if (best == null || e.score() < best.score()) {
                best = e;
            }
        }
        return best != null ? best : unproven != null ? unproven : fallback != null ? fallback : endpoints.get(0);
    }

    private static boolean isTransportFailure(Throwable t) {
        return t instanceof BraneRpcException && !(t instanceof RpcErrorException);
    }

    private static Throwable unwrap(Throwable t) {
        return t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    }

    /**
     * Whether {@code chainIdAnswer} (an {@code eth_chainId} result) is the expected chain; when it is not, {@code e}
     * is kept out of rotation: a node serving another chain must never take a call, least of all a submission.
     */
    private boolean onExpectedChain(Endpoint e, JsonNode chainIdAnswer) {
        if (expectedChainId == null) {
            return true;
        }
        String hex = chainIdAnswer == null || !chainIdAnswer.isString() ? null : chainIdAnswer.asString();
        Long reported = null;
        if (hex != null && hex.startsWith("0x") && hex.length() > 2 && hex.length() <= 18) {
            try {
                reported = Long.parseUnsignedLong(hex.substring(2), 16);
            } catch (NumberFormatException ignored) {
                // reported stays null: not a chain id
            }
        }
        if (reported != null && reported.longValue() == expectedChainId) {
            return true;
        }
        e.wrongChain(NodeText.of(String.valueOf(chainIdAnswer)), expectedChainId);
        return false;
    }

    private void probeLoop() {
        while (!closed) {
            try {
                Thread.sleep(probeInterval);
            } catch (InterruptedException e) {
                return;
            }
            for (Endpoint e : endpoints) {
                // down ones until they answer; never-tried ones to learn their latency before any call risks them
                if ((e.down || !e.proven) && !closed) {
                    long t0 = System.nanoTime();
                    e.provider.sendAsync("eth_chainId", List.of(), probeInterval).whenComplete((ok, err) -> {
                        Throwable cause = err == null ? null : unwrap(err);
                        if (cause == null ? onExpectedChain(e, ok)
                                : cause instanceof RpcErrorException && expectedChainId == null) {
                            e.revive(System.nanoTime() - t0);
                        } else if (!e.down && isTransportFailure(cause)) {
                            e.failure(failureThreshold);
                        }
                    });
                }
            }
        }
    }

    /**
     * Health of one endpoint: consecutive failures, a decaying error count and latency average, and whether it
     * has ever answered ({@code proven}: until then its latency is unknown, not assumed).
     */
    private static final class Endpoint {
        final BraneProvider provider;
        volatile boolean down;
        volatile boolean proven;
        private boolean wrongChain;
        private int consecutiveFailures;
        private double recentErrors;
        private double latencyNanos;

        Endpoint(BraneProvider provider) {
            this.provider = provider;
        }

        synchronized void success(long nanos) {
            consecutiveFailures = 0;
            recentErrors *= 0.9;
            latencyNanos = proven ? latencyNanos * 0.8 + nanos * 0.2 : nanos;
            proven = true;
        }

        synchronized void failure(int threshold) {
            recentErrors = recentErrors * 0.9 + 1;
            if (++consecutiveFailures >= threshold && !down) {
                down = true;
                RequestLifecycle.LOG.warn("endpoint {} taken out of rotation after {} consecutive failures",
                        provider, consecutiveFailures);
            }
        }

        synchronized void wrongChain(String reported, long expected) {
            if (!wrongChain) {
                LOG.error("endpoint {} reports chain id {}, not the expected {}: kept out of rotation until it reports"
                        + " {}", provider, reported, expected, expected);
            }
            down = true;
            wrongChain = true;
        }

        synchronized void revive(long nanos) {
            wrongChain = false;
            if (down) {
                RequestLifecycle.LOG.info("endpoint {} answered a probe: back in rotation", provider);
            }
            down = false;
            proven = true;
            consecutiveFailures = 0;
            latencyNanos = nanos;
        }

        synchronized double score() {
            return latencyNanos * (1 + recentErrors);
        }
    }

    /** Builder for {@link FallbackProvider}. */
    public static final class Builder {
        private final List<BraneProvider> providers = new ArrayList<>();
        private int failureThreshold = 3;
        private Duration probeInterval = Duration.ofSeconds(5);
        private Duration requestTimeout = WebSocketConfig.DEFAULT_REQUEST_TIMEOUT;
        private Long expectedChainId;

        /** Adds an endpoint; order matters only for ties and for subscriptions. */
        public Builder add(BraneProvider provider) {
            providers.add(Objects.requireNonNull(provider, "provider"));
            return this;
        }

        /** Consecutive transport failures that take an endpoint out. Default 3. */
        public Builder failureThreshold(int failures) {
            this.failureThreshold = failures;
            return this;
        }

        /** How often endpoints out of rotation are probed. Default 5 s. */
        public Builder probeInterval(Duration interval) {
            this.probeInterval = interval;
            return this;
        }

        /**
         * Timeout of a call without one of its own, across all the endpoints it is tried on. Default 30 s.
         */
        public Builder requestTimeout(Duration timeout) {
            this.requestTimeout = timeout;
            return this;
        }

        /**
         * The chain id every endpoint must report ({@code eth_chainId}) before a submission is sent to it for the
         * first time and whenever it returns to rotation; an endpoint on another chain stays out. Default: unchecked.
         */
        public Builder expectedChainId(long chainId) {
            this.expectedChainId = chainId;
            return this;
        }

        public FallbackProvider build() {
            if (providers.isEmpty()) {
                throw new IllegalArgumentException("providers must hold at least one provider, got none");
            }
            ConfigChecks.intInRange("failureThreshold", failureThreshold, 1, 1000);
            ConfigChecks.positive("probeInterval", probeInterval, Duration.ofHours(1));
            ConfigChecks.positive("requestTimeout", requestTimeout, Duration.ofDays(1));
            return new FallbackProvider(this);
        }
    }
}
