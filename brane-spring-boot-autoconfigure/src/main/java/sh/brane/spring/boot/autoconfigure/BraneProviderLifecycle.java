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
 * arrives from HTTP callers, and lets in-flight requests finish up to {@code brane.shutdown.timeout}. Closing is
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

    private volatile boolean running;

    BraneProviderLifecycle(Supplier<? extends Collection<BraneProvider>> providers, Duration timeout) {
        this.providers = providers;
        this.timeout = timeout;
    }

    @Override
    public void start() {
        this.running = true;
    }

    @Override
    public void stop() {
        if (!this.running) {
            return;
        }
        this.running = false;
        long deadline = System.nanoTime() + this.timeout.toNanos();
        for (BraneProvider provider : this.providers.get()) {
            awaitDrained(provider, deadline);
        }
    }

    private static void awaitDrained(BraneProvider provider, long deadline) {
        // the engine has no "refuse new requests" switch yet, so this polls the pending count
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
