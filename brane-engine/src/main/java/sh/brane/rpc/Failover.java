package sh.brane.rpc;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

import tools.jackson.databind.JsonNode;

import sh.brane.rpc.core.RequestLifecycle;

import static sh.brane.rpc.FallbackRanking.isTransportFailure;
import static sh.brane.rpc.FallbackRanking.unwrap;

/**
 * One call of a {@link FallbackProvider} tried endpoint after endpoint, async or blocking by the same rules: the
 * {@link FallbackRanking#pick} order, a probe before a submission to an untried endpoint, and no second endpoint
 * for a submission that may have reached a node.
 */
final class Failover {

    /** How one endpoint is asked: with what is left of the call's time, and whether it is the first one asked. */
    @FunctionalInterface
    interface Attempt<T> {
        CompletableFuture<T> send(BraneProvider provider, Duration remaining, boolean first);
    }

    /** How one endpoint is asked by a blocking call, with what is left of the call's time. */
    @FunctionalInterface
    interface BlockingAttempt<T> {
        T send(BraneProvider provider, Duration remaining);
    }

    private final FallbackRanking ranking;
    private final BooleanSupplier closed;

    Failover(FallbackRanking ranking, BooleanSupplier closed) {
        this.ranking = ranking;
        this.closed = closed;
    }

    <T> CompletableFuture<T> async(String method, long deadlineNanos, Attempt<T> call) {
        CompletableFuture<T> result = new CompletableFuture<>();
        new Call<>(method, deadlineNanos, call, result).next();
        // the caller's deadline wins over an endpoint's own longer default timeout
        long remaining = Math.max(deadlineNanos - System.nanoTime(), 0);
        return result.orTimeout(remaining, TimeUnit.NANOSECONDS).exceptionallyCompose(err -> {
            Throwable cause = unwrap(err);
            return CompletableFuture.failedFuture(cause instanceof TimeoutException
                    ? new RpcTimeoutException(method + " got no answer from any endpoint within the call's "
                            + Duration.ofNanos(remaining))
                    : cause);
        });
    }

    /** What is left of the call's time, at least 1 ms: the deadline was checked before, and a provider refuses 0. */
    private static Duration left(long deadlineNanos, long now) {
        return Duration.ofNanos(Math.max(deadlineNanos - now, 1_000_000));
    }

    private boolean giveUp(List<FallbackEndpoint> tried, long deadlineNanos) {
        return closed.getAsBoolean() || tried.size() >= ranking.endpoints.size()
                || System.nanoTime() - deadlineNanos >= 0;
    }

    private static boolean mayHaveReached(Throwable cause, String method) {
        return (cause instanceof ConnectionLostException || cause instanceof RpcTimeoutException)
                && RequestLifecycle.notRepeatable(method);
    }

    private static ConnectionLostException notSent(String method, FallbackEndpoint e, Throwable cause) {
        return new ConnectionLostException(method + " was not sent: endpoint " + e.provider
                + " did not answer the probe sent before it (" + NodeText.of(cause) + ")", cause);
    }

    /** One asynchronous call on its way through the endpoints. */
    private final class Call<T> {
        private final String method;
        private final long deadlineNanos;
        private final Attempt<T> attempt;
        private final CompletableFuture<T> result;
        private final List<FallbackEndpoint> tried = new ArrayList<>();

        Call(String method, long deadlineNanos, Attempt<T> attempt, CompletableFuture<T> result) {
            this.method = method;
            this.deadlineNanos = deadlineNanos;
            this.attempt = attempt;
            this.result = result;
        }

        void next() {
            boolean first = tried.isEmpty();
            FallbackEndpoint e = ranking.pick(tried);
            tried.add(e);
            if (ranking.needsProbe(e, method)) {
                probeThenSend(e, first);
            } else {
                send(e, first);
            }
        }

        /** Asks {@code e} for its chain id; the call follows if it answers, else moves on (it was never sent). */
        private void probeThenSend(FallbackEndpoint e, boolean first) {
            long t0 = System.nanoTime();
            CompletableFuture<JsonNode> probe;
            try {
                probe = e.provider.sendAsync("eth_chainId", List.of(), left(deadlineNanos, t0));
            } catch (RuntimeException ex) {
                probe = CompletableFuture.failedFuture(ex);
            }
            probe.whenComplete((ok, err) -> {
                Throwable cause = ranking.probeVerdict(e, ok, err == null ? null : unwrap(err), t0);
                if (cause == null) {
                    send(e, first);
                } else if (giveUp(tried, deadlineNanos)) {
                    result.completeExceptionally(notSent(method, e, cause));
                } else {
                    next();
                }
            });
        }

        private void send(FallbackEndpoint e, boolean first) {
            long t0 = System.nanoTime();
            CompletableFuture<T> f;
            try {
                f = attempt.send(e.provider, left(deadlineNanos, t0), first);
            } catch (RuntimeException ex) {
                result.completeExceptionally(ex);
                return;
            }
            f.whenComplete((value, err) -> {
                Throwable cause = err == null ? null : unwrap(err);
                if (cause == null || !isTransportFailure(cause)) {
                    // an answer, or an RPC error: the node is healthy and the answer stands
                    e.success(System.nanoTime() - t0);
                    if (cause == null) {
                        result.complete(value);
                    } else {
                        result.completeExceptionally(cause);
                    }
                    return;
                }
                e.failure(ranking.failureThreshold);
                if (giveUp(tried, deadlineNanos) || mayHaveReached(cause, method)) {
                    result.completeExceptionally(cause);
                } else {
                    next();
                }
            });
        }
    }

    /** The blocking twin of {@link #async}, on the caller's thread, so each endpoint's own blocking path is kept. */
    <T> T blocking(String method, long deadlineNanos, BlockingAttempt<T> call) {
        List<FallbackEndpoint> tried = new ArrayList<>();
        while (true) {
            FallbackEndpoint e = ranking.pick(tried);
            tried.add(e);
            if (ranking.needsProbe(e, method)) {
                Throwable refused = probeBlocking(e, deadlineNanos);
                if (refused != null) {
                    if (giveUp(tried, deadlineNanos)) {
                        throw notSent(method, e, refused);
                    }
                    continue;
                }
            }
            long t0 = System.nanoTime();
            if (t0 - deadlineNanos >= 0) {
                throw new RpcTimeoutException(method + " got no answer from any endpoint within the call's timeout");
            }
            try {
                T value = call.send(e.provider, left(deadlineNanos, t0));
                e.success(System.nanoTime() - t0);
                return value;
            } catch (BraneRpcException cause) {
                if (!isTransportFailure(cause)) {
                    e.success(System.nanoTime() - t0);
                    throw cause;
                }
                e.failure(ranking.failureThreshold);
                if (giveUp(tried, deadlineNanos) || mayHaveReached(cause, method)) {
                    throw cause;
                }
            }
        }
    }

    /** Asks {@code e} for its chain id on this thread; null if the submission may go to it, else why not. */
    private Throwable probeBlocking(FallbackEndpoint e, long deadlineNanos) {
        long t0 = System.nanoTime();
        try {
            JsonNode ok = e.provider.send("eth_chainId", List.of(), left(deadlineNanos, t0));
            return ranking.probeVerdict(e, ok, null, t0);
        } catch (RuntimeException ex) {
            return ranking.probeVerdict(e, null, ex, t0);
        }
    }
}
