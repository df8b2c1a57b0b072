package sh.brane.rpc;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

import tools.jackson.databind.JsonNode;

import static sh.brane.rpc.FallbackRanking.isTransportFailure;
import static sh.brane.rpc.FallbackRanking.unwrap;

/**
 * Spreads calls over several endpoints: each goes to the healthiest (fewest recent errors, then lowest latency); an
 * endpoint failing {@code failureThreshold} times in a row is taken out and probed with {@code eth_chainId} every
 * {@code probeInterval} until it answers again.
 *
 * <p>Endpoints that have not answered yet rank after those that have, in the order added (ranking an unknown one
 * first sent transactions to dead backups); the prober asks them too, so a faster backup is found without risking a
 * call. A transaction submission is never an endpoint's first call (except the first endpoint's before any has
 * answered): it is probed first, and if the probe fails the unsent submission moves on.
 *
 * <p>A call failing for a transport reason is tried on the next endpoint, except a submission that may have reached
 * a node (connection lost, timeout): it fails, so a transaction is never sent twice. An RPC error is the node's
 * answer, returned as is. Subscriptions go to the first endpoint that supports them and are not moved. The health
 * ({@link FallbackRanking}) is shared by the failover ({@link Failover}) and the prober ({@link FallbackProber}).
 */
public final class FallbackProvider implements BraneProvider {
    private final FallbackRanking ranking;
    private final List<FallbackEndpoint> endpoints;
    private final Failover failover;
    private final FallbackProber prober;
    private final Duration requestTimeout;
    private volatile boolean closed;

    private FallbackProvider(Builder b) {
        this.ranking = new FallbackRanking(b.providers, b.failureThreshold, b.expectedChainId);
        this.endpoints = ranking.endpoints;
        this.failover = new Failover(ranking, () -> closed);
        this.requestTimeout = b.requestTimeout;
        this.prober = new FallbackProber(ranking, b.probeInterval, b.requestTimeout);
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
        return failover.async(method, System.nanoTime() + timeout.toNanos(),
                (p, remaining, first) -> p.sendAsync(method, params, remaining));
    }

    /** A typed call, with the same failover; a value the decoder rejects is an answer
     *  ({@link InvalidResponseException}) and does not move the call. */
    @Override
    public <T> CompletableFuture<T> sendAsync(String method, List<?> params, ResultDecoder<T> decoder) {
        return sendAsync(method, params, requestTimeout, decoder);
    }

    @Override
    public <T> CompletableFuture<T> sendAsync(String method, List<?> params, Duration timeout, ResultDecoder<T> decoder) {
        Objects.requireNonNull(decoder, "decoder");
        ConfigChecks.positive("timeout", timeout, Duration.ofDays(1));
        return failover.async(method, System.nanoTime() + timeout.toNanos(),
                (p, remaining, first) -> p.sendAsync(method, params, remaining, decoder));
    }

    /** Waits on the caller's thread, with the same order and rules as {@link #sendAsync(String, List, Duration)};
     *  each endpoint is asked through its own blocking path with what is left of {@code requestTimeout}. */
    @Override
    public JsonNode send(String method, List<?> params) {
        return send(method, params, requestTimeout);
    }

    @Override
    public JsonNode send(String method, List<?> params, Duration timeout) {
        ConfigChecks.positive("timeout", timeout, Duration.ofDays(1));
        return failover.blocking(method, System.nanoTime() + timeout.toNanos(),
                (p, remaining) -> p.send(method, params, remaining));
    }

    @Override
    public <T> T send(String method, List<?> params, ResultDecoder<T> decoder) {
        return send(method, params, requestTimeout, decoder);
    }

    @Override
    public <T> T send(String method, List<?> params, Duration timeout, ResultDecoder<T> decoder) {
        Objects.requireNonNull(decoder, "decoder");
        ConfigChecks.positive("timeout", timeout, Duration.ofDays(1));
        return failover.blocking(method, System.nanoTime() + timeout.toNanos(),
                (p, remaining) -> p.send(method, params, remaining, decoder));
    }

    /** The first endpoint gets the call on its throughput path; later ones as a plain call within what is left of
     *  {@code requestTimeout}. */
    @Override
    public CompletableFuture<JsonNode> sendAsyncBatch(String method, List<?> params) {
        return failover.async(method, System.nanoTime() + requestTimeout.toNanos(), (p, remaining, first) -> first
                ? p.sendAsyncBatch(method, params)
                : p.sendAsync(method, params, remaining));
    }

    /** Sends the whole batch to the healthiest endpoint (no per-call failover inside a batch). */
    @Override
    public List<CompletableFuture<JsonNode>> sendBatch(List<RpcCall> calls) {
        FallbackEndpoint e = ranking.pick(null);
        long t0 = System.nanoTime();
        List<CompletableFuture<JsonNode>> fs = e.provider.sendBatch(calls);
        CompletableFuture.allOf(fs.toArray(new CompletableFuture[0]))
                .whenComplete((ok, err) -> record(e, t0, err != null && isTransportFailure(unwrap(err))));
        return fs;
    }

    /** Sends the whole batch to the healthiest endpoint through its own blocking batch path, and waits. */
    @Override
    public List<CompletableFuture<JsonNode>> sendBatchAndWait(List<RpcCall> calls) {
        FallbackEndpoint e = ranking.pick(null);
        long t0 = System.nanoTime();
        List<CompletableFuture<JsonNode>> fs = e.provider.sendBatchAndWait(calls);
        record(e, t0, fs.stream().anyMatch(f -> f.isCompletedExceptionally() && !f.isCancelled()
                && isTransportFailure(unwrap(f.exceptionNow()))));
        return fs;
    }

    /** A batch's verdict on its endpoint: a transport failure counts against it, anything else is an answer. */
    private void record(FallbackEndpoint e, long t0, boolean transportFailure) {
        if (transportFailure) {
            e.failure(ranking.failureThreshold);
        } else {
            e.success(System.nanoTime() - t0);
        }
    }

    /** Subscribes on the first endpoint that {@linkplain BraneProvider#canSubscribe can subscribe} (asked, not
     *  guessed from its type), preferring one in rotation. */
    @Override
    public CompletableFuture<Subscription> subscribe(List<?> params, SubscriptionListener listener) {
        FallbackEndpoint chosen = null;
        for (FallbackEndpoint e : endpoints) {
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
        return endpoints.stream().map(e -> e.provider).filter(p -> p.owns(subscription)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("subscription was not made by this provider: "
                        + subscription))
                .unsubscribe(subscription);
    }

    @Override
    public boolean canSubscribe() {
        return endpoints.stream().anyMatch(e -> e.provider.canSubscribe());
    }

    @Override
    public boolean owns(Subscription subscription) {
        return endpoints.stream().anyMatch(e -> e.provider.owns(subscription));
    }

    /** Every endpoint's own status, out of rotation while this fallback has taken it out. */
    @Override
    public List<EndpointStatus> status() {
        return endpoints.stream()
                .flatMap(e -> e.provider.status().stream().map(s -> s.inRotationIf(!e.down)))
                .toList();
    }

    @Override
    public void setMetrics(BraneMetrics metrics) {
        endpoints.forEach(e -> e.provider.setMetrics(metrics));
    }

    @Override
    public int pendingRequests() {
        return endpoints.stream().mapToInt(e -> e.provider.pendingRequests()).sum();
    }

    @Override
    public void close() {
        closed = true;
        prober.close();
        for (FallbackEndpoint e : endpoints) {
            e.provider.close();
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
        public Builder failureThreshold(int failures) { this.failureThreshold = failures; return this; }

        /** How often endpoints out of rotation are probed. Default 5 s. */
        public Builder probeInterval(Duration interval) { this.probeInterval = interval; return this; }

        /** Timeout of a call without one of its own, across all the endpoints it is tried on. Default 30 s. */
        public Builder requestTimeout(Duration timeout) { this.requestTimeout = timeout; return this; }

        /** The chain id ({@code eth_chainId}) an endpoint must report before its first submission and on each return
         *  to rotation; an endpoint on another chain stays out. Default: unchecked. */
        public Builder expectedChainId(long chainId) { this.expectedChainId = chainId; return this; }

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
