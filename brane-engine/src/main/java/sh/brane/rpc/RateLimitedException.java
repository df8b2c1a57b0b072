package sh.brane.rpc;

/** The node kept answering HTTP 429 (or 503) after every permitted retry. */
public final class RateLimitedException extends BraneRpcException {

    public RateLimitedException(String message) {
        super(message);
    }

    public RateLimitedException(String message, Throwable cause) {
        super(message, cause);
    }

    @Override
    public RpcOutcome outcome() {
        return RpcOutcome.RATE_LIMITED;
    }
}
