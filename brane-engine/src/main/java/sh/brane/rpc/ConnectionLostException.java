package sh.brane.rpc;

/** The connection to the node was lost (or never made, or the provider was closed) while the request was in flight. The request may or may not have reached the node. */
public final class ConnectionLostException extends BraneRpcException {

    public ConnectionLostException(String message) {
        super(RpcOutcome.CONNECTION_LOST, message);
    }

    public ConnectionLostException(String message, Throwable cause) {
        super(RpcOutcome.CONNECTION_LOST, message, cause);
    }
}
