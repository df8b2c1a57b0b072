package sh.brane.rpc.http;

import sh.brane.rpc.HttpProvider;
import sh.brane.rpc.RpcCall;
import sh.brane.rpc.core.PendingRequest;

import java.util.List;
import java.util.Map;

import sh.brane.rpc.core.RequestLifecycle;

/**
 * One HTTP round trip of an {@link HttpProvider}, for one call or one batch, with its retry state: its requests and
 * their calls, the body as written, its deadline, and whether it may be repeated.
 */
public final class HttpExchange {
    public final List<PendingRequest> requests;
    public final List<RpcCall> calls;
    public final byte[] body;
    public final boolean batch;
    /** The HTTP headers of this exchange's first call. */
    public final Map<String, String> headers;
    public final long deadline;
    public final boolean repeatable;
    public int attempt;

    /** A first attempt, due by the earliest deadline of its requests. */
    public HttpExchange(List<PendingRequest> requests, List<RpcCall> calls, byte[] body, boolean batch,
                 Map<String, String> headers) {
        this(requests, calls, body, batch, headers, deadlineOf(requests), 0);
    }

    /** A later attempt. */
    public HttpExchange(List<PendingRequest> requests, List<RpcCall> calls, byte[] body, boolean batch,
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
                rep &= !RequestLifecycle.notRepeatable(last);
            }
        }
        this.deadline = deadline;
        this.repeatable = rep;
        this.attempt = attempt;
    }

    public String describe() {
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
