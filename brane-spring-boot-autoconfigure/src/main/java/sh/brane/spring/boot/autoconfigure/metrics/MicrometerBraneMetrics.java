package sh.brane.spring.boot.autoconfigure.metrics;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import sh.brane.rpc.BraneMetrics;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.EndpointStatus;
import sh.brane.rpc.RpcErrorCodes;
import sh.brane.rpc.RpcErrorException;
import sh.brane.rpc.RpcOutcome;

/**
 * {@link BraneMetrics} over a Micrometer {@link MeterRegistry}, one instance per provider (endpoint). Every meter
 * carries {@code chain} (the chain's configured name: {@code default} for {@code brane.rpc}, the name of
 * {@code brane.chains.<name>}, or the bean name of a provider the application declares), so all of them have the
 * same tag keys (Prometheus wants that). Meters, with bounded tags:
 * <ul>
 * <li>{@code brane.rpc.requests} timer: {@code method}, {@code transport}, {@code endpoint}, {@code outcome},
 * {@code error.code} ({@code none} unless the node answered with a JSON-RPC error; a code outside the
 * standard sets is {@code OTHER}, see {@link RpcErrorCodes}, so a node cannot create a timer per code)</li>
 * <li>{@code brane.rpc.requests.pending} gauge: {@code endpoint}</li>
 * <li>{@code brane.ws.ringbuffer.remaining}, {@code brane.ws.subscriptions.active} gauges and
 * {@code brane.ws.reconnects} counter: {@code endpoint} (WebSocket only)</li>
 * <li>{@code brane.rpc.batch.size} distribution summary: {@code transport}, {@code endpoint}</li>
 * </ul>
 * No histogram or percentile is switched on here; {@code management.metrics.distribution.*} does that.
 *
 * <p>When the calls are observed (an {@code ObservationRegistry} exists), the observation's meter handler records
 * {@code brane.rpc.requests} from the observation, with the same tags, and these metrics leave their timer out, so
 * each call is timed once.
 *
 * <p>The engine reports no latency for failed requests except timeouts (whose latency is the timeout), so
 * failures other than TIMEOUT are recorded with a zero duration: their counts are exact, their times are not
 * measured.
 */
public final class MicrometerBraneMetrics implements BraneMetrics {

    static final String REQUESTS = "brane.rpc.requests";

    static final String NO_ERROR_CODE = "none";

    private final MeterRegistry registry;

    private final String endpoint;

    private final String transport;

    private final String chain;

    private final ConcurrentMap<String, Timer> successTimers = new ConcurrentHashMap<>();

    private final ConcurrentMap<FailureKey, Timer> failureTimers = new ConcurrentHashMap<>();

    private final DistributionSummary batchSize;

    /** False when the observation times each call (its meter handler records {@value #REQUESTS}). */
    private final boolean timesRequests;

    private final Counter reconnects;

    /**
     * Registers the gauges of {@code provider} (held weakly by the registry) and returns the hooks to set on it.
     */
    public MicrometerBraneMetrics(MeterRegistry registry, BraneProvider provider, String endpoint, String transport) {
        this(registry, provider, "default", endpoint, transport);
    }

    /**
     * Registers the gauges of {@code provider} of chain {@code chain} (held weakly by the registry) and returns the
     * hooks to set on it.
     */
    public MicrometerBraneMetrics(MeterRegistry registry, BraneProvider provider, String chain, String endpoint,
            String transport) {
        this(registry, provider, chain, endpoint, transport, true);
    }

    /**
     * @param timesRequests false when each call is already timed under {@value #REQUESTS} (by its observation):
     *                      the gauges, counter and summary are registered, the request timer is not
     */
    public MicrometerBraneMetrics(MeterRegistry registry, BraneProvider provider, String chain, String endpoint,
            String transport, boolean timesRequests) {
        this.timesRequests = timesRequests;
        this.registry = registry;
        this.chain = chain;
        this.endpoint = endpoint;
        this.transport = transport;
        Gauge.builder("brane.rpc.requests.pending", provider, BraneProvider::pendingRequests)
            .description("Requests sent and not yet ended")
            .tags("chain", chain, "endpoint", endpoint)
            .register(registry);
        this.batchSize = DistributionSummary.builder("brane.rpc.batch.size")
            .description("Requests per JSON-RPC batch written in one message")
            .tags("chain", chain, "transport", transport, "endpoint", endpoint)
            .register(registry);
        // asked, not tested by type: the provider may sit under a decorator
        if (provider.status().stream().anyMatch((status) -> status.transport() == EndpointStatus.Transport.WS)) {
            Gauge.builder("brane.ws.ringbuffer.remaining", provider,
                    (p) -> p.status().stream().mapToLong(EndpointStatus::ringBufferRemaining).sum())
                .description("Free slots in the WebSocket ring buffer")
                .tags("chain", chain, "endpoint", endpoint)
                .register(registry);
            Gauge.builder("brane.ws.subscriptions.active", provider,
                    (p) -> p.status().stream().mapToInt(EndpointStatus::activeSubscriptions).sum())
                .description("Subscriptions currently delivering")
                .tags("chain", chain, "endpoint", endpoint)
                .register(registry);
            this.reconnects = Counter.builder("brane.ws.reconnects")
                .description("Successful reconnections after the connection was lost")
                .tags("chain", chain, "endpoint", endpoint)
                .register(registry);
        }
        else {
            this.reconnects = null;
        }
    }

    @Override
    public void onRequestCompleted(String method, long latencyNanos) {
        if (!this.timesRequests) {
            return;
        }
        this.successTimers.computeIfAbsent(method, (m) -> timer(m, RpcOutcome.SUCCESS, NO_ERROR_CODE))
            .record(latencyNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void onRequestFailed(String method, RpcOutcome outcome, BraneRpcException error, long latencyNanos) {
        if (!this.timesRequests) {
            return;
        }
        String code = (error instanceof RpcErrorException rpc) ? RpcErrorCodes.metricTag(rpc.code()) : NO_ERROR_CODE;
        failureTimer(method, outcome, code).record(latencyNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void onReconnected(String endpoint, int attempts) {
        if (this.reconnects != null) {
            this.reconnects.increment();
        }
    }

    @Override
    public void onBatchSize(int size) {
        this.batchSize.record(size);
    }

    private Timer failureTimer(String method, RpcOutcome outcome, String code) {
        return this.failureTimers.computeIfAbsent(new FailureKey(method, outcome, code),
                (key) -> timer(key.method(), key.outcome(), key.code()));
    }

    private Timer timer(String method, RpcOutcome outcome, String code) {
        return Timer.builder(REQUESTS)
            .description("JSON-RPC requests, by how they ended")
            .tags("chain", this.chain, "method", method, "transport", this.transport, "endpoint", this.endpoint,
                    "outcome", outcome.name(), "error.code", code)
            .register(this.registry);
    }

    private record FailureKey(String method, RpcOutcome outcome, String code) {
    }
}
