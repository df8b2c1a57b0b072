package sh.brane.client.contract;

import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.CallRequest;
import sh.brane.core.abi.Abi;

/**
 * How a contract interface's read methods reach the node: one {@code eth_call} each by default
 * ({@link #direct}), or aggregated into Multicall3 calls ({@link Multicall3#autoBatching}).
 */
@FunctionalInterface
public interface ContractCaller {

    /**
     * Runs {@code request} as a call at the latest block and returns its return data.
     *
     * @throws sh.brane.client.RevertException or {@link ContractRevertException} if it reverted (decoded with
     *                                         the custom errors of {@code errors})
     */
    byte[] call(CallRequest request, Abi errors);

    /** One {@code eth_call} per call. */
    static ContractCaller direct(BraneClient client) {
        return (request, errors) -> client.call(request, BlockTag.LATEST, null, errors);
    }
}
