package sh.brane.rpc;

/**
 * Base of every failure a provider reports. Every request ends with a result or exactly one of these
 * subtypes; {@link #outcome()} names which, for metrics and for switch statements.
 */
public abstract sealed class BraneRpcException extends RuntimeException
        permits RpcErrorException, RpcTimeoutException, ConnectionLostException, BackpressureException,
                FrameTooLargeException, RateLimitedException, InvalidResponseException {

    private final RpcOutcome outcome;

    BraneRpcException(RpcOutcome outcome, String message) {
        super(message);
        this.outcome = outcome;
    }

    BraneRpcException(RpcOutcome outcome, String message, Throwable cause) {
        super(message, cause);
        this.outcome = outcome;
    }

    /** The outcome tag this failure is counted under. */
    public RpcOutcome outcome() {
        return outcome;
    }
}
