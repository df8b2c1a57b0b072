package sh.brane.spring.boot.autoconfigure;

import java.time.Duration;
import java.util.Collection;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;

import sh.brane.rpc.BraneProvider;

/**
 * Graceful shutdown of the providers: stops after the web server (a lower phase stops later), so no new work
 * arrives from HTTP callers, refuses new calls through the auto-configured providers from then on
 * ({@link BraneShutdownInProgressException}, through the {@link BraneDrainGate}), and lets in-flight requests finish up to {@code brane.shutdown.timeout}, within
 * Boot's {@code spring.lifecycle.timeout-per-shutdown-phase} (through {@link #stop(Runnable)}, as Boot's own web
 * server graceful shutdown does). Closing is
 * left to the provider beans' destroy method, which runs right after on shutdown and fails whatever is still
 * pending with a ConnectionLostException: a context that is only stopped (and may be started again, as the test
 * framework's context cache does) keeps working providers.
 */
public class BraneProviderLifecycle implements SmartLifecycle {

    /** Below the web server's graceful-shutdown and stop phases. */
    public static final int PHASE = SmartLifecycle.DEFAULT_PHASE - 4096;

    private static final Logger logger = LoggerFactory.getLogger(BraneProviderLifecycle.class);

    /** Every provider of the context (each chain's, and those the application declares), read when stopping. */
    private final Supplier<? extends Collection<BraneProvider>> providers;

    private final Duration timeout;

    private final BraneDrainGate gate;

    private volatile boolean running;

    BraneProviderLifecycle(Supplier<? extends Collection<BraneProvider>> providers, Duration timeout) {
        this(providers, timeout, new BraneDrainGate());
    }

    BraneProviderLifecycle(Supplier<? extends Collection<BraneProvider>> providers, Duration timeout,
            BraneDrainGate gate) {
        this.providers = providers;
        this.timeout = timeout;
        this.gate = gate;
    }

    @Override
    public void start() {
        this.gate.admit();
        this.running = true;
    }

    /** Blocking form, for callers that stop one bean by hand: drains as {@link #stop(Runnable)} and waits. */
    @Override
    public void stop() {
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        stop(done::countDown);
        try {
            done.await();
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Drains without holding the shutdown thread: Spring's lifecycle processor stops every bean of this phase at
     * once and waits for their callbacks up to {@code spring.lifecycle.timeout-per-shutdown-phase}; this one calls
     * back when no request is in flight, or at {@code brane.shutdown.timeout}, whichever comes first.
     */
    @Override
    public void stop(Runnable callback) {
        if (!this.running) {
            callback.run();
            return;
        }
        this.running = false;
        this.gate.refuse();
        long deadline = System.nanoTime() + this.timeout.toNanos();
        Collection<BraneProvider> all = this.providers.get();
        Thread.ofVirtual().name("brane-shutdown-drain").start(() -> {
            try {
                for (BraneProvider provider : all) {
                    awaitDrained(provider, deadline);
                }
            }
            finally {
                callback.run();
            }
        });
    }

    private static void awaitDrained(BraneProvider provider, long deadline) {
        // new calls are refused (the gate), so the count only falls; the engine has no completion signal for
        // "nothing in flight", so it is polled
        while (provider.pendingRequests() > 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10);
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        int left = provider.pendingRequests();
        if (left > 0) {
            logger.warn("{} Brane requests still in flight after the shutdown timeout; closing will fail them", left);
        }
    }

    @Override
    public boolean isRunning() {
        return this.running;
    }

    @Override
    public int getPhase() {
        return PHASE;
    }
}
