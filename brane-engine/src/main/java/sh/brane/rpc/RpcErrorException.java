package sh.brane.rpc;

import tools.jackson.databind.JsonNode;

/**
 * The node answered with a JSON-RPC {@code error} object. Not final: the client layer adds more specific
 * kinds (e.g. a decoded revert) that carry the same code, message and raw data.
 */
public non-sealed class RpcErrorException extends BraneRpcException {

    private final int code;
    private final String rpcMessage;
    private final JsonNode data;
    private final String method;

    public RpcErrorException(String method, int code, String rpcMessage, JsonNode data) {
        // the message is what gets logged: the node's text escaped and cut; rpcMessage() keeps it exact
        super(RpcOutcome.RPC_ERROR, method + " failed with JSON-RPC error " + code + ": " + NodeText.of(rpcMessage));
        this.method = method;
        this.code = code;
        this.rpcMessage = rpcMessage;
        this.data = data;
    }

    /** The JSON-RPC error code, e.g. -32000 or 3 (execution reverted). */
    public int code() {
        return code;
    }

    /** The error message exactly as the node sent it. */
    public String rpcMessage() {
        return rpcMessage;
    }

    /** The raw {@code error.data} value, or {@code null} if the node sent none (e.g. revert data as hex). */
    public JsonNode data() {
        return data;
    }

    /** The JSON-RPC method of the failed request. */
    public String method() {
        return method;
    }
}
