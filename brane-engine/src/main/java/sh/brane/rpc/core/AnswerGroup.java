package sh.brane.rpc.core;

import java.util.ArrayList;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import tools.jackson.databind.JsonNode;

import sh.brane.rpc.BraneRpcException;

/**
 * The answers read from one message, whose futures are completed by one callback thread: a batch of 100 costs one
 * hand-off, not 100. Continuations may block (even on another future of the same message), so while answers are
 * left a watchdog looks every {@link #WATCH_MILLIS} ms and starts another thread to take over the rest.
 */
public final class AnswerGroup implements Runnable {

    public static final long WATCH_MILLIS = 1;

    private final ArrayList<PendingRequest> requests = new ArrayList<>();
    /** A result (a {@link JsonNode}, or a typed call's decoded value) or a {@link BraneRpcException}, per request. */
    private final ArrayList<Object> outcomes = new ArrayList<>();
    private final AtomicInteger next = new AtomicInteger();
    private Executor callbacks;
    private Executor watchdog;

    /** Sizes the lists for about {@code answers} more, which the message's size limit bounds. */
    public void expect(int answers) {
        requests.ensureCapacity(requests.size() + answers);
        outcomes.ensureCapacity(outcomes.size() + answers);
    }

    public void add(PendingRequest request, Object outcome) {
        requests.add(request);
        outcomes.add(outcome);
    }

    /** Hands the answers to {@code callbacks}; call once, after the last {@link #add}. */
    public void deliver(Executor callbacks) {
        deliver(callbacks, null);
    }

    /**
     * As {@link #deliver(Executor)}, with the watchdog timed by {@code timer} (the calling event loop: scheduling
     * from the loop itself is a queue insert, not a wake-up of a shared scheduler); null: the shared scheduler.
     */
    public void deliver(Executor callbacks, ScheduledExecutorService timer) {
        int n = requests.size();
        if (n == 0) {
            return;
        }
        this.callbacks = callbacks;
        if (!start()) {
            run(); // the executor is shut down: complete here rather than never
            return;
        }
        if (n > 1) {
            watchdog = timer == null
                    ? CompletableFuture.delayedExecutor(WATCH_MILLIS, TimeUnit.MILLISECONDS, callbacks)
                    : task -> timer.schedule(task, WATCH_MILLIS, TimeUnit.MILLISECONDS);
            watch();
        }
    }

    /**
     * Completes the answers last to first: a caller that waits for its calls in the order it made them (the usual
     * way) is then woken once, by the first, with the rest already done.
     */
    @Override
    public void run() {
        int n = requests.size();
        int k;
        while ((k = next.getAndIncrement()) < n) {
            int i = n - 1 - k;
            PendingRequest r = requests.get(i);
            Object outcome = outcomes.get(i);
            if (outcome instanceof BraneRpcException e) {
                r.future().completeExceptionally(e);
            } else {
                r.complete(outcome);
            }
        }
    }

    private boolean start() {
        try {
            callbacks.execute(this);
            return true;
        } catch (RejectedExecutionException e) {
            return false;
        }
    }

    private void watch() {
        try {
            watchdog.execute(() -> {
                if (next.get() < requests.size()) {
                    // the thread on these answers is stuck in a continuation: another takes the rest
                    start();
                    watch();
                }
            });
        } catch (RejectedExecutionException e) {
            // shut down: the running thread finishes what is left
        }
    }
}
