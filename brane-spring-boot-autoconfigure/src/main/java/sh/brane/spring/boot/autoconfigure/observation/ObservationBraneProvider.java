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
import sh.brane.rpc.ResultDecoder;
import sh.brane.rpc.RpcCall;
import sh.brane.rpc.RpcErrorCodes;
import sh.brane.rpc.RpcErrorException;
import sh.brane.rpc.Subscription;
import sh.brane.rpc.SubscriptionListener;
import sh.brane.spring.boot.autoconfigure.DecoratedBraneProvider;
import tools.jackson.databind.JsonNode;

/**
 * Wraps a provider so each JSON-RPC call is a Micrometer {@link Observation} (named and keyed by a
 * {@link BraneObservationConvention}, by default {@value #NAME} with the meters' tags): started on the caller's
 * thread (so a trace's current span becomes its parent), stopped when the call ends, with the failure as its error.
 * The returned future completes inside the caller's observation scope, so callbacks chained on it keep the trace
 * context; so do a subscription's notifications. Capabilities of the provider underneath pass through
 * {@link #getDelegate()}.
 */
public final class ObservationBraneProvider implements DecoratedBraneProvider {

    /** The observation's name. */
    public static final String NAME = DefaultBraneObservationConvention.NAME;

    private static final BraneObservationConvention DEFAULT_CONVENTION = new DefaultBraneObservationConvention();

    private final BraneProvider delegate;

    private final ObservationRegistry registry;

    /** The configured chain's name, or null when not known. */
    private final String chain;

    private final String endpoint;

    private final String transport;

    private final BraneObservationConvention convention;

    public ObservationBraneProvider(BraneProvider delegate, ObservationRegistry registry, String endpoint,
            String transport) {
        this(delegate, registry, endpoint, transport, null);
    }

    /** @param convention replaces the default one; null for the default */
    public ObservationBraneProvider(BraneProvider delegate, ObservationRegistry registry, String endpoint,
            String transport, BraneObservationConvention convention) {
        this(delegate, registry, null, endpoint, transport, convention);
    }

    /**
     * @param chain      the configured chain's name (the {@code chain} key), or null when not known
     * @param convention replaces the default one; null for the default
     */
    public ObservationBraneProvider(BraneProvider delegate, ObservationRegistry registry, String chain,
            String endpoint, String transport, BraneObservationConvention convention) {
        this.chain = chain;
        this.convention = convention;
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

    // The typed forms pass through, so a typed call keeps the delegate's one-pass decoding (the interface's
    // defaults would decode a JsonNode tree of the untyped call instead).
    @Override
    public <T> CompletableFuture<T> sendAsync(String method, List<?> params, ResultDecoder<T> decoder) {
        return observe(method, () -> this.delegate.sendAsync(method, params, decoder));
    }

    @Override
    public <T> CompletableFuture<T> sendAsync(String method, List<?> params, Duration timeout,
            ResultDecoder<T> decoder) {
        return observe(method, () -> this.delegate.sendAsync(method, params, timeout, decoder));
    }

    // The blocking forms pass through too: a provider whose blocking call does its exchange on the caller's own
    // thread (HttpProvider on a platform thread, and a FallbackProvider over it) keeps that path when observed.
    @Override
    public JsonNode send(String method, List<?> params) {
        return observeBlocking(method, () -> this.delegate.send(method, params));
    }

    @Override
    public JsonNode send(String method, List<?> params, Duration timeout) {
        return observeBlocking(method, () -> this.delegate.send(method, params, timeout));
    }

    @Override
    public <T> T send(String method, List<?> params, ResultDecoder<T> decoder) {
        return observeBlocking(method, () -> this.delegate.send(method, params, decoder));
    }

    @Override
    public <T> T send(String method, List<?> params, Duration timeout, ResultDecoder<T> decoder) {
        return observeBlocking(method, () -> this.delegate.send(method, params, timeout, decoder));
    }

    @Override
    public List<CompletableFuture<JsonNode>> sendBatchAndWait(List<RpcCall> calls) {
        List<Observation> observations = new ArrayList<>(calls.size());
        for (RpcCall call : calls) {
            observations.add(start(call.method()));
        }
        List<CompletableFuture<JsonNode>> futures;
        // one HTTP request carries one trace context: the first call's (each call keeps its own span)
        try (Observation.Scope scope = observations.isEmpty() ? null : observations.get(0).openScope()) {
            futures = this.delegate.sendBatchAndWait(calls);
        }
        catch (RuntimeException ex) {
            observations.forEach((observation) -> end(observation, ex));
            throw ex;
        }
        // every future is done: each observation ends with its own call's outcome, on the caller's thread
        for (int i = 0; i < futures.size(); i++) {
            Observation observation = observations.get(i);
            futures.get(i).whenComplete((result, failure) -> end(observation, failure));
        }
        return futures;
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
        // one HTTP request carries one trace context: the first call's (each call keeps its own span)
        try (Observation.Scope scope = observations.isEmpty() ? null : observations.get(0).openScope()) {
            futures = this.delegate.sendBatch(calls);
        }
        catch (RuntimeException ex) {
            observations.forEach((observation) -> end(observation, ex));
            throw ex;
        }
        Observation parent = this.registry.getCurrentObservation();
        List<CompletableFuture<JsonNode>> observed = new ArrayList<>(futures.size());
        for (int i = 0; i < futures.size(); i++) {
            Observation observation = observations.get(i);
            observed.add(inScope(parent, futures.get(i).whenComplete((result, failure) -> end(observation, failure))));
        }
        return observed;
    }

    @Override
    public CompletableFuture<Subscription> subscribe(List<?> params, SubscriptionListener listener) {
        Observation parent = this.registry.getCurrentObservation();
        if (parent == null) {
            return this.delegate.subscribe(params, listener);
        }
        // notifications arrive on the engine's threads: run the listener in the subscriber's trace context
        return this.delegate.subscribe(params, new SubscriptionListener() {
            @Override
            public void onNotification(JsonNode result) {
                parent.scoped(() -> listener.onNotification(result));
            }

            @Override
            public void onGap() {
                parent.scoped(listener::onGap);
            }

            @Override
            public void onError(BraneRpcException error) {
                parent.scoped(() -> listener.onError(error));
            }
        });
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

    private <T> CompletableFuture<T> observe(String method, Supplier<CompletableFuture<T>> call) {
        Observation observation = start(method);
        CompletableFuture<T> future;
        try (Observation.Scope scope = observation.openScope()) {
            future = call.get();
        }
        catch (RuntimeException ex) {
            end(observation, ex);
            throw ex;
        }
        return inScope(this.registry.getCurrentObservation(),
                future.whenComplete((result, failure) -> end(observation, failure)));
    }

    private <T> T observeBlocking(String method, Supplier<T> call) {
        Observation observation = start(method);
        T result;
        try (Observation.Scope scope = observation.openScope()) {
            result = call.get();
        }
        catch (RuntimeException ex) {
            end(observation, ex);
            throw ex;
        }
        end(observation, null);
        return result;
    }

    /**
     * A future completed inside {@code parent}'s scope, so stages chained on it (which run on the completing
     * thread, an engine thread) see the caller's trace context.
     */
    private static <T> CompletableFuture<T> inScope(Observation parent, CompletableFuture<T> future) {
        if (parent == null) {
            return future;
        }
        CompletableFuture<T> scoped = new CompletableFuture<>();
        future.whenComplete((result, failure) -> parent.scoped(() -> {
            if (failure != null) {
                scoped.completeExceptionally(failure);
            }
            else {
                scoped.complete(result);
            }
        }));
        return scoped;
    }

    private Observation start(String method) {
        BraneObservationContext context = new BraneObservationContext(method, this.chain, this.endpoint,
                this.transport);
        return Observation.createNotStarted(this.convention, DEFAULT_CONVENTION, () -> context, this.registry)
            .start();
    }

    private static void end(Observation observation, Throwable failure) {
        Throwable cause = (failure instanceof CompletionException && failure.getCause() != null) ? failure.getCause()
                : failure;
        if (observation.isNoop()) {
            // off (management.observations.enable.brane=false) or no handler: nothing to record
            return;
        }
        // a real observation's context is the one start() supplied
        BraneObservationContext context = (BraneObservationContext) observation.getContext();
        if (cause == null) {
            context.setOutcome("SUCCESS");
            context.setErrorCode("none");
        }
        else {
            context.setOutcome((cause instanceof BraneRpcException rpc) ? rpc.outcome().name() : "CLIENT_ERROR");
            context.setErrorCode((cause instanceof RpcErrorException rpc) ? RpcErrorCodes.metricTag(rpc.code()) : "none");
            observation.error(cause);
        }
        observation.stop();
    }
}
