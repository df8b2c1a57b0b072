package sh.brane.rpc;

/** No answer arrived within the request's timeout. */
public final class RpcTimeoutException extends BraneRpcException {

    public RpcTimeoutException(String message) {
        super(RpcOutcome.TIMEOUT, message);
    }

    public RpcTimeoutException(String message, Throwable cause) {
        super(RpcOutcome.TIMEOUT, message, cause);
    }
}
