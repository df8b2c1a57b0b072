package sh.brane.reliability;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.RpcCall;
import tools.jackson.databind.JsonNode;

/**
 * Several threads sending reads through every send path of a provider (single, ring/coalesced, explicit
 * batch), each with a bounded number in flight. Every future is tracked from the moment it is created to
 * the moment it ends, so the test can check that each one ended, in time, with a result or a typed error.
 */
final class SteadyLoad implements AutoCloseable {

    /** One tracked request. */
    static final class Track {
        final long startNanos = System.nanoTime();
        volatile long endNanos;
        volatile Throwable failure;
        volatile boolean done;
    }

    private final BraneProvider provider;
    private final Duration timeout;
    private final List<Thread> threads = new ArrayList<>();
    private final ConcurrentLinkedQueue<Track> tracks = new ConcurrentLinkedQueue<>();
    private final AtomicLong successes = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicLong successesSinceMark = new AtomicLong();
    private volatile boolean running = true;

    /**
     * @param timeout the provider's request timeout: every call here uses it (sendAsync passes it
     *                explicitly; batches use the provider's default, which must equal it)
     */
    SteadyLoad(BraneProvider provider, Duration timeout, int threadCount, String account) {
        this.provider = provider;
        this.timeout = timeout;
        for (int i = 0; i < threadCount; i++) {
            int n = i;
            Thread t = new Thread(() -> loop(n, account), "steady-load-" + i);
            t.setDaemon(true);
            threads.add(t);
        }
    }

    SteadyLoad start() {
        threads.forEach(Thread::start);
        return this;
    }

    private void loop(int n, String account) {
        Semaphore inFlight = new Semaphore(32);
        long i = 0;
        long failuresSeen = 0;
        while (running) {
            try {
                if (!inFlight.tryAcquire(100, TimeUnit.MILLISECONDS)) {
                    continue;
                }
            } catch (InterruptedException e) {
                return;
            }
            i++;
            int kind = (int) ((i + n) % 4);
            try {
                switch (kind) {
                    case 0 -> track(provider.sendAsync("eth_blockNumber", List.of(), timeout), inFlight);
                    case 1 -> track(provider.sendAsyncBatch("eth_getBalance", List.of(account, "latest")), inFlight);
                    case 2 -> track(provider.sendAsync("eth_chainId", List.of(), timeout), inFlight);
                    default -> {
                        List<CompletableFuture<JsonNode>> batch = provider.sendBatch(List.of(
                                RpcCall.of("eth_blockNumber"), RpcCall.of("eth_gasPrice")));
                        inFlight.acquireUninterruptibly();
                        for (CompletableFuture<JsonNode> f : batch) {
                            track(f, null);
                        }
                        CompletableFuture.allOf(batch.toArray(CompletableFuture[]::new))
                                .whenComplete((ok, err) -> inFlight.release(2));
                    }
                }
            } catch (RuntimeException e) {
                // a send method itself threw: that breaks the contract as much as a wrong future does
                Track t = new Track();
                t.failure = e;
                t.endNanos = System.nanoTime();
                t.done = true;
                tracks.add(t);
                inFlight.release();
            }
            long f = failures.get();
            if (f != failuresSeen) {
                // while requests are refused at once (reconnecting), do not spin
                failuresSeen = f;
                sleep(5);
            } else if (i % 64 == 0) {
                // leave the node some air: the point is steady traffic, not a benchmark
                sleep(2);
            }
        }
    }

    private void track(CompletableFuture<JsonNode> f, Semaphore inFlight) {
        Track t = new Track();
        tracks.add(t);
        f.whenComplete((ok, err) -> {
            t.endNanos = System.nanoTime();
            t.failure = err instanceof CompletionException ce && ce.getCause() != null ? ce.getCause() : err;
            t.done = true;
            if (err != null) {
                failures.incrementAndGet();
            } else {
                successes.incrementAndGet();
                successesSinceMark.incrementAndGet();
            }
            if (inFlight != null) {
                inFlight.release();
            }
        });
    }

    long successes() {
        return successes.get();
    }

    /** Starts counting successes from zero (e.g. at recovery). */
    void mark() {
        successesSinceMark.set(0);
    }

    long successesSinceMark() {
        return successesSinceMark.get();
    }

    /** Stops sending, then waits until every tracked request has had its timeout plus one second to end. */
    Report stop() throws InterruptedException {
        running = false;
        for (Thread t : threads) {
            t.join(10_000);
        }
        long limit = timeout.toNanos() + 1_000_000_000L;
        long newestStart = 0;
        for (Track t : tracks) {
            newestStart = Math.max(newestStart, t.startNanos);
        }
        // the latest moment any request is allowed to end, plus a little for the last callback to run
        long waitUntil = newestStart + limit + 200_000_000L;
        while (System.nanoTime() < waitUntil && !allDone()) {
            Thread.sleep(20);
        }
        return new Report(new ArrayList<>(tracks), limit);
    }

    private boolean allDone() {
        for (Track t : tracks) {
            if (!t.done) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void close() {
        running = false;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** What happened to every request. */
    record Report(List<Track> tracks, long limitNanos) {

        long total() {
            return tracks.size();
        }

        long succeeded() {
            return tracks.stream().filter(t -> t.done && t.failure == null).count();
        }

        /** Requests that ended late, never, or with something other than a result or a BraneRpcException. */
        List<String> violations() {
            List<String> out = new ArrayList<>();
            for (Track t : tracks) {
                if (!t.done) {
                    out.add("never ended (started " + (System.nanoTime() - t.startNanos) / 1_000_000 + " ms ago)");
                } else if (t.endNanos - t.startNanos > limitNanos) {
                    out.add("ended after " + (t.endNanos - t.startNanos) / 1_000_000 + " ms, more than timeout + 1 s ("
                            + limitNanos / 1_000_000 + " ms), with " + t.failure);
                } else if (t.failure != null && !(t.failure instanceof BraneRpcException)) {
                    out.add("ended with an untyped failure: " + t.failure);
                }
                if (out.size() >= 20) {
                    out.add("...");
                    break;
                }
            }
            return out;
        }

        /** Failures by exception type. */
        Map<String, Long> failuresByType() {
            Map<String, Long> out = new TreeMap<>();
            for (Track t : tracks) {
                if (t.failure != null) {
                    out.merge(t.failure.getClass().getSimpleName(), 1L, Long::sum);
                }
            }
            return out;
        }

        @Override
        public String toString() {
            return total() + " requests, " + succeeded() + " succeeded, failures " + failuresByType();
        }
    }
}
