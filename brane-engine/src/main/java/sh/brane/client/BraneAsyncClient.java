package sh.brane.client;

import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

import sh.brane.core.abi.Abi;
import sh.brane.core.tx.SignedTransaction;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.ConnectionLostException;
import sh.brane.rpc.RpcTimeoutException;

/**
 * The {@link CompletableFuture} form of every {@link BraneClient} call, from {@link BraneClient#async()}: the same
 * calls, the same one-pass decoding, the same errors ({@link sh.brane.rpc.BraneRpcException} subtypes, reverts as
 * {@link RevertException}), delivered as failed futures instead of thrown. Every future ends: with the value, or
 * with the provider's error (timeout, connection lost, ...). Continuations run off the I/O threads.
 *
 * <p>Over HTTP, calls made concurrently (from one thread in a loop, or from many) leave as one JSON-RPC batch
 * when the provider's auto-batching is on (the default; {@code HttpConfig.Builder.autoBatch(false)} or the
 * Spring property {@code brane.rpc.http.auto-batch=false} turns it off). Submissions are never batched.
 */
public final class BraneAsyncClient {

    private final BraneClient client;
    private final BraneProvider provider;

    BraneAsyncClient(BraneClient client) {
        this.client = client;
        this.provider = client.provider();
    }

    /** The blocking form of this client. */
    public BraneClient blocking() {
        return client;
    }

    /** {@code eth_chainId}; asked once, then remembered (shared with the blocking form). */
    public CompletableFuture<Long> chainId() {
        long known = client.knownChainId();
        if (known >= 0) {
            return CompletableFuture.completedFuture(known);
        }
        return submit(ClientCalls.chainId()).thenApply(id -> {
            client.rememberChainId(id);
            return id;
        });
    }

    public CompletableFuture<Long> blockNumber() {
        return submit(ClientCalls.blockNumber());
    }

    public CompletableFuture<BigInteger> getBalance(Address account) {
        return getBalance(account, BlockTag.LATEST);
    }

    public CompletableFuture<BigInteger> getBalance(Address account, BlockTag block) {
        return submit(ClientCalls.getBalance(account, block));
    }

    public CompletableFuture<Long> getTransactionCount(Address account, BlockTag block) {
        return submit(ClientCalls.getTransactionCount(account, block));
    }

    public CompletableFuture<byte[]> getCode(Address account) {
        return getCode(account, BlockTag.LATEST);
    }

    public CompletableFuture<byte[]> getCode(Address account, BlockTag block) {
        return submit(ClientCalls.getCode(account, block));
    }

    public CompletableFuture<Hash> getStorageAt(Address account, BigInteger slot, BlockTag block) {
        return submit(ClientCalls.getStorageAt(account, slot, block));
    }

    public CompletableFuture<byte[]> call(CallRequest request, BlockTag block) {
        return call(request, block, null, null);
    }

    /** As {@link BraneClient#call(CallRequest, BlockTag, StateOverride, Abi)}; a revert fails the future. */
    public CompletableFuture<byte[]> call(CallRequest request, BlockTag block, StateOverride overrides, Abi errors) {
        return submit(ClientCalls.call(request, block, overrides, errors));
    }

    public CompletableFuture<Long> estimateGas(CallRequest request) {
        return submit(ClientCalls.estimateGas(request.toJson(), null));
    }

    public CompletableFuture<BigInteger> gasPrice() {
        return submit(ClientCalls.gasPrice());
    }

    public CompletableFuture<BigInteger> maxPriorityFeePerGas() {
        return submit(ClientCalls.maxPriorityFeePerGas());
    }

    public CompletableFuture<FeeHistory> feeHistory(int blockCount, BlockTag newest, double... rewardPercentiles) {
        return submit(ClientCalls.feeHistory(blockCount, newest, rewardPercentiles));
    }

    public CompletableFuture<Optional<Block>> getBlockByNumber(BlockTag block, boolean fullTransactions) {
        return submit(ClientCalls.getBlockByNumber(block, fullTransactions));
    }

    public CompletableFuture<Optional<Block>> getBlockByHash(Hash hash, boolean fullTransactions) {
        return submit(ClientCalls.getBlockByHash(hash, fullTransactions));
    }

    public CompletableFuture<Optional<TransactionInfo>> getTransactionByHash(Hash hash) {
        return submit(ClientCalls.getTransactionByHash(hash));
    }

    public CompletableFuture<Optional<Receipt>> getTransactionReceipt(Hash hash) {
        return submit(ClientCalls.getTransactionReceipt(hash));
    }

    public CompletableFuture<Optional<List<Receipt>>> getBlockReceipts(BlockTag block) {
        return submit(ClientCalls.getBlockReceipts(block));
    }

    /** As {@link BraneClient#call(CallRequest, BlockTag, StateOverride, BlockOverride, Abi)}. */
    public CompletableFuture<byte[]> call(CallRequest request, BlockTag block, StateOverride state,
                                          BlockOverride overrides, Abi errors) {
        return submit(InspectionCalls.call(request, block, state, overrides, errors));
    }

    public CompletableFuture<AccessListResult> createAccessList(CallRequest request, BlockTag block) {
        return submit(InspectionCalls.createAccessList(request, block));
    }

    public CompletableFuture<AccountProof> getProof(Address account, List<Hash> slots, BlockTag block) {
        return submit(InspectionCalls.getProof(account, slots, block));
    }

    public <T> CompletableFuture<T> traceTransaction(Hash transaction, Tracer<T> tracer) {
        return submit(InspectionCalls.traceTransaction(transaction, tracer));
    }

    public <T> CompletableFuture<T> traceCall(CallRequest request, BlockTag block, Tracer<T> tracer) {
        return submit(InspectionCalls.traceCall(request, block, tracer));
    }

    /** As {@link BraneClient#traceCall(CallRequest, BlockTag, Tracer, StateOverride, BlockOverride)}. */
    public <T> CompletableFuture<T> traceCall(CallRequest request, BlockTag block, Tracer<T> tracer,
                                              StateOverride state, BlockOverride overrides) {
        return submit(InspectionCalls.traceCall(request, block, tracer, state, overrides));
    }

    public CompletableFuture<List<SimulatedBlock>> simulate(Simulation simulation, BlockTag block) {
        return submit(InspectionCalls.simulate(simulation, block));
    }

    public CompletableFuture<List<Log>> getLogs(LogFilter filter) {
        return submit(ClientCalls.getLogs(filter));
    }

    /** {@code eth_sendRawTransaction}, once, never batched; the node's answer must be the transaction's hash. */
    public CompletableFuture<Hash> sendRawTransaction(SignedTransaction transaction) {
        return submit(ClientCalls.sendRawTransaction(transaction));
    }

    public CompletableFuture<Hash> sendRawTransaction(byte[] raw) {
        return submit(ClientCalls.sendRawTransaction(raw));
    }

    /**
     * Polls for the receipt of {@code hash} every poll interval of the client until it appears; timeouts and
     * lost connections of single polls are retried. Fails with {@link ReceiptTimeoutException} after
     * {@code timeout}. Sends nothing but reads.
     */
    public CompletableFuture<Receipt> waitForReceipt(Hash hash, Duration timeout) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("receipt timeout must be positive, got " + timeout);
        }
        CompletableFuture<Receipt> out = new CompletableFuture<>();
        poll(hash, timeout, System.nanoTime() + timeout.toNanos(), out);
        return out;
    }

    private void poll(Hash hash, Duration timeout, long deadline, CompletableFuture<Receipt> out) {
        getTransactionReceipt(hash).whenComplete((receipt, err) -> {
            Throwable cause = err instanceof CompletionException ce && ce.getCause() != null ? ce.getCause() : err;
            if (cause != null && !(cause instanceof RpcTimeoutException || cause instanceof ConnectionLostException)) {
                out.completeExceptionally(cause);
            } else if (receipt != null && receipt.isPresent()) {
                out.complete(receipt.get());
            } else {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    out.completeExceptionally(new ReceiptTimeoutException(hash, timeout));
                    return;
                }
                Executor later = CompletableFuture.delayedExecutor(Math.min(left, client.pollIntervalNanos()),
                        TimeUnit.NANOSECONDS);
                later.execute(() -> poll(hash, timeout, deadline, out));
            }
        });
    }

    /** Runs a call from the table; a node error fails the future as the call maps it (reverts...). */
    <T> CompletableFuture<T> submit(TypedCall<T> call) {
        CompletableFuture<T> f;
        try {
            f = provider.sendAsync(call.method(), call.params(), call.decoder());
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(call.map(e));
        }
        if (call.onRpcError() == null) {
            return f;
        }
        return f.exceptionallyCompose(err -> {
            Throwable cause = err instanceof CompletionException ce && ce.getCause() != null ? ce.getCause() : err;
            return CompletableFuture.failedFuture(cause instanceof RuntimeException re ? call.map(re) : cause);
        });
    }

    @Override
    public String toString() {
        return "BraneAsyncClient[" + provider + "]";
    }
}
