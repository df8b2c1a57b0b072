package sh.brane.rpc;

import java.util.List;
import java.util.Objects;

/** One call inside an explicit JSON-RPC batch. */
public record RpcCall(String method, List<?> params) {

    public RpcCall {
        Objects.requireNonNull(method, "method");
        params = params == null ? List.of() : params;
    }

    public static RpcCall of(String method, Object... params) {
        return new RpcCall(method, java.util.Arrays.asList(params));
    }
}
