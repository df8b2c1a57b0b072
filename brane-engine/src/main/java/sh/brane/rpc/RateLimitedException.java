package sh.brane.rpc;

/** The node kept answering HTTP 429 (or 503) after every permitted retry. */
public final class RateLimitedException extends BraneRpcException {

    public RateLimitedException(String message) {
        super(RpcOutcome.RATE_LIMITED, message);
    }

    public RateLimitedException(String message, Throwable cause) {
        super(RpcOutcome.RATE_LIMITED, message, cause);
    }
}
