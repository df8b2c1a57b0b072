package sh.brane.rpc;

import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * Ends requests: records the metrics and completes the future on the callback executor, so user
 * continuations never run on an I/O thread.
 */
final class RequestLifecycle {

    static final Logger LOG = LoggerFactory.getLogger("sh.brane.rpc");

    private volatile BraneMetrics metrics = BraneMetrics.NOOP;
    private final Executor callbacks;

    RequestLifecycle(Executor callbacks) {
        this.callbacks = callbacks;
    }

    void setMetrics(BraneMetrics metrics) {
        this.metrics = metrics == null ? BraneMetrics.NOOP : metrics;
    }

    BraneMetrics metrics() {
        return metrics;
    }

    Executor callbacks() {
        return callbacks;
    }

    void started(String method) {
        try {
            metrics.onRequestStarted(method);
        } catch (RuntimeException e) {
            LOG.debug("metrics hook threw", e);
        }
    }

    void succeed(PendingRequest r, JsonNode result) {
        cancelTimeout(r);
        try {
            metrics.onRequestCompleted(r.method, System.nanoTime() - r.startNanos);
        } catch (RuntimeException e) {
            LOG.debug("metrics hook threw", e);
        }
        run(() -> r.future.complete(result), () -> r.future.complete(result));
    }

    void fail(PendingRequest r, BraneRpcException error) {
        cancelTimeout(r);
        record(r.method, error, r.timeoutNanos);
        run(() -> r.future.completeExceptionally(error), () -> r.future.completeExceptionally(error));
    }

    /** Records a failure that has no pending entry (e.g. refused before it was added). */
    void record(String method, BraneRpcException error, long timeoutNanos) {
        try {
            BraneMetrics m = metrics;
            if (error instanceof RpcTimeoutException) {
                m.onRequestTimeout(method, timeoutNanos);
            }
            m.onRequestFailed(method, error.outcome(), error);
        } catch (RuntimeException e) {
            LOG.debug("metrics hook threw", e);
        }
    }

    /** Runs a metrics hook, ignoring anything it throws. */
    void hook(java.util.function.Consumer<BraneMetrics> call) {
        try {
            call.accept(metrics);
        } catch (RuntimeException e) {
            LOG.debug("metrics hook threw", e);
        }
    }

    void run(Runnable task, Runnable ifRejected) {
        try {
            callbacks.execute(task);
        } catch (RejectedExecutionException e) {
            ifRejected.run();
        }
    }

    private static void cancelTimeout(PendingRequest r) {
        java.util.concurrent.Future<?> t = r.timeoutTask;
        if (t != null) {
            t.cancel(false);
        }
    }
}
