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
import sh.brane.rpc.RpcErrorException;

/**
 * The answers read from one message (a JSON-RPC batch, usually), whose futures are completed by one
 * callback thread instead of one thread each: a batch of 100 costs one hand-off, not 100.
 *
 * <p>User continuations may block, and one may wait for another future of the same message. So while
 * answers are left, a watchdog looks every {@link #WATCH_MILLIS} ms and starts another thread that takes
 * over the rest: a blocked continuation delays the answers after it by at most about that long, and never
 * deadlocks them.
 */
public final class AnswerGroup implements Runnable {

    public static final long WATCH_MILLIS = 1;

    private final ArrayList<PendingRequest> requests = new ArrayList<>();
    /** A result (a {@link JsonNode}, or a typed call's decoded value) or a {@link BraneRpcException}, per request. */
    private final ArrayList<Object> outcomes = new ArrayList<>();
    /** The next answer no thread has taken yet. */
    private final AtomicInteger next = new AtomicInteger();
    private Executor callbacks;
    private Executor watchdog;

    /**
     * Sizes the lists for about {@code answers} more answers: a batch of 100 would grow each of them from 10 six
     * times. The count is a message's, which its size limit bounds.
     */
    public void expect(int answers) {
        requests.ensureCapacity(requests.size() + answers);
        outcomes.ensureCapacity(outcomes.size() + answers);
    }

    /**
     * Whether an answer gathered here failed the call with anything but the node's own JSON-RPC error (an answer
     * over the size limit, a malformed one): read before the group is delivered, when the futures say nothing yet.
     */
    public boolean anyFailedBadly() {
        for (int i = 0, n = outcomes.size(); i < n; i++) {
            if (outcomes.get(i) instanceof BraneRpcException e && !(e instanceof RpcErrorException)) {
                return true;
            }
        }
        return false;
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
     * Hands the answers to {@code callbacks}, as {@link #deliver(Executor)}, with the watchdog's look timed by
     * {@code timer} (the calling event loop: scheduling there from the loop itself is a queue insert, where
     * {@link CompletableFuture#delayedExecutor} wakes a shared scheduler thread and then starts a callback thread
     * for every group); null: the shared scheduler. The look itself never blocks, so it may run on an I/O thread.
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
                r.future.completeExceptionally(e);
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
