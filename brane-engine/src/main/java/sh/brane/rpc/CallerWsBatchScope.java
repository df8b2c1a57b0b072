package sh.brane.rpc;

import java.util.function.Function;

/**
 * What a message read on a caller-thread WebSocket connection may answer while that connection carries a batch of
 * calls ({@link CallerThreadWs#sendBatch}): the batch's own calls, found by id without the table (their ids are
 * usually consecutive), and which of them are still this connection's to end.
 */
final class CallerWsBatchScope implements AnswerRouter.Scope {

    private final PendingRequest[] requests;
    private final AnswerRouter.Retries retries;
    /** Calls answered "not now" and handed to a retry on the shared connection: no longer this connection's. */
    private boolean[] retried;
    private boolean malformed;
    /** Answers read under one of its calls' ids ({@link #own}); a message that adds none is another's. */
    private int answered;
    private int retriedCount;

    CallerWsBatchScope(PendingRequest[] requests, AnswerRouter.Retries retries) {
        this.requests = requests;
        this.retries = retries;
    }

    @Override
    public PendingRequest own(long id) {
        int k = indexOf(id);
        if (k < 0) {
            return null;
        }
        answered++;
        return requests[k];
    }

    @Override
    public boolean owns(PendingRequest r) {
        int k = indexOf(r.id);
        return k >= 0 && requests[k] == r;
    }

    private int indexOf(long id) {
        long k = id - requests[0].id;
        if (k >= 0 && k < requests.length && requests[(int) k].id == id) {
            return (int) k;
        }
        for (int i = 0; i < requests.length; i++) { // another thread's calls took ids in between
            if (requests[i].id == id) {
                return i;
            }
        }
        return -1;
    }

    /** A message without a usable id: which call it was for cannot be known; the connection is suspect. */
    @Override
    public PendingRequest soleRequest() {
        malformed = true;
        return requests.length == 1 ? requests[0] : null;
    }

    @Override
    public String describe() {
        return "a batch of " + requests.length;
    }

    @Override
    public boolean askAgainLater(PendingRequest r) {
        boolean again = retries.askAgainLater(r);
        if (again) {
            int k = indexOf(r.id);
            if (retried == null) {
                retried = new boolean[requests.length];
            }
            if (!retried[k]) {
                retried[k] = true;
                retriedCount++;
            }
        }
        return again;
    }

    boolean malformed() {
        return malformed;
    }

    /** Sets (null: clears) what ends the blocking read of the exchange, on every call of the batch. */
    void cancelReadWith(Runnable cancel) {
        for (PendingRequest r : requests) {
            r.cancelRead = cancel;
        }
    }

    /** Calls the sweep ended before the exchange's read could be ended by it: counted as answered (none will be). */
    private int endedBefore;

    /** Counts the calls of the batch that ended before now (see {@link #endedBefore}); call once, before writing. */
    void endedBefore(InFlightTable table) {
        endedBefore = requests.length - left(table);
    }

    /** Calls in the batch. */
    int size() {
        return requests.length;
    }

    /** Answers read so far under one of the batch's ids (a duplicate counts again). */
    int answered() {
        return answered;
    }

    /**
     * Whether no call of the batch is left for this connection to end. Exact, but looked up in the table only once as
     * many answers as calls came (or went to a retry): a burst of 100 calls answered by 100 messages costs 100 looks,
     * not 100 per message.
     */
    boolean done(InFlightTable table) {
        return answered + retriedCount + endedBefore >= requests.length && left(table) == 0;
    }

    /** Calls of the batch still in flight and still this connection's to end. */
    int left(InFlightTable table) {
        int left = 0;
        for (int i = 0; i < requests.length; i++) {
            if ((retried == null || !retried[i]) && table.get(requests[i].id) == requests[i]) {
                left++;
            }
        }
        return left;
    }

    /** Whether a call ended with an error other than the node's JSON-RPC error: the connection is suspect. */
    boolean anyFailedBadly() {
        for (PendingRequest r : requests) {
            if (r.future.isCompletedExceptionally() && !(r.future.exceptionNow() instanceof RpcErrorException)) {
                return true;
            }
        }
        return false;
    }

    /** Ends, with {@code error}, every call of the batch still this connection's. */
    void failLeft(InFlightTable table, RequestLifecycle lifecycle, Function<PendingRequest, BraneRpcException> error) {
        for (int i = 0; i < requests.length; i++) {
            PendingRequest r = requests[i];
            if ((retried == null || !retried[i]) && table.get(r.id) == r && table.take(r)) {
                lifecycle.fail(r, error.apply(r));
            }
        }
    }
}
