package sh.brane.rpc;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One HTTP round trip of an {@link HttpProvider}, for one call or one batch, with its retry state: its requests and
 * their calls, the body as written, its deadline, whether it may be repeated, and who sends its first attempt (the
 * transport's event loop, or a caller joining one of its futures).
 */
final class HttpExchange {
    final List<PendingRequest> requests;
    final List<RpcCall> calls;
    final byte[] body;
    final boolean batch;
    /** The HTTP headers of this exchange's first call. */
    final Map<String, String> headers;
    final long deadline;
    final boolean repeatable;
    /** Its caller blocks until it ends: the exchange may run on the caller's thread ({@link CallerThreadHttp}). */
    final boolean callerWaits;
    /**
     * Who sends the first attempt of an asynchronous exchange: {@link #UNCLAIMED} until the transport's event loop
     * or a caller joining one of its futures claims it ({@code HttpProvider.sendHere}); null when only the transport
     * may.
     */
    final AtomicInteger firstSender;
    /**
     * The sending thread's record of whether it takes its asynchronous calls ({@link JoinHabit}); null when
     * {@link #firstSender} is, or the sender is a virtual thread (which never takes one).
     */
    final JoinHabit senderHabit;
    int attempt;

    /**
     * A first attempt: an asynchronous one may be sent by whoever joins it first ({@code HttpProvider.sendHere}) when
     * {@code callerMaySend} (the provider has caller-thread connections).
     */
    HttpExchange(List<PendingRequest> requests, List<RpcCall> calls, byte[] body, boolean batch,
                 Map<String, String> headers, boolean callerWaits, boolean callerMaySend) {
        this(requests, calls, body, batch, headers, deadlineOf(requests), 0, callerWaits,
                !callerWaits && callerMaySend ? new AtomicInteger(UNCLAIMED) : null);
    }

    /** A later attempt, or a first one already sent (its {@code attempt} then 1): only the transport sends it. */
    HttpExchange(List<PendingRequest> requests, List<RpcCall> calls, byte[] body, boolean batch,
                 Map<String, String> headers, long deadline, int attempt, boolean callerWaits) {
        this(requests, calls, body, batch, headers, deadline, attempt, callerWaits, null);
    }

    private HttpExchange(List<PendingRequest> requests, List<RpcCall> calls, byte[] body, boolean batch,
                         Map<String, String> headers, long deadline, int attempt, boolean callerWaits,
                         AtomicInteger firstSender) {
        this.callerWaits = callerWaits;
        this.firstSender = firstSender;
        this.senderHabit = firstSender == null || Thread.currentThread().isVirtual() ? null : JoinHabit.of();
        this.requests = requests;
        for (PendingRequest r : requests) {
            r.exchange = this; // only this exchange's response may answer it now
        }
        this.calls = calls;
        this.body = body;
        this.batch = batch;
        this.headers = headers;
        boolean rep = true;
        String last = null;
        for (PendingRequest r : requests) {
            if (r.method != last) { // a batch usually repeats one method: one look for the run
                last = r.method;
                rep &= !HttpProvider.notRepeatable(last);
            }
        }
        this.deadline = deadline;
        this.repeatable = rep;
        this.attempt = attempt;
    }

    String describe() {
        return batch ? "batch of " + requests.size() : requests.get(0).method;
    }

    /** Whether a joining caller sends the first attempt: true if it asks before the event loop, else false. */
    boolean callerClaimsFirstSend() {
        boolean claimed = firstSender.compareAndSet(UNCLAIMED, SENT_BY_CALLER);
        if (claimed && senderHabit != null) {
            senderHabit.took();
        }
        return claimed;
    }

    /**
     * Whether the first attempt is the event loop's to end: it sent it, or it failed before sending and claims it
     * now, so that no caller sends it too while the loop retries it.
     */
    boolean loopOwnsFirstSend() {
        int before = firstSender.compareAndExchange(UNCLAIMED, SENT_BY_LOOP);
        if (before == UNCLAIMED && senderHabit != null) {
            senderHabit.missed(); // nobody took it in time: its sender's next calls are not waited for
        }
        return before != SENT_BY_CALLER;
    }

    /**
     * Until when the event loop leaves the first attempt to a joining caller before it sends it itself:
     * {@link JoinHabit#TAKE_WAIT_NANOS} from now if its sender took its last asynchronous call (it usually joins at
     * once), else 0.
     */
    long leaveToCallerUntil() {
        return senderHabit != null && senderHabit.joinsAtOnce ? System.nanoTime() + JoinHabit.TAKE_WAIT_NANOS : 0;
    }


    private static final int UNCLAIMED = 0;
    private static final int SENT_BY_LOOP = 1;
    private static final int SENT_BY_CALLER = 2;

    private static long deadlineOf(List<PendingRequest> requests) {
        long timeout = Long.MAX_VALUE;
        for (PendingRequest r : requests) {
            timeout = Math.min(timeout, r.timeoutNanos);
        }
        return System.nanoTime() + timeout;
    }
}
