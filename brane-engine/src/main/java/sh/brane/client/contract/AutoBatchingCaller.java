package sh.brane.client.contract;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.CallRequest;
import sh.brane.core.abi.Abi;
import sh.brane.core.abi.RevertDecoder;
import sh.brane.core.types.Address;

/**
 * Aggregates concurrent reads into Multicall3 calls: the first read of a window starts a timer; when it fires,
 * or when {@code maxCalls} reads are waiting, they go out as one {@code aggregate3} (a lone read as a plain
 * {@code eth_call}). Every read gets its own result or revert. Reads with a sender or a value are not
 * aggregated (Multicall3 would be their {@code msg.sender}): they go out directly.
 */
public final class AutoBatchingCaller implements ContractCaller, AutoCloseable {

    private final BraneClient client;
    private final Address multicall;
    private final long windowNanos;
    private final int maxCalls;
    private final ScheduledExecutorService timer;
    private final AtomicLong aggregates = new AtomicLong();
    private final Object lock = new Object();
    private List<Pending> pending = new ArrayList<>();
    private boolean closed;

    private record Pending(CallRequest request, Abi errors, CompletableFuture<byte[]> answer) {
    }

    AutoBatchingCaller(BraneClient client, Address multicall, Duration window, int maxCalls) {
        if (window == null || window.isNegative() || window.isZero() || window.compareTo(Duration.ofSeconds(1)) > 0) {
            throw new IllegalArgumentException("the aggregation window must be between 1 ns and 1 s, got " + window
                    + "; a few milliseconds is typical");
        }
        if (maxCalls < 2 || maxCalls > 10_000) {
            throw new IllegalArgumentException("maxCalls must be between 2 and 10000, got " + maxCalls);
        }
        this.client = client;
        this.multicall = multicall;
        this.windowNanos = window.toNanos();
        this.maxCalls = maxCalls;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "brane-multicall-window");
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public byte[] call(CallRequest request, Abi errors) {
        if (request.from() != null || request.value() != null) {
            return ContractCaller.direct(client).call(request, errors);
        }
        try {
            return enqueue(request, errors).join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    /** As {@link #call}, the read waiting in the window without a thread of its own. */
    @Override
    public CompletableFuture<byte[]> callAsync(CallRequest request, Abi errors) {
        if (request.from() != null || request.value() != null) {
            return ContractCaller.direct(client).callAsync(request, errors);
        }
        try {
            return enqueue(request, errors);
        } catch (RuntimeException closed) {
            return CompletableFuture.failedFuture(closed);
        }
    }

    private CompletableFuture<byte[]> enqueue(CallRequest request, Abi errors) {
        Pending p = new Pending(request, errors, new CompletableFuture<>());
        List<Pending> full = null;
        synchronized (lock) {
            if (closed) {
                throw new IllegalStateException("this auto-batching caller is closed");
            }
            pending.add(p);
            if (pending.size() >= maxCalls) {
                full = pending;
                pending = new ArrayList<>();
            } else if (pending.size() == 1) {
                timer.schedule(this::flushWindow, windowNanos, TimeUnit.NANOSECONDS);
            }
        }
        if (full != null) {
            List<Pending> batch = full;
            Thread.ofVirtual().name("brane-multicall").start(() -> run(batch));
        }
        return p.answer;
    }

    /** How many {@code aggregate3} calls were made (for tests and metrics). */
    public long aggregateCount() {
        return aggregates.get();
    }

    private void flushWindow() {
        List<Pending> batch;
        synchronized (lock) {
            if (pending.isEmpty()) {
                return;
            }
            batch = pending;
            pending = new ArrayList<>();
        }
        Thread.ofVirtual().name("brane-multicall").start(() -> run(batch));
    }

    private void run(List<Pending> batch) {
        try {
            if (batch.size() == 1) {
                Pending only = batch.get(0);
                only.answer.complete(client.call(only.request, BlockTag.LATEST, null, only.errors));
                return;
            }
            List<Address> targets = new ArrayList<>(batch.size());
            List<byte[]> data = new ArrayList<>(batch.size());
            for (Pending p : batch) {
                targets.add(p.request.to());
                data.add(p.request.data());
            }
            aggregates.incrementAndGet();
            List<Multicall3.Outcome> outcomes = Multicall3.aggregate(client, multicall, targets, data, BlockTag.LATEST);
            for (int i = 0; i < batch.size(); i++) {
                Pending p = batch.get(i);
                Multicall3.Outcome o = outcomes.get(i);
                if (o.success()) {
                    p.answer.complete(o.data());
                } else {
                    p.answer.completeExceptionally(new ContractRevertException("call to " + p.request.to(),
                            RevertDecoder.decode(o.data(), p.errors), null, null));
                }
            }
        } catch (Throwable t) {
            // every waiting read ends, with the aggregate's failure if nothing else
            for (Pending p : batch) {
                p.answer.completeExceptionally(t);
            }
        }
    }

    /** Sends what is waiting, then stops the timer thread; later reads are refused. */
    @Override
    public void close() {
        synchronized (lock) {
            closed = true;
        }
        flushWindow();
        timer.shutdown();
    }

    @Override
    public String toString() {
        return "AutoBatchingCaller[" + multicall + ", window " + Duration.ofNanos(windowNanos) + ", max " + maxCalls
                + "]";
    }
}
