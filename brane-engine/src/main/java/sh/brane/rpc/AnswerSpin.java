package sh.brane.rpc;

import java.util.concurrent.CompletableFuture;

/**
 * Lets a blocking {@code send} wait a few microseconds for its answer before it parks, when answers from
 * this node come that fast: waking a parked thread costs tens of microseconds, as much as a local node
 * takes to answer. Against a node whose last answer took longer than {@link #FAST_NODE_NANOS} (any node
 * across a network), nobody spins, so no CPU is burnt waiting on the network.
 *
 * <p>Only a platform thread that is its provider's only caller spins: a virtual thread would hold its
 * carrier, and concurrent callers would burn the CPU the answers need.
 */
final class AnswerSpin {

    /** The spin window: about what a local node needs to answer a simple call. */
    static final long SPIN_NANOS = 50_000L;
    /**
     * Spinning is tried only while answers take less than this. It is well above the window, because an
     * answer that came after the caller parked also carries the wake-up (about 45 us measured here).
     */
    static final long FAST_NODE_NANOS = 250_000L;

    /** How long the latest blocking call waited for its answer; starts at 0 so the first call may spin. */
    private volatile long lastWaitNanos;

    /** Waits up to {@link #SPIN_NANOS} for {@code answer}, if that is likely to pay off. */
    void await(CompletableFuture<?> answer, long startNanos, int pendingCalls) {
        if (!worthSpinning(pendingCalls)) {
            return;
        }
        while (!answer.isDone() && System.nanoTime() - startNanos < SPIN_NANOS) {
            Thread.onSpinWait();
        }
    }

    /** Whether the calling thread should spin, with {@code pendingCalls} calls in flight on the provider. */
    boolean worthSpinning(int pendingCalls) {
        return pendingCalls <= 1 && lastWaitNanos <= FAST_NODE_NANOS && !Thread.currentThread().isVirtual();
    }

    /** Records how long a blocking call waited for its answer in all. */
    void answered(long startNanos) {
        lastWaitNanos = System.nanoTime() - startNanos;
    }
}
