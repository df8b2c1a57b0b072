package sh.brane.rpc;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Health of one endpoint of a {@link FallbackProvider}: consecutive failures, a decaying error count and latency
 * average, and whether it has ever answered ({@code proven}: until then its latency is unknown, not assumed).
 */
final class FallbackEndpoint {
    /** Rotation changes go to the RPC log, a wrong chain to the fallback's own (as operators' filters expect). */
    private static final org.slf4j.Logger ROTATION = org.slf4j.LoggerFactory.getLogger("sh.brane.rpc");
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(FallbackProvider.class);

    final BraneProvider provider;
    volatile boolean down;
    volatile boolean proven;
    /** A probe is on its way: the prober sends the next one only after it ends. */
    final AtomicBoolean probing = new AtomicBoolean();
    private boolean wrongChain;
    private int consecutiveFailures;
    private double recentErrors;
    private double latencyNanos;

    FallbackEndpoint(BraneProvider provider) {
        this.provider = provider;
    }

    synchronized void success(long nanos) {
        consecutiveFailures = 0;
        recentErrors *= 0.9;
        latencyNanos = proven ? latencyNanos * 0.8 + nanos * 0.2 : nanos;
        proven = true;
    }

    synchronized void failure(int threshold) {
        recentErrors = recentErrors * 0.9 + 1;
        if (++consecutiveFailures >= threshold && !down) {
            down = true;
            ROTATION.warn("endpoint {} taken out of rotation after {} consecutive failures", provider, consecutiveFailures);
        }
    }

    synchronized void wrongChain(String reported, long expected) {
        if (!wrongChain) {
            LOG.error("endpoint {} reports chain id {}, not the expected {}: kept out of rotation until it reports {}",
                    provider, reported, expected, expected);
        }
        down = true;
        wrongChain = true;
    }

    synchronized void revive(long nanos) {
        wrongChain = false;
        if (down) {
            ROTATION.info("endpoint {} answered a probe: back in rotation", provider);
        }
        down = false;
        proven = true;
        consecutiveFailures = 0;
        latencyNanos = nanos;
    }

    synchronized double score() {
        return latencyNanos * (1 + recentErrors);
    }
}
