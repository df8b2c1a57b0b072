package sh.brane.spring.boot.autoconfigure;

import java.time.Duration;

import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.EndpointStatus;

/**
 * Start-up does not wait for a WebSocket's first handshake, so a test that calls its node right after the context
 * is refreshed waits for the connection first, as readiness would.
 */
public final class NodeWait {

    private NodeWait() {
    }

    /** Waits (up to 20 s) for every endpoint of {@code provider} to be connected; fails the test otherwise. */
    public static <P extends BraneProvider> P connected(P provider) {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!provider.status().stream().allMatch(EndpointStatus::connected)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not connected within 20s: " + provider.status());
            }
            try {
                Thread.sleep(10);
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                throw new AssertionError(ex);
            }
        }
        return provider;
    }
}
