package sh.brane.rpc.core;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import io.netty.util.concurrent.DefaultThreadFactory;

/**
 * The deadlines of one provider's requests: one task per request, cancelled and removed when it ends first. Its one
 * thread parks while none is pending, so an idle provider costs no wake-ups. Not Netty's {@code HashedWheelTimer},
 * which ticks while started; not an event loop's scheduler, which the HTTP/2 transport lacks.
 */
public final class DeadlineTimer implements AutoCloseable {

    private final ScheduledThreadPoolExecutor executor;

    public DeadlineTimer(String threadName) {
        this.executor = new ScheduledThreadPoolExecutor(1, new DefaultThreadFactory(threadName, true));
        executor.setRemoveOnCancelPolicy(true);
        executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    }

    /** Runs {@code task} after {@code delayNanos}; null if the timer is closed (the provider's close ends the call). */
    public ScheduledFuture<?> schedule(Runnable task, long delayNanos) {
        try {
            return executor.schedule(task, Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException closed) {
            return null;
        }
    }

    /** Deadlines pending now; for tests and gauges. */
    public int pending() {
        return executor.getQueue().size();
    }

    /** The timer's thread once it has started, for tests: it parks while nothing is pending. */
    public boolean idle() {
        return executor.getQueue().isEmpty() && executor.getActiveCount() == 0;
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
