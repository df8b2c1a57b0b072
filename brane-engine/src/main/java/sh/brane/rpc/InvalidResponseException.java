package sh.brane.rpc;

/** The node's answer could not be understood: malformed JSON, neither result nor error, or an unexpected HTTP status. */
public final class InvalidResponseException extends BraneRpcException {

    public InvalidResponseException(String message) {
        super(RpcOutcome.INVALID_RESPONSE, message);
    }

    public InvalidResponseException(String message, Throwable cause) {
        super(RpcOutcome.INVALID_RESPONSE, message, cause);
    }
}
