package sh.brane.rpc;

import java.util.concurrent.CompletableFuture;

/**
 * Lets a blocking {@code send} wait a few microseconds for its answer before it parks, when answers from this node
 * come that fast: waking a parked thread costs tens of microseconds, as much as a local node takes to answer.
 *
 * <p>It learns from the answers themselves. The spin's length ({@link #spinLimit}) follows the wait that about 15
 * answers in 16 come within: a spin that misses its answer lengthens the next by a quarter, one that catches it
 * shortens the next by a 64th, so the length settles where about one spin in 15 misses. Only whether a spin caught
 * its answer is used, never how long a parked caller waited (that wait also holds its wake-up); and a few answers
 * caught early (a caller preempted by the node's own thread right after writing finds its answer there) cannot cut
 * the spin short of the rest, as an average of caught answers did (session 24: it settled at a fifth of a batch's
 * round trip and stopped spinning). It never spins longer than its longest spin (an {@link HttpConfig#answerSpin}
 * or {@link #SPIN_NANOS}). It keeps how many of its recent spins caught the answer ({@link #hits}): after misses it
 * stops spinning, and tries one spin every {@link #PROBE_EVERY} calls to see whether answers have become fast again.
 * A node across a network, or one that shares a small machine with its client (the spin would take the CPU the
 * answer needs), so costs about one spin in {@value #PROBE_EVERY} calls.
 *
 * <p>Only a platform thread that is its provider's only caller spins: a virtual thread would hold its carrier, and
 * concurrent callers would burn the CPU the answers need.
 */
final class AnswerSpin {

    /** The longest spin by default: about what a local node needs to answer a simple call. */
    static final long SPIN_NANOS = 50_000L;
    /**
     * Spinning is tried only while answers take less than this (or twice the longest spin). It is well above the
     * window, because an answer that came after the caller parked also carries the wake-up (about 45 us measured
     * here).
     */
    static final long FAST_NODE_NANOS = 250_000L;
    /** The shortest spin the learning may come down to: below it a spin is a system call or two. */
    static final long MIN_SPIN_NANOS = 2_000L;
    /** While spins miss, one call in this many spins all the same, to learn whether answers got fast again. */
    static final int PROBE_EVERY = 64;
    /** The score a spin that catches its answer adds (up to {@link #MAX_HITS}); a miss takes {@link #MISS}. */
    private static final int HIT = 1;
    private static final int MISS = 4;
    private static final int MAX_HITS = 16;

    /** The longest spin; 0 never spins. */
    private final long maxSpinNanos;
    /** Spinning is tried only while answers take less than this: {@link #FAST_NODE_NANOS}, or twice the longest spin. */
    private final long fastNodeNanos;

    /** How long the latest blocking call waited for its answer; starts at 0 so the first call may spin. */
    private volatile long lastWaitNanos;
    /** How long the next spin may last; starts at the longest. */
    private volatile long limitNanos;
    /** Recent spins' score: spinning goes on while it is positive. Starts so that the first calls spin. */
    private volatile int hits = MAX_HITS;
    /** Blocking calls that did not spin, to time the probes. */
    private int skipped;

    /** Spins of at most {@link #SPIN_NANOS}. */
    AnswerSpin() {
        this(SPIN_NANOS);
    }

    /** Spins of at most {@code maxSpinNanos}; 0 never spins. */
    AnswerSpin(long maxSpinNanos) {
        this.maxSpinNanos = maxSpinNanos;
        this.fastNodeNanos = Math.max(FAST_NODE_NANOS, 2 * maxSpinNanos);
        this.limitNanos = maxSpinNanos;
    }

    /**
     * Waits for {@code answer} a little, if that is likely to pay off; returns whether it spun (to hand to
     * {@link #answered}).
     */
    boolean await(CompletableFuture<?> answer, long startNanos, int pendingCalls) {
        if (!worthSpinning(pendingCalls)) {
            return false;
        }
        long limit = spinLimit();
        while (!answer.isDone() && System.nanoTime() - startNanos < limit) {
            Thread.onSpinWait();
        }
        return true;
    }

    /** How long a spin may last now. */
    long spinLimit() {
        return limitNanos;
    }

    /** Whether the calling thread should spin, with {@code pendingCalls} calls in flight on the provider. */
    boolean worthSpinning(int pendingCalls) {
        if (maxSpinNanos == 0 || pendingCalls > 1 || lastWaitNanos > fastNodeNanos
                || Thread.currentThread().isVirtual()) {
            return false;
        }
        if (hits > 0) {
            return true;
        }
        // a racy count is fine: it only spaces the probes out
        return ++skipped % PROBE_EVERY == 0;
    }

    /**
     * Records how long a blocking call waited for its answer in all, without telling whether it spun (a provider
     * that does not follow its spins): only the rule on slow nodes ({@link #FAST_NODE_NANOS}) applies.
     */
    void answered(long startNanos) {
        waited(System.nanoTime() - startNanos);
    }

    /** As {@link #answered(long)}, for a call that waited {@code waitNanos} (tests give the wait exactly). */
    void waited(long waitNanos) {
        lastWaitNanos = waitNanos;
    }

    /**
     * Records the end of a blocking call that started at {@code startNanos}: {@code spun} whether it spun, and
     * {@code caughtSpinning} whether its answer had come by the time the spin ended.
     */
    void answered(long startNanos, boolean spun, boolean caughtSpinning) {
        waited(System.nanoTime() - startNanos, spun, caughtSpinning);
    }

    /**
     * As {@link #answered(long, boolean, boolean)}, for a call that waited {@code wait} nanoseconds: the tests give
     * the wait exactly, where a time read around the call would carry the test thread's own scheduling delays.
     */
    void waited(long wait, boolean spun, boolean caughtSpinning) {
        lastWaitNanos = wait;
        if (!spun) {
            return;
        }
        long limit = limitNanos;
        if (caughtSpinning) {
            limitNanos = Math.min(maxSpinNanos, Math.max(MIN_SPIN_NANOS, limit - limit / 64));
            hits = Math.min(MAX_HITS, Math.max(hits, 0) + HIT);
        } else {
            limitNanos = Math.min(maxSpinNanos, limit + limit / 4);
            hits = Math.max(-MAX_HITS, hits - MISS);
        }
    }
}
