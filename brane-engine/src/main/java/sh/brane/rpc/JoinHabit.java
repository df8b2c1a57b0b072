package sh.brane.rpc;

/**
 * Per platform thread: whether it took (joined before the event loop sent it, {@link AnswerFuture#offerDeparture})
 * the last asynchronous call it could take. The event loop leaves a call of such a thread to it for a moment before
 * sending it itself ({@link HttpProvider#TAKE_WAIT_NANOS}): an HTTP exchange, a WebSocket explicit batch
 * ({@link WsBatchHandOff}) or a WebSocket batch of {@code sendAsyncBatch} calls ({@link WsLazyBatches}). One record
 * per thread for both transports: whether a caller joins at once is its code's
 * habit. Written by its own thread and by the event loop, racily: a stale value costs one call a wait or a take, never
 * correctness.
 */
final class JoinHabit {
    private static final ThreadLocal<JoinHabit> OF_THREAD = ThreadLocal.withInitial(JoinHabit::new);

    volatile boolean joinsAtOnce;

    private JoinHabit() {
    }

    /** The calling thread's. */
    static JoinHabit of() {
        return OF_THREAD.get();
    }
}
