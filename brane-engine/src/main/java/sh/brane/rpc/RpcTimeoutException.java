package sh.brane.rpc;

/** No answer arrived within the request's timeout. */
public final class RpcTimeoutException extends BraneRpcException {

    public RpcTimeoutException(String message) {
        super(message);
    }

    public RpcTimeoutException(String message, Throwable cause) {
        super(message, cause);
    }

    @Override
    public RpcOutcome outcome() {
        return RpcOutcome.TIMEOUT;
    }
}
