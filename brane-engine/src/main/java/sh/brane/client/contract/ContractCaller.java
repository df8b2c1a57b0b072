package sh.brane.client.contract;

import java.util.concurrent.CompletableFuture;

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

    /**
     * As {@link #call}, without waiting: for read methods returning {@code CompletableFuture}. The future fails
     * as {@link #call} throws. This default runs {@link #call} on a virtual thread; {@link #direct} and
     * {@link AutoBatchingCaller} answer without a thread per call.
     */
    default CompletableFuture<byte[]> callAsync(CallRequest request, Abi errors) {
        CompletableFuture<byte[]> answer = new CompletableFuture<>();
        Thread.ofVirtual().name("brane-contract-read").start(() -> {
            try {
                answer.complete(call(request, errors));
            } catch (Throwable t) {
                answer.completeExceptionally(t);
            }
        });
        return answer;
    }

    /**
     * One {@code eth_call} per call; the asynchronous form goes through {@link BraneClient#async()}, so over
     * HTTP concurrent reads leave as one JSON-RPC batch.
     */
    static ContractCaller direct(BraneClient client) {
        return new ContractCaller() {
            @Override
            public byte[] call(CallRequest request, Abi errors) {
                return client.call(request, BlockTag.LATEST, null, errors);
            }

            @Override
            public CompletableFuture<byte[]> callAsync(CallRequest request, Abi errors) {
                return client.async().call(request, BlockTag.LATEST, null, errors);
            }
        };
    }
}
