package sh.brane.example.stopgap;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import sh.brane.rpc.BraneMetrics;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.RpcErrorException;
import sh.brane.rpc.RpcOutcome;
import sh.brane.rpc.WebSocketProvider;

/** The ARCHITECTURE.md meters over a {@link MeterRegistry}, until the auto-configuration provides them. */
final class StopgapMicrometerMetrics implements BraneMetrics {

    private final MeterRegistry registry;
    private final String endpoint;
    private final String transport;
    private final ConcurrentHashMap<String, Timer> timers = new ConcurrentHashMap<>();
    private final Counter reconnects;

    StopgapMicrometerMetrics(MeterRegistry registry, BraneProvider provider, String endpoint, String transport) {
        this.registry = registry;
        this.endpoint = endpoint;
        this.transport = transport;
        Gauge.builder("brane.rpc.requests.pending", provider, BraneProvider::pendingRequests)
                .tag("endpoint", endpoint).register(registry);
        if (provider instanceof WebSocketProvider ws) {
            Gauge.builder("brane.ws.ringbuffer.remaining", ws, WebSocketProvider::ringBufferRemaining)
                    .tag("endpoint", endpoint).register(registry);
            Gauge.builder("brane.ws.subscriptions.active", ws, WebSocketProvider::activeSubscriptions)
                    .tag("endpoint", endpoint).register(registry);
        }
        this.reconnects = Counter.builder("brane.ws.reconnects").tag("endpoint", endpoint).register(registry);
    }

    @Override
    public void onRequestCompleted(String method, long latencyNanos) {
        timer(method, RpcOutcome.SUCCESS, "none").record(latencyNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void onRequestFailed(String method, RpcOutcome outcome, BraneRpcException error) {
        String code = error instanceof RpcErrorException e ? Integer.toString(e.code()) : "none";
        timer(method, outcome, code).record(0, TimeUnit.NANOSECONDS);
    }

    @Override
    public void onReconnected(String endpoint, int attempts) {
        reconnects.increment();
    }

    private Timer timer(String method, RpcOutcome outcome, String code) {
        return timers.computeIfAbsent(method + '|' + outcome + '|' + code, k -> Timer.builder("brane.rpc.requests")
                .tag("method", method).tag("transport", transport).tag("endpoint", endpoint)
                .tag("outcome", outcome.name()).tag("error.code", code).register(registry));
    }
}
