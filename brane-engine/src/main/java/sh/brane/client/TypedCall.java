package sh.brane.client;

import java.util.List;
import java.util.function.UnaryOperator;

import sh.brane.rpc.ResultDecoder;
import sh.brane.rpc.RpcErrorException;

/**
 * One typed call of the client: what goes on the wire, how its result is read in the answer's own pass, and
 * how its node errors read to the caller (e.g. an {@code eth_call} revert as {@link RevertException}). Built by
 * {@link ClientCalls}; run by {@link BraneClient} (waiting) and {@link BraneAsyncClient} (a future).
 *
 * @param onRpcError maps a node error to what the caller sees; identity for most calls
 */
record TypedCall<T>(String method, List<?> params, ResultDecoder<T> decoder,
        UnaryOperator<RuntimeException> onRpcError) {

    TypedCall(String method, List<?> params, ResultDecoder<T> decoder) {
        this(method, params, decoder, null);
    }

    /** What the caller sees for {@code error}: the mapped error for an RPC error, else the error itself. */
    RuntimeException map(RuntimeException error) {
        return onRpcError != null && error instanceof RpcErrorException ? onRpcError.apply(error) : error;
    }
}
