package sh.brane.rpc.core;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import io.netty.util.concurrent.DefaultThreadFactory;

/**
 * The deadlines of one provider's requests, with nothing allocated or queued per request. Each structure that holds
 * requests in flight (the {@link InFlightTable}, an HTTP transport's calls) is added once as a {@link Sweep}; the
 * timer keeps one wake-up armed at the earliest deadline it has been told of, and {@link #arm arming} costs one
 * volatile read unless the deadline is sooner. At the wake-up every sweep ends what is due and reports its next
 * deadline; with nothing in flight the timer parks with no timeout, so an idle provider costs no wake-ups.
 *
 * <p>Wake-ups are rounded up to a whole {@link #GRAIN_NANOS millisecond} and a sweep ends only requests whose exact
 * deadline has passed: a request ends at most one millisecond after its deadline (plus the scheduler's latency), never
 * before, and under steady load the timer wakes about once per timeout period, not once per request.
 *
 * <p>Not a {@code ScheduledThreadPoolExecutor}: a task per request cost about 120 bytes per request in flight. Not
 * Netty's {@code HashedWheelTimer}, which ticks while started; not an event loop's scheduler, which the HTTP/2
 * transport lacks.
 */
public final class DeadlineTimer implements AutoCloseable {

    /** A structure of requests in flight whose deadlines this timer keeps. */
    @FunctionalInterface
    public interface Sweep {
        /**
         * Ends every request whose deadline has passed at {@code nowNanos} ({@link System#nanoTime}); returns the
         * nanoseconds from {@code nowNanos} to the earliest deadline left, or {@link #NONE} if nothing is left.
         */
        long sweep(long nowNanos);
    }

    /** What a {@link Sweep} returns when it holds nothing in flight. */
    public static final long NONE = Long.MAX_VALUE;
    /** The wake-ups' granularity. */
    public static final long GRAIN_NANOS = 1_000_000;
    /** The furthest wake-up, a whole grain: deadlines beyond (centuries away) are never reached. */
    private static final long FAR = (NONE / GRAIN_NANOS - 1) * GRAIN_NANOS;
    /** A sweep that threw is tried again this much later, so its requests still end. */
    private static final long RETRY_NANOS = 1_000 * GRAIN_NANOS;

    /** The nanoTime the wake-ups are counted from, so they are non-negative and compare as plain numbers. */
    private final long origin = System.nanoTime();
    /** The armed wake-up, in nanoseconds since {@link #origin}, a multiple of the grain; {@link #NONE}: none. */
    private final AtomicLong wakeAt = new AtomicLong(NONE);
    private final List<Sweep> sweeps = new CopyOnWriteArrayList<>();
    private final Thread thread;
    /** The thread starts at the first arm: a provider whose construction fails later leaves no thread behind. */
    private final AtomicBoolean started = new AtomicBoolean();
    private volatile boolean closed;
    /** Wake-ups that swept, for tests. */
    private volatile long sweepsRun;

    public DeadlineTimer(String threadName) {
        this.thread = new DefaultThreadFactory(threadName, true).newThread(this::run);
    }

    /** Adds a structure whose requests' deadlines this timer keeps; each of its admissions must {@link #arm}. */
    public void add(Sweep sweep) {
        sweeps.add(sweep);
    }

    /**
     * Makes sure a wake-up comes by {@code startNanos + timeoutNanos}. Call it after the request is where its sweep
     * finds it: a sweep running meanwhile either sees the request or leaves the wake-up to this call.
     */
    public void arm(long startNanos, long timeoutNanos) {
        long since = startNanos - origin;
        long at = since + timeoutNanos;
        if (((since ^ at) & (timeoutNanos ^ at)) < 0 || at > FAR) {
            at = FAR; // overflowed: a timeout of centuries
        } else if (at <= 0) {
            at = 0;
        } else {
            at = ((at - 1) / GRAIN_NANOS + 1) * GRAIN_NANOS;
        }
        long armed;
        while (at < (armed = wakeAt.get())) {
            if (wakeAt.compareAndSet(armed, at)) {
                if (!started.get() && started.compareAndSet(false, true)) {
                    thread.start();
                } else {
                    LockSupport.unpark(thread);
                }
                return;
            }
        }
    }

    private void run() {
        while (!closed) {
            long at = wakeAt.get();
            if (at == NONE) {
                LockSupport.park(this);
                continue;
            }
            long wait = at - (System.nanoTime() - origin);
            if (wait > 0) {
                LockSupport.parkNanos(this, wait);
                continue;
            }
            // disarmed before sweeping: a request admitted while the sweeps run arms again, seen or not
            if (!wakeAt.compareAndSet(at, NONE)) {
                continue;
            }
            sweepsRun++;
            long now = System.nanoTime();
            long next = NONE;
            for (Sweep s : sweeps) {
                try {
                    next = Math.min(next, s.sweep(now));
                } catch (RuntimeException | Error e) {
                    RequestLifecycle.LOG.warn("deadline sweep failed; trying again in 1 s", e);
                    next = Math.min(next, RETRY_NANOS);
                }
            }
            if (next != NONE) {
                arm(now, next);
            }
        }
    }

    /** Whether a wake-up is armed; false once nothing was in flight at the last one. For tests and gauges. */
    public boolean armed() {
        return wakeAt.get() != NONE;
    }

    /** The timer's thread, for tests: with nothing armed it parks with no timeout (not started before the first arm). */
    public Thread thread() {
        return thread;
    }

    /** Wake-ups that swept so far, for tests. */
    public long sweepsRun() {
        return sweepsRun;
    }

    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
    }
}
