package sh.brane.rpc.core;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;

/** Runs tasks one at a time, in submission order, on a backing executor (one per subscription). */
public final class SerialExecutor implements Executor {

    private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean running = new AtomicBoolean();
    private final Executor backing;

    public SerialExecutor(Executor backing) {
        this.backing = backing;
    }

    @Override
    public void execute(Runnable task) {
        tasks.add(task);
        schedule();
    }

    private void schedule() {
        if (!tasks.isEmpty() && running.compareAndSet(false, true)) {
            try {
                backing.execute(this::drain);
            } catch (RuntimeException rejected) {
                running.set(false);
            }
        }
    }

    private void drain() {
        try {
            Runnable r;
            while ((r = tasks.poll()) != null) {
                try {
                    r.run();
                } catch (RuntimeException | Error e) {
                    RequestLifecycle.LOG.warn("subscription callback threw", e);
                }
            }
        } finally {
            running.set(false);
            schedule();
        }
    }
}
