package sh.brane.rpc;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import tools.jackson.databind.JsonNode;

import sh.brane.rpc.core.DeadlineTimer;
import sh.brane.rpc.core.InFlightTable;
import sh.brane.rpc.core.PendingRequest;
import sh.brane.rpc.core.RequestLifecycle;

/**
 * The call methods {@link HttpProvider} and {@link WebSocketProvider} share: each call is one {@link PendingRequest},
 * sent when it is made. A blocking call is that call joined; only its caller waits for the future, so it is
 * completed where the answer is read, without a hand-off to the callback executor.
 */
abstract sealed class TransportProvider implements BraneProvider permits HttpProvider, WebSocketProvider {

    /** The names of this provider's threads start with it, e.g. {@code brane-ws-<name>-<n>-}. */
    final String threadPrefix;
    final long defaultTimeoutNanos;
    /** A virtual thread per task: callbacks unless the config gives an executor, and the transport's own waits. */
    final ExecutorService virtualThreads;
    final RequestLifecycle lifecycle;
    final DeadlineTimer deadlines;
    final InFlightTable table;

    TransportProvider(String threadPrefix, String virtualThreadName, Duration requestTimeout, int maxPendingRequests,
                      Executor callbackExecutor) {
        this.threadPrefix = threadPrefix;
        this.defaultTimeoutNanos = requestTimeout.toNanos();
        this.virtualThreads = Executors.newThreadPerTaskExecutor(
                Thread.ofVirtual().name(threadPrefix + virtualThreadName, 0).factory());
        this.lifecycle = new RequestLifecycle(callbackExecutor != null ? callbackExecutor : virtualThreads);
        this.deadlines = new DeadlineTimer(threadPrefix + "deadlines");
        this.table = new InFlightTable(maxPendingRequests, lifecycle, deadlines);
    }

    @Override
    public void setMetrics(BraneMetrics metrics) {
        lifecycle.setMetrics(metrics);
    }

    @Override
    public int pendingRequests() {
        return table.size();
    }

    /** Admits and sends one call; the request is its future, already failed if refused. A null {@code decoder} reads
     *  the result as a tree. */
    abstract PendingRequest call(String method, List<?> params, long timeoutNanos, boolean blockingCaller,
                                 ResultDecoder<?> decoder);

    /** An asynchronous call with the default timeout; HTTP gathers these into auto-batches. */
    PendingRequest callAsync(String method, List<?> params, ResultDecoder<?> decoder) {
        return call(method, params, defaultTimeoutNanos, false, decoder);
    }

    @Override
    public JsonNode send(String method, List<?> params) {
        return Blocking.await(call(method, params, defaultTimeoutNanos, true, null).future(), method);
    }

    @Override
    public JsonNode send(String method, List<?> params, Duration timeout) {
        return Blocking.await(call(method, params, RequestLifecycle.timeoutNanos(timeout), true, null).future(),
                method);
    }

    @Override
    public <T> T send(String method, List<?> params, ResultDecoder<T> decoder) {
        Objects.requireNonNull(decoder, "decoder");
        return Blocking.await(call(method, params, defaultTimeoutNanos, true, decoder).<T>typedFuture(), method);
    }

    @Override
    public <T> T send(String method, List<?> params, Duration timeout, ResultDecoder<T> decoder) {
        Objects.requireNonNull(decoder, "decoder");
        PendingRequest r = call(method, params, RequestLifecycle.timeoutNanos(timeout), true, decoder);
        return Blocking.await(r.<T>typedFuture(), method);
    }

    @Override
    public CompletableFuture<JsonNode> sendAsync(String method, List<?> params) {
        return callAsync(method, params, null).future();
    }

    @Override
    public CompletableFuture<JsonNode> sendAsync(String method, List<?> params, Duration timeout) {
        return call(method, params, RequestLifecycle.timeoutNanos(timeout), false, null).future();
    }

    /** A typed call: the result is decoded straight from the answer, in the pass that reads it. */
    @Override
    public <T> CompletableFuture<T> sendAsync(String method, List<?> params, ResultDecoder<T> decoder) {
        Objects.requireNonNull(decoder, "decoder");
        return callAsync(method, params, decoder).typedFuture();
    }

    @Override
    public <T> CompletableFuture<T> sendAsync(String method, List<?> params, Duration timeout,
                                              ResultDecoder<T> decoder) {
        Objects.requireNonNull(decoder, "decoder");
        return call(method, params, RequestLifecycle.timeoutNanos(timeout), false, decoder).typedFuture();
    }
}
