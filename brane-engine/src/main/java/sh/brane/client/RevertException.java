package sh.brane.client;

import sh.brane.core.abi.RevertReason;
import sh.brane.core.types.Hash;
import sh.brane.rpc.RpcErrorException;
import tools.jackson.databind.JsonNode;

/**
 * A call or transaction reverted. {@link #reason()} is the decoded reason: {@code Error(string)},
 * {@code Panic(uint256)} with its meaning, a custom error of the contract's ABI with its arguments, or the raw
 * data when nothing matches.
 *
 * <p>For {@code eth_call} and {@code eth_estimateGas} it is the node's JSON-RPC error itself. For a mined
 * transaction with status 0 ({@link #receipt()} not null) the reason comes from replaying the transaction as an
 * {@code eth_call} at its block: if the state changed in a way that makes the replay succeed, the reason is
 * {@link RevertReason.Empty} and the message says the replay did not revert.
 */
public final class RevertException extends RpcErrorException {
    private static final long serialVersionUID = 1L;

    private final transient RevertReason reason;
    private final transient Receipt receipt;
    private final String summary;

    RevertException(String method, int code, String rpcMessage, JsonNode data, RevertReason reason,
            Receipt receipt, String summary) {
        super(method, code, rpcMessage, data);
        this.reason = reason;
        this.receipt = receipt;
        this.summary = summary;
    }

    /** The decoded revert reason. */
    public RevertReason reason() {
        return reason;
    }

    /** The receipt (status 0) if a mined transaction reverted; null for a reverted call or estimate. */
    public Receipt receipt() {
        return receipt;
    }

    /** The reverted transaction's hash, or null for a reverted call or estimate. */
    public Hash transactionHash() {
        return receipt == null ? null : receipt.transactionHash();
    }

    @Override
    public String getMessage() {
        return summary;
    }
}
