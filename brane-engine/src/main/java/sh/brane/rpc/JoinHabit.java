package sh.brane.rpc;

/**
 * Per platform thread: whether it took (joined before the event loop sent it, {@link AnswerFuture#offerDeparture})
 * the last asynchronous call it could take. The event loop leaves a call of such a thread to it for a moment before
 * sending it itself ({@link #TAKE_WAIT_NANOS}): an HTTP exchange or a WebSocket explicit batch
 * ({@link WsBatchHandOff}). One record per thread for both transports: whether a caller joins at once is its code's
 * habit. Written by its own thread and by the event loop, racily: a stale value costs one call a wait or a take, never
 * correctness.
 *
 * <p>A WebSocket burst ({@code sendAsync}, {@code sendAsyncBatch}: {@link WsLazyBatches}) is left to its sender
 * without waking the event loop at all, so a wrong guess there costs more: up to the loop's next wake-up (a sweep
 * tick, 10 ms, on an idle provider). It is made only for a thread whose habit is settled ({@link #leavesUnwoken}):
 * {@value #SETTLED} takes more than losses to the drain, and none of its bursts left unjoined since. A thread that
 * mixes joins with waits that cannot take (a {@code CompletableFuture.allOf}, a latch in a callback) loses its bursts
 * to the drain often enough never to settle, and pays nothing.
 */
final class JoinHabit {
    private static final ThreadLocal<JoinHabit> OF_THREAD = ThreadLocal.withInitial(JoinHabit::new);

    /**
     * How long the event loop leaves an asynchronous call to a sender that usually joins at once:
     * such a caller took its batch 8-16 µs after handing it over when not preempted, 30-80 µs when it was (measured
     * against Anvil in {@code HttpBatchCost}, 2 cores). A wrong guess delays the call by at most this much, once: the
     * loop's own send then marks the sender as one that does not join at once.
     */
    static final long TAKE_WAIT_NANOS = 30_000;

    /** The score at which a thread's WebSocket bursts are left to it unwoken. */
    static final int SETTLED = 8;

    volatile boolean joinsAtOnce;
    /** Takes, less twice the bursts the drain sent because nobody took them in time; 0 to {@link #SETTLED}. */
    private volatile int score;

    private JoinHabit() {
    }

    /** The calling thread's. */
    static JoinHabit of() {
        return OF_THREAD.get();
    }

    /** Its thread took one of its calls. */
    void took() {
        joinsAtOnce = true;
        int s = score;
        if (s < SETTLED) {
            score = s + 1;
        }
    }

    /** A call left to it waiting was sent by the event loop after all: nobody took it in time. */
    void missed() {
        joinsAtOnce = false;
        score = 0;
    }

    /** The drain sent one of its bursts at the end of its hold (its caller did not join in time, or lost the race). */
    void drained() {
        score = Math.max(0, score - 2);
    }

    /** Whether its WebSocket bursts are left to it without waking the event loop ({@link WsLazyBatches}). */
    boolean leavesUnwoken() {
        return joinsAtOnce && score >= SETTLED;
    }

    /** Takes the thread as one whose habit is settled (tests). */
    void assumeSettled() {
        joinsAtOnce = true;
        score = SETTLED;
    }
}
