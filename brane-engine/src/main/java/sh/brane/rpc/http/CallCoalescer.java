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
 * Gathers concurrent calls into batches: a batch's first call starts a sender that waits {@code windowNanos} and sends
 * every call queued by then, {@code maxBatch} at a time; a full batch leaves at once on the caller's thread. Every
 * queued call goes to {@code send} exactly once, unless the provider closed (it then fails them from its table).
 */
public final class CallCoalescer {

    /** One call waiting in the queue, with its own HTTP headers ({@link HttpConfig#requestHeaders}). */
    public record Queued(PendingRequest request, RpcCall call, Map<String, String> headers) { }

    /** Sends one group: alone if one call, else as a batch with its first call's headers. */
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

    /** {@code senders} runs each batch's sender; {@code sleep} waits out a window, ending early on close. */
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
