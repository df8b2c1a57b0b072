package sh.brane.rpc;

import java.util.function.LongConsumer;

/**
 * The provider's part of a transport's sweep tick ({@link HttpTransport#alsoOnSweep(LongConsumer)}), shared by both
 * HTTP transports: it runs first on each tick, with the tick's time, so a late call fails with the provider's error
 * (which names the call) before the transport's own timeout could end it. A task that throws is logged and the tick
 * goes on, so one bad tick never stops the transport's own expiry.
 */
final class SweepTask {
    private volatile LongConsumer task = now -> { };

    void set(LongConsumer task) {
        this.task = task;
    }

    /** Runs the task with the current time and returns that time, for the transport's own look at its calls. */
    long run() {
        long now = System.nanoTime();
        try {
            task.accept(now);
        } catch (RuntimeException e) {
            RequestLifecycle.LOG.debug("sweep task threw", e);
        }
        return now;
    }
}
