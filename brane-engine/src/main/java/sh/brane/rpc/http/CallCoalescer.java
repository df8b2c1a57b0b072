package sh.brane.rpc.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;

import sh.brane.rpc.HttpConfig;
import sh.brane.rpc.RpcCall;
import sh.brane.rpc.core.PendingRequest;

/**
 * Gathers calls made concurrently into batches: the first call of a batch starts a sender that waits
 * {@code windowNanos} (zero: only as long as the sender takes to start) and then sends every call queued by
 * then, {@code maxBatch} at a time; a batch that fills up leaves at once, on the caller's thread.
 *
 * <p>Every queued call is handed to {@code send} exactly once, unless the provider closed, in which case the
 * provider fails the calls still pending itself (they are in its in-flight table from the start).
 */
public final class CallCoalescer {

    /** One call waiting in the queue, with its own HTTP headers ({@link HttpConfig#requestHeaders}). */
    public record Queued(PendingRequest request, RpcCall call, Map<String, String> headers) { }

    /**
     * Sends one gathered group: alone if it holds one call, as a JSON-RPC batch otherwise, with the headers of
     * its first call.
     */
    public interface Sender {
        void send(List<PendingRequest> requests, List<RpcCall> calls, Map<String, String> headers);
    }

    private final ConcurrentLinkedQueue<Queued> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger queued = new AtomicInteger();
    private final AtomicBoolean flushScheduled = new AtomicBoolean();
    private final long windowNanos;
    private final int maxBatch;
    private final Executor senders;
    private final LongConsumer sleep;
    private final Sender sender;

    /**
     * @param senders runs the sender of each batch (virtual threads)
     * @param sleep   waits out a window, ending early when the provider closes
     */
    public CallCoalescer(long windowNanos, int maxBatch, Executor senders, LongConsumer sleep, Sender sender) {
        this.windowNanos = windowNanos;
        this.maxBatch = maxBatch;
        this.senders = senders;
        this.sleep = sleep;
        this.sender = sender;
    }

    public void add(PendingRequest request, RpcCall call, Map<String, String> headers) {
        queue.add(new Queued(request, call, headers));
        if (queued.incrementAndGet() >= maxBatch) {
            flush();
        } else if (flushScheduled.compareAndSet(false, true)) {
            try {
                senders.execute(() -> {
                    if (windowNanos > 0) {
                        sleep.accept(windowNanos);
                    }
                    flushScheduled.set(false);
                    flush();
                });
            } catch (RejectedExecutionException closed) {
                // the provider is closing: its close() fails every pending call
                flushScheduled.set(false);
            }
        }
    }

    public void clear() {
        queue.clear();
    }

    private void flush() {
        while (true) {
            List<PendingRequest> rs = new ArrayList<>();
            List<RpcCall> calls = new ArrayList<>();
            Map<String, String> headers = null;
            Queued q;
            while (rs.size() < maxBatch && (q = queue.poll()) != null) {
                queued.decrementAndGet();
                if (headers == null) {
                    headers = q.headers();
                }
                rs.add(q.request());
                calls.add(q.call());
            }
            if (rs.isEmpty()) {
                return;
            }
            sender.send(rs, calls, headers);
            if (rs.size() < maxBatch) {
                return;
            }
        }
    }
}
