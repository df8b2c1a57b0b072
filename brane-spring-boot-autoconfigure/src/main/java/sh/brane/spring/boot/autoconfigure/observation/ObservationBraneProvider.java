package sh.brane.spring.boot.autoconfigure.observation;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;

import sh.brane.rpc.BraneMetrics;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.RpcCall;
import sh.brane.rpc.Subscription;
import sh.brane.rpc.SubscriptionListener;
import sh.brane.spring.boot.autoconfigure.DecoratedBraneProvider;
import tools.jackson.databind.JsonNode;

/**
 * Wraps a provider so each JSON-RPC call is a Micrometer {@link Observation} named {@value #NAME}: started on
 * the caller's thread (so a trace's current span becomes its parent), stopped when the call ends, with the
 * failure as its error. Low-cardinality keys: {@code rpc.system}, {@code rpc.method}, {@code brane.endpoint},
 * {@code brane.transport}, {@code outcome}.
 */
public final class ObservationBraneProvider implements DecoratedBraneProvider {

    /** The observation's name. */
    public static final String NAME = "brane.rpc.call";

    private final BraneProvider delegate;

    private final ObservationRegistry registry;

    private final String endpoint;

    private final String transport;

    public ObservationBraneProvider(BraneProvider delegate, ObservationRegistry registry, String endpoint,
            String transport) {
        this.delegate = delegate;
        this.registry = registry;
        this.endpoint = endpoint;
        this.transport = transport;
    }

    @Override
    public BraneProvider getDelegate() {
        return this.delegate;
    }

    @Override
    public CompletableFuture<JsonNode> sendAsync(String method, List<?> params) {
        return observe(method, () -> this.delegate.sendAsync(method, params));
    }

    @Override
    public CompletableFuture<JsonNode> sendAsync(String method, List<?> params, Duration timeout) {
        return observe(method, () -> this.delegate.sendAsync(method, params, timeout));
    }

    @Override
    public CompletableFuture<JsonNode> sendAsyncBatch(String method, List<?> params) {
        return observe(method, () -> this.delegate.sendAsyncBatch(method, params));
    }

    @Override
    public List<CompletableFuture<JsonNode>> sendBatch(List<RpcCall> calls) {
        List<Observation> observations = new ArrayList<>(calls.size());
        for (RpcCall call : calls) {
            observations.add(start(call.method()));
        }
        List<CompletableFuture<JsonNode>> futures;
        try {
            futures = this.delegate.sendBatch(calls);
        }
        catch (RuntimeException ex) {
            observations.forEach((observation) -> end(observation, ex));
            throw ex;
        }
        for (int i = 0; i < futures.size(); i++) {
            Observation observation = observations.get(i);
            futures.get(i).whenComplete((result, failure) -> end(observation, failure));
        }
        return futures;
    }

    @Override
    public CompletableFuture<Subscription> subscribe(List<?> params, SubscriptionListener listener) {
        return this.delegate.subscribe(params, listener);
    }

    @Override
    public CompletableFuture<Boolean> unsubscribe(Subscription subscription) {
        return this.delegate.unsubscribe(subscription);
    }

    @Override
    public void setMetrics(BraneMetrics metrics) {
        this.delegate.setMetrics(metrics);
    }

    @Override
    public int pendingRequests() {
        return this.delegate.pendingRequests();
    }

    @Override
    public void close() {
        this.delegate.close();
    }

    @Override
    public String toString() {
        return "Observed" + this.delegate;
    }

    private CompletableFuture<JsonNode> observe(String method, Supplier<CompletableFuture<JsonNode>> call) {
        Observation observation = start(method);
        CompletableFuture<JsonNode> future;
        try (Observation.Scope scope = observation.openScope()) {
            future = call.get();
        }
        catch (RuntimeException ex) {
            end(observation, ex);
            throw ex;
        }
        future.whenComplete((result, failure) -> end(observation, failure));
        return future;
    }

    private Observation start(String method) {
        return Observation.createNotStarted(NAME, this.registry)
            .contextualName(method)
            .lowCardinalityKeyValue("rpc.system", "jsonrpc")
            .lowCardinalityKeyValue("rpc.method", method)
            .lowCardinalityKeyValue("brane.endpoint", this.endpoint)
            .lowCardinalityKeyValue("brane.transport", this.transport)
            .start();
    }

    private static void end(Observation observation, Throwable failure) {
        Throwable cause = (failure instanceof CompletionException && failure.getCause() != null) ? failure.getCause()
                : failure;
        if (cause == null) {
            observation.lowCardinalityKeyValue("outcome", "SUCCESS");
        }
        else {
            observation.lowCardinalityKeyValue("outcome",
                    (cause instanceof BraneRpcException rpc) ? rpc.outcome().name() : "CLIENT_ERROR");
            observation.error(cause);
        }
        observation.stop();
    }
}
