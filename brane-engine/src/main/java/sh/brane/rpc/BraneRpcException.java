package sh.brane.rpc;

/**
 * Base of every failure a provider reports. Every request ends with a result or exactly one of these
 * subtypes; {@link #outcome()} names which, for metrics and for switch statements.
 */
public abstract sealed class BraneRpcException extends RuntimeException
        permits RpcErrorException, RpcTimeoutException, ConnectionLostException, BackpressureException,
                FrameTooLargeException, RateLimitedException, InvalidResponseException {

    protected BraneRpcException(String message) {
        super(message);
    }

    protected BraneRpcException(String message, Throwable cause) {
        super(message, cause);
    }

    /** The outcome tag this failure is counted under. */
    public abstract RpcOutcome outcome();
}
