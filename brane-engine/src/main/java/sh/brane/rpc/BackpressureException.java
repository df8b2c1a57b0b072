package sh.brane.rpc;

/** The request was refused at once because too many requests are already pending (see `maxPendingRequests`). */
public final class BackpressureException extends BraneRpcException {

    public BackpressureException(String message) {
        super(RpcOutcome.BACKPRESSURE, message);
    }

    public BackpressureException(String message, Throwable cause) {
        super(RpcOutcome.BACKPRESSURE, message, cause);
    }
}
