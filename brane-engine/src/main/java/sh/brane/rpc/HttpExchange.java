package sh.brane.rpc;

import java.util.List;
import java.util.Map;

/**
 * One HTTP round trip of an {@link HttpProvider}, for one call or one batch, with its retry state: its requests and
 * their calls, the body as written, its deadline, and whether it may be repeated.
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
    int attempt;

    /** A first attempt, due by the earliest deadline of its requests. */
    HttpExchange(List<PendingRequest> requests, List<RpcCall> calls, byte[] body, boolean batch,
                 Map<String, String> headers) {
        this(requests, calls, body, batch, headers, deadlineOf(requests), 0);
    }

    /** A later attempt. */
    HttpExchange(List<PendingRequest> requests, List<RpcCall> calls, byte[] body, boolean batch,
                 Map<String, String> headers, long deadline, int attempt) {
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

    private static long deadlineOf(List<PendingRequest> requests) {
        long end = Long.MAX_VALUE;
        for (PendingRequest r : requests) {
            end = Math.min(end, r.startNanos + r.timeoutNanos);
        }
        return end;
    }
}
