package sh.brane.rpc;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static sh.brane.rpc.FallbackRanking.unwrap;

/**
 * Every {@code interval}, asks {@code eth_chainId} of endpoints out of rotation and of those never answered, to learn
 * their latency before a call risks them. One probe per endpoint at a time, each up to {@code timeout}: a slow answer
 * is still an answer.
 */
final class FallbackProber implements AutoCloseable {
    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private final FallbackRanking ranking;
    private final Duration interval;
    private final Duration timeout;
    private final Thread thread;
    private volatile boolean closed;

    FallbackProber(FallbackRanking ranking, Duration interval, Duration timeout) {
        this.ranking = ranking;
        this.interval = interval;
        this.timeout = timeout;
        this.thread = Thread.ofVirtual().name("brane-fallback-probe-" + INSTANCES.incrementAndGet()).start(this::run);
    }

    private void run() {
        while (!closed) {
            try {
                Thread.sleep(interval);
            } catch (InterruptedException e) {
                return;
            }
            for (FallbackEndpoint e : ranking.endpoints) {
                if ((e.down || !e.proven) && !closed && e.probing.compareAndSet(false, true)) {
                    long t0 = System.nanoTime();
                    e.provider.sendAsync("eth_chainId", List.of(), timeout).whenComplete((ok, err) -> {
                        e.probing.set(false);
                        ranking.probed(e, ok, err == null ? null : unwrap(err), t0);
                    });
                }
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
    }
}
