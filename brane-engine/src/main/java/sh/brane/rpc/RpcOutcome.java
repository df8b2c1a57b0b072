package sh.brane.rpc;

/** How a request ended; a bounded set, suitable as a metric tag. */
public enum RpcOutcome {
    SUCCESS,
    RPC_ERROR,
    TIMEOUT,
    CONNECTION_LOST,
    BACKPRESSURE,
    RATE_LIMITED,
    FRAME_TOO_LARGE,
    INVALID_RESPONSE
}
