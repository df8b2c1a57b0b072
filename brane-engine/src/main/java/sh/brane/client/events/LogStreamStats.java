package sh.brane.client.events;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What one {@link LogStream} did since it was built, read by metrics (the Spring starter turns these into
 * {@code brane.events.*} meters) or by the application. Counters only grow; the two positions are -1 until known.
 * Thread-safe: written by the stream's thread, read from any.
 */
public final class LogStreamStats {
    private final AtomicLong delivered = new AtomicLong();
    private final AtomicLong removed = new AtomicLong();
    private final AtomicLong reorgs = new AtomicLong();
    private final AtomicLong decodeFailures = new AtomicLong();
    private final AtomicLong logsNotYet = new AtomicLong();
    private volatile long head = -1;
    private volatile long checkpoint = -1;

    LogStreamStats() {
    }

    /** Logs handed to the handler as added ({@code removed() == false}), re-deliveries after a failure included. */
    public long logsDelivered() {
        return delivered.get();
    }

    /** Logs handed to the handler again as removed, after a reorganisation. */
    public long removalsDelivered() {
        return removed.get();
    }

    /**
     * Reorganisations noticed: each time the stream walked back over abandoned blocks, and each time its checkpoint's
     * block was found replaced when the stream resumed.
     */
    public long reorgsDetected() {
        return reorgs.get();
    }

    /** Logs that did not decode as the stream's event (reported as {@link UndecodableLogException}, skipped). */
    public long decodeFailures() {
        return decodeFailures.get();
    }

    /**
     * Times a block's logs, asked by its hash, were refused by a node that did not hold the block yet (a replica
     * behind the one that served the header): the stream waited rather than pass the block.
     */
    public long logsNotYetAvailable() {
        return logsNotYet.get();
    }

    /** The newest head the stream saw, or -1. */
    public long headBlock() {
        return head;
    }

    /** The block of the last committed checkpoint, or -1. */
    public long checkpointBlock() {
        return checkpoint;
    }

    /**
     * How many blocks the checkpoint is behind the newest head seen (at least confirmations - 1 once caught up), or -1
     * while either is unknown.
     */
    public long headLag() {
        long h = head;
        long c = checkpoint;
        return h < 0 || c < 0 ? -1 : Math.max(0, h - c);
    }

    void delivered() {
        delivered.incrementAndGet();
    }

    void removed() {
        removed.incrementAndGet();
    }

    void reorg() {
        reorgs.incrementAndGet();
    }

    void decodeFailure() {
        decodeFailures.incrementAndGet();
    }

    void logsNotYet() {
        logsNotYet.incrementAndGet();
    }

    void head(long block) {
        head = block;
    }

    void checkpoint(long block) {
        checkpoint = block;
    }

    @Override
    public String toString() {
        return "LogStreamStats[delivered=" + logsDelivered() + ", removed=" + removalsDelivered() + ", reorgs="
                + reorgsDetected() + ", decodeFailures=" + decodeFailures() + ", logsNotYet=" + logsNotYetAvailable() + ", head=" + head + ", checkpoint="
                + checkpoint + "]";
    }
}
