package sh.brane.rpc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CompletableFuture;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * The future of one request, which a thread waiting for it in {@link #join()} or {@link #get()} may complete itself:
 * when the answers of a message ({@link AnswerGroup}) are read and none of their futures has a dependent stage (no
 * user continuation can run), the reading thread (an event loop) wakes the waiting caller and lets it complete them
 * on its own thread, instead of starting a callback thread that would then wake the caller: one thread hand-off per
 * message instead of two. With any dependent stage in the message, or nobody waiting, the answers go to the callback
 * executor as before, and the group's watchdog starts one if a woken caller does not take them within a tick.
 *
 * <p>A request not yet written when its caller starts waiting may be sent by that caller itself ({@link
 * #offerDeparture}): the event loop it was handed to writes it only if nobody took it first, so a caller that makes
 * an asynchronous call and joins it at once (the usual way) pays for neither the event loop's wake-up nor its own.
 *
 * <p>Every way this future completes (the provider's, the user's {@code complete}, {@code cancel}, {@code obtrude*},
 * {@code completeAsync}, {@code orTimeout}) wakes a caller parked here. Stages made from it ({@code thenApply},
 * {@code exceptionallyCompose}, ... and theirs in turn: {@link Derived}) send the request too when joined before it
 * left: a caller that joins such a stage (the typed clients' futures, a user's {@code thenApply}) would otherwise
 * leave a request its provider left to it waiting for the event loop's next look at it. {@code T} is {@link tools.jackson.databind.JsonNode}, or a typed call's value
 * ({@link PendingRequest#complete}).
 */
final class AnswerFuture<T> extends CompletableFuture<T> {

    private static final VarHandle WAITER;
    private static final VarHandle GROUP;
    private static final VarHandle DEPARTURE;
    private static final VarHandle HURRY;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            WAITER = l.findVarHandle(AnswerFuture.class, "waiter", Thread.class);
            GROUP = l.findVarHandle(AnswerFuture.class, "group", AnswerGroup.class);
            DEPARTURE = l.findVarHandle(AnswerFuture.class, "departure", Runnable.class);
            HURRY = l.findVarHandle(AnswerFuture.class, "hurry", Runnable.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The one thread parked in join/get on this future, or null. */
    @SuppressWarnings("unused")
    private volatile Thread waiter;
    /** The group holding this future's answer, once it may be completed by whoever waits for it; else null. */
    @SuppressWarnings("unused")
    private volatile AnswerGroup group;

    /**
     * Sends this future's request on the waiting caller's thread if it has not left yet (its provider's own claim
     * decides: run by a thread whose turn it is not, it does nothing); null once taken or never offered.
     */
    @SuppressWarnings("unused")
    private volatile Runnable departure;

    /**
     * Hands this future's request to the event loop now, for a caller that waits in a way that does not send it
     * ({@code get} with a timeout, which must not block past its time in an exchange) while its provider left it
     * to a joining caller without waking the loop; null when there is nothing to hurry.
     */
    @SuppressWarnings("unused")
    private volatile Runnable hurry;

    /**
     * Offers {@code send} (one request, or one batch's, not yet written) to whoever waits for one of {@code requests}
     * now or later, and wakes a caller already waiting. {@code send} must be safe to run on any thread that joins,
     * any number of times, and do nothing unless it is the first to claim the request.
     */
    static void offerDeparture(List<PendingRequest> requests, Runnable send) {
        int n = requests.size();
        for (int i = 0; i < n; i++) {
            DEPARTURE.setRelease(requests.get(i).answerFuture(), send);
        }
        // the offers before the look for a waiter, as the waiter announces itself before it looks for an offer
        VarHandle.fullFence();
        for (int i = 0; i < n; i++) {
            Thread w = requests.get(i).answerFuture().waiter();
            if (w != null) {
                LockSupport.unpark(w);
            }
        }
    }

    /**
     * Offers {@code send} to a caller that starts waiting for this future later (a caller already waiting is not
     * woken for it: its answer comes the usual way). The same contract for {@code send} as above.
     */
    void offerDeparture(Runnable send) {
        DEPARTURE.setRelease(this, send);
    }

    /** The same, with what a caller waiting without sending runs ({@code hurry}, null: nothing). */
    void offerDeparture(Runnable send, Runnable hurry) {
        if (hurry != null) {
            HURRY.setRelease(this, hurry);
        }
        DEPARTURE.setRelease(this, send);
    }

    /** Runs the request's {@link #hurry}, once, if it has one. */
    void hurry() {
        if (HURRY.getVolatile(this) != null) {
            Runnable h = (Runnable) HURRY.getAndSet(this, null);
            if (h != null) {
                h.run();
            }
        }
    }

    /**
     * Sends this future's request on the calling thread if it has not left yet and its provider left it to a joining
     * caller; else nothing. For a caller joining a stage made from this future, before it waits the usual way.
     */
    void sendIfLeft() {
        if (DEPARTURE.getVolatile(this) != null) {
            Runnable send = (Runnable) DEPARTURE.getAndSet(this, null);
            if (send != null) {
                send.run(); // blocks for the exchange if the request was still here to take
            }
        }
    }

    /** Stages made from this future are {@link Derived}: joined, they send this future's request if it is left. */
    @Override
    public <U> CompletableFuture<U> newIncompleteFuture() {
        return new Derived<>(this);
    }

    /**
     * A stage made from an {@link AnswerFuture} (or from such a stage): a plain future, save that joining it (or a
     * {@code get} without a timeout) first sends the root's request on the joining thread if it has not left yet.
     * Its completion is the JDK's: the answer completes the root (on a callback thread, since it has a dependent
     * stage), which completes this.
     */
    static final class Derived<U> extends CompletableFuture<U> {
        private final AnswerFuture<?> root;

        Derived(AnswerFuture<?> root) {
            this.root = root;
        }

        @Override
        public <V> CompletableFuture<V> newIncompleteFuture() {
            return new Derived<>(root);
        }

        @Override
        public U join() {
            if (!isDone()) {
                root.sendIfLeft();
            }
            return super.join();
        }

        @Override
        public U get() throws InterruptedException, ExecutionException {
            if (!isDone()) {
                root.sendIfLeft();
            }
            return super.get();
        }

        @Override
        public U get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
            if (!isDone()) {
                root.hurry();
            }
            return super.get(timeout, unit);
        }
    }

    /** Offers this future's answer to a waiting caller (a release write: the reader fences once for the group). */
    void offer(AnswerGroup g) {
        GROUP.setRelease(this, g);
    }

    /** The thread waiting in join/get, or null. */
    Thread waiter() {
        return (Thread) WAITER.getVolatile(this);
    }

    @Override
    public T join() {
        if (!isDone()) {
            helpOrPark();
        }
        return super.join();
    }

    @Override
    public T get() throws InterruptedException, ExecutionException {
        if (!isDone()) {
            helpOrPark();
        }
        return super.get();
    }

    /** Never sends here (an exchange could outlast the timeout); hands a request left to a joiner to the event loop. */
    @Override
    public T get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
        if (!isDone()) {
            hurry();
        }
        return super.get(timeout, unit);
    }

    /**
     * Waits until this future is done, sending its request on this thread if it has not left yet and completing the
     * answers offered to it here; returns early (the caller then waits the usual way) if another thread waits
     * already or this one is interrupted.
     */
    private void helpOrPark() {
        Thread me = Thread.currentThread();
        if (!WAITER.compareAndSet(this, null, me)) {
            return;
        }
        try {
            while (!isDone() && !me.isInterrupted()) {
                if (DEPARTURE.getVolatile(this) != null) {
                    Runnable send = (Runnable) DEPARTURE.getAndSet(this, null);
                    if (send != null) {
                        send.run(); // blocks for the exchange if the request was still here to take
                        continue;
                    }
                }
                AnswerGroup g = (AnswerGroup) GROUP.getVolatile(this);
                if (g != null) {
                    g.run(); // no dependent stage anywhere in it: completing them runs no user code here
                    return;
                }
                LockSupport.park(this);
            }
        } finally {
            WAITER.setVolatile(this, null);
        }
    }

    private void wake() {
        Thread w = (Thread) WAITER.getVolatile(this);
        if (w != null) {
            LockSupport.unpark(w);
        }
    }

    /**
     * Wakes the waiting caller after a completion attempt and, once done, lets go of the departure and the answer
     * group: a departure holds its whole batch (every call of it, with their futures and answers), so a caller that
     * keeps one finished future must not keep the other 99 with it. Returns whether it completed this future.
     */
    private boolean woke(boolean completed) {
        wake();
        if (isDone()) {
            DEPARTURE.setRelease(this, null);
            HURRY.setRelease(this, null);
            GROUP.setRelease(this, null);
        }
        return completed;
    }

    @Override
    public boolean complete(T value) {
        return woke(super.complete(value));
    }

    @Override
    public boolean completeExceptionally(Throwable ex) {
        return woke(super.completeExceptionally(ex));
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        return woke(super.cancel(mayInterruptIfRunning));
    }

    @Override
    public void obtrudeValue(T value) {
        super.obtrudeValue(value);
        wake();
    }

    @Override
    public void obtrudeException(Throwable ex) {
        super.obtrudeException(ex);
        wake();
    }

    @Override
    public CompletableFuture<T> completeAsync(Supplier<? extends T> supplier, Executor executor) {
        if (supplier == null || executor == null) {
            throw new NullPointerException();
        }
        executor.execute(() -> {
            try {
                complete(supplier.get());
            } catch (Throwable t) {
                completeExceptionally(t);
            }
        });
        return this;
    }

    @Override
    public CompletableFuture<T> completeAsync(Supplier<? extends T> supplier) {
        return completeAsync(supplier, defaultExecutor());
    }
}
