package sh.brane.rpc.core;

import java.time.Duration;
import java.util.concurrent.Executor;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import sh.brane.rpc.BraneMetrics;
import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.ConnectionLostException;
import sh.brane.rpc.RpcTimeoutException;

/** Admits requests into the table (or refuses them), records metrics and completes futures on the callback executor,
 *  so user continuations never run on an I/O thread. */
public final class RequestLifecycle {

    public static final Logger LOG = LoggerFactory.getLogger("sh.brane.rpc");

    private volatile BraneMetrics metrics = BraneMetrics.NOOP;
    private final Executor callbacks;

    public RequestLifecycle(Executor callbacks) {
        this.callbacks = callbacks;
    }

    public void setMetrics(BraneMetrics metrics) {
        this.metrics = metrics == null ? BraneMetrics.NOOP : metrics;
    }

    public BraneMetrics metrics() {
        return metrics;
    }

    public Executor callbacks() {
        return callbacks;
    }

    /** The nanoseconds of a per-call timeout, which must be positive. */
    public static long timeoutNanos(Duration timeout) {
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be a positive duration, got " + timeout);
        }
        return timeout.toNanos();
    }

    /** The error of a request refused or cut short because its provider is closed. */
    public static ConnectionLostException closed(String method, String provider) {
        return new ConnectionLostException(method + " refused: provider " + provider + " is closed");
    }

    public void started(String method) {
        try {
            metrics.onRequestStarted(method);
        } catch (RuntimeException e) {
            LOG.debug("metrics hook threw", e);
        }
    }

    /** Ends {@code r} with {@code result}, answered at {@code nowNanos} (the answers of one message share the instant
     *  it was read); its future completes when {@code group} is delivered. */
    public void succeed(PendingRequest r, Object result, AnswerGroup group, long nowNanos) {
        try {
            metrics.onRequestCompleted(r.method, nowNanos - r.startNanos);
        } catch (RuntimeException e) {
            LOG.debug("metrics hook threw", e);
        }
        if (r.completeInPlace) {
            r.complete(result);
        } else {
            group.add(r, result);
        }
    }

    /** Ends {@code r} with {@code error}; its future completes when {@code group} is delivered. */
    public void fail(PendingRequest r, BraneRpcException error, AnswerGroup group) {
        try {
            BraneMetrics m = metrics;
            if (error instanceof RpcTimeoutException) {
                m.onRequestTimeout(r.method, r.timeoutNanos);
            }
            m.onRequestFailed(r.method, error.outcome(), error, System.nanoTime() - r.startNanos);
        } catch (RuntimeException e) {
            LOG.debug("metrics hook threw", e);
        }
        if (r.completeInPlace) {
            r.future().completeExceptionally(error);
        } else {
            group.add(r, error);
        }
    }

    /** Completes the futures of a message's answers on the callback executor. */
    public void deliver(AnswerGroup group) {
        group.deliver(callbacks);
    }

    /** The same, with the group's watchdog timed by {@code timer}, the event loop delivering it (null: none). */
    public void deliver(AnswerGroup group, java.util.concurrent.ScheduledExecutorService timer) {
        group.deliver(callbacks, timer);
    }

    /** Ends {@code r} with {@code error} on its own (a timeout, a lost connection, a refusal). */
    public void fail(PendingRequest r, BraneRpcException error) {
        AnswerGroup alone = new AnswerGroup();
        fail(r, error, alone);
        deliver(alone);
    }

    /** Runs a metrics hook, ignoring anything it throws. */
    public void hook(java.util.function.Consumer<BraneMetrics> call) {
        try {
            call.accept(metrics);
        } catch (RuntimeException e) {
            LOG.debug("metrics hook threw", e);
        }
    }

    /** Whether {@code method} submits a transaction and so must never be repeated once it may have reached the node.
     *  A string switch: cheaper than a set's megamorphic {@code hashCode}/{@code equals} on every call. */
    public static boolean notRepeatable(String method) {
        return switch (method) {
            case "eth_sendRawTransaction", "eth_sendTransaction", "eth_sendRawTransactionSync", "eth_sendBundle",
                 "eth_sendPrivateTransaction", "personal_sendTransaction" -> true;
            default -> false;
        };
    }
}
