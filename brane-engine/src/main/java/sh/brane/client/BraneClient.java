package sh.brane.client;

import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sh.brane.core.abi.Abi;
import sh.brane.core.abi.AbiDecodingException;
import sh.brane.core.abi.RevertDecoder;
import sh.brane.core.abi.RevertReason;
import sh.brane.core.tx.SignedTransaction;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.primitives.Hex;
import sh.brane.primitives.InvalidEncodingException;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.ConnectionLostException;
import sh.brane.rpc.InvalidResponseException;
import sh.brane.rpc.NodeText;
import sh.brane.rpc.RpcErrorException;
import sh.brane.rpc.RpcTimeoutException;
import sh.brane.rpc.Subscription;
import sh.brane.rpc.SubscriptionListener;
import tools.jackson.databind.JsonNode;

/**
 * Typed reads, raw transaction submission, receipt waiting and subscriptions over a {@link BraneProvider}.
 * Thread-safe. Every answer is parsed strictly: a missing or garbled field raises
 * {@link InvalidResponseException} naming the field; node errors arrive as the provider's
 * {@link BraneRpcException} subtypes, with reverts of {@code eth_call}/{@code eth_estimateGas} as
 * {@link RevertException} carrying the decoded reason.
 *
 * <p>The client does not own the provider: {@link #close()} ends the client's own subscription, not the
 * provider.
 *
 * <p>A little over 400 lines on purpose: it is the one typed surface users call, one short method per node call
 * (each a line or two over its {@link ClientCalls} call, shared with the asynchronous client), and splitting it by
 * method would only scatter that list; the asynchronous forms live in {@link BraneAsyncClient}.
 */
public final class BraneClient implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(BraneClient.class);
    /** How often a receipt is polled when heads are pushed anyway, in case a notification is missed. */
    private static final long PUSH_SAFETY_POLL_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final BraneProvider provider;
    private final long pollIntervalNanos;
    private final HeadTicker ticker;
    private final BraneAsyncClient async;
    private volatile long chainId = -1;

    /** A client that polls receipts every 250 ms when the provider cannot push new heads. */
    public BraneClient(BraneProvider provider) {
        this(provider, Duration.ofMillis(250));
    }

    /** @param pollInterval how often receipts are polled on a provider without subscriptions (HTTP) */
    public BraneClient(BraneProvider provider, Duration pollInterval) {
        if (provider == null) {
            throw new IllegalArgumentException("provider must not be null");
        }
        if (pollInterval.isNegative() || pollInterval.isZero()) {
            throw new sh.brane.rpc.InvalidOptionException("pollInterval", String.valueOf(pollInterval),
                    "must be positive");
        }
        this.provider = provider;
        this.pollIntervalNanos = pollInterval.toNanos();
        this.ticker = new HeadTicker(provider);
        this.async = new BraneAsyncClient(this);
    }

    public BraneProvider provider() {
        return provider;
    }

    long pollIntervalNanos() {
        return pollIntervalNanos;
    }

    // ------------------------------------------------------------------ reads

    /** {@code eth_chainId}; asked once, then remembered. */
    public long chainId() {
        long id = chainId;
        if (id < 0) {
            id = run(ClientCalls.chainId());
            chainId = id;
        }
        return id;
    }

    /** The chain id if it was already asked, else -1. */
    long knownChainId() {
        return chainId;
    }

    void rememberChainId(long id) {
        chainId = id;
    }

    /** {@code eth_blockNumber}. */
    public long blockNumber() {
        return run(ClientCalls.blockNumber());
    }

    public BigInteger getBalance(Address account) {
        return getBalance(account, BlockTag.LATEST);
    }

    public BigInteger getBalance(Address account, BlockTag block) {
        return run(ClientCalls.getBalance(account, block));
    }

    /** {@code eth_getTransactionCount}: with {@link BlockTag#PENDING}, the next nonce to use. */
    public long getTransactionCount(Address account, BlockTag block) {
        return run(ClientCalls.getTransactionCount(account, block));
    }

    public byte[] getCode(Address account) {
        return getCode(account, BlockTag.LATEST);
    }

    public byte[] getCode(Address account, BlockTag block) {
        return run(ClientCalls.getCode(account, block));
    }

    /** The 32-byte word in storage slot {@code slot} of {@code account}. */
    public Hash getStorageAt(Address account, BigInteger slot, BlockTag block) {
        return run(ClientCalls.getStorageAt(account, slot, block));
    }

    /** {@code eth_call} at {@code block}; returns the return data. */
    public byte[] call(CallRequest request, BlockTag block) {
        return call(request, block, null, null);
    }

    /**
     * {@code eth_call} at {@code block} with optional state overrides (may be null); a revert is decoded with
     * the custom errors of {@code errors} (may be null) and thrown as {@link RevertException}.
     */
    public byte[] call(CallRequest request, BlockTag block, StateOverride overrides, Abi errors) {
        return run(ClientCalls.call(request, block, overrides, errors));
    }

    /** {@code eth_estimateGas}; a revert is thrown as {@link RevertException}. */
    public long estimateGas(CallRequest request) {
        return estimateGas(request.toJson(), null);
    }

    long estimateGas(Map<String, Object> tx, Abi errors) {
        return run(ClientCalls.estimateGas(tx, errors));
    }

    /** {@code eth_gasPrice}. */
    public BigInteger gasPrice() {
        return run(ClientCalls.gasPrice());
    }

    /** {@code eth_maxPriorityFeePerGas}: the node's suggested EIP-1559 tip. */
    public BigInteger maxPriorityFeePerGas() {
        return run(ClientCalls.maxPriorityFeePerGas());
    }

    /** {@code eth_feeHistory} over {@code blockCount} blocks ending at {@code newest}. */
    public FeeHistory feeHistory(int blockCount, BlockTag newest, double... rewardPercentiles) {
        return run(ClientCalls.feeHistory(blockCount, newest, rewardPercentiles));
    }

    /** The block, with its full transactions if {@code fullTransactions}; empty if the node has none. */
    public Optional<Block> getBlockByNumber(BlockTag block, boolean fullTransactions) {
        return run(ClientCalls.getBlockByNumber(block, fullTransactions));
    }

    public Optional<Block> getBlockByHash(Hash hash, boolean fullTransactions) {
        return run(ClientCalls.getBlockByHash(hash, fullTransactions));
    }

    public Optional<TransactionInfo> getTransactionByHash(Hash hash) {
        return run(ClientCalls.getTransactionByHash(hash));
    }

    /** The receipt, or empty while the transaction is pending or unknown. */
    public Optional<Receipt> getTransactionReceipt(Hash hash) {
        return run(ClientCalls.getTransactionReceipt(hash));
    }

    /** {@code eth_getBlockReceipts}: every receipt of the block, in order; empty if the node has no such block. */
    public Optional<List<Receipt>> getBlockReceipts(BlockTag block) {
        return run(ClientCalls.getBlockReceipts(block));
    }

    /** {@code eth_getLogs}. */
    public List<Log> getLogs(LogFilter filter) {
        return run(ClientCalls.getLogs(filter));
    }

    /**
     * {@code eth_call} with block overrides (the call runs as if in a block with that number, time, fee recipient,
     * base fee...) beside the state overrides ({@code state} may be null); a revert is thrown as
     * {@link RevertException} decoded with {@code errors} (may be null).
     */
    public byte[] call(CallRequest request, BlockTag block, StateOverride state, BlockOverride overrides, Abi errors) {
        return run(InspectionCalls.call(request, block, state, overrides, errors));
    }

    /** {@code eth_createAccessList}: the accounts and slots the call touches, and its gas with that list. */
    public AccessListResult createAccessList(CallRequest request, BlockTag block) {
        return run(InspectionCalls.createAccessList(request, block));
    }

    /** {@code eth_getProof} (EIP-1186): the account and the given storage slots, with their Merkle proofs. */
    public AccountProof getProof(Address account, List<Hash> slots, BlockTag block) {
        return run(InspectionCalls.getProof(account, slots, block));
    }

    /** {@code debug_traceTransaction} with a built-in tracer, e.g. {@link Tracer#calls()}. */
    public <T> T traceTransaction(Hash transaction, Tracer<T> tracer) {
        return run(InspectionCalls.traceTransaction(transaction, tracer));
    }

    /** {@code debug_traceCall}: the call traced at {@code block} as if it were a transaction. */
    public <T> T traceCall(CallRequest request, BlockTag block, Tracer<T> tracer) {
        return run(InspectionCalls.traceCall(request, block, tracer));
    }

    /**
     * {@code debug_traceCall} as if the state and the block were otherwise: accounts with other balances, code or
     * storage ({@code state}), a block with another number, time or base fee ({@code overrides}); either may be null.
     */
    public <T> T traceCall(CallRequest request, BlockTag block, Tracer<T> tracer, StateOverride state,
                           BlockOverride overrides) {
        return run(InspectionCalls.traceCall(request, block, tracer, state, overrides));
    }

    /**
     * {@code eth_simulateV1}: blocks of calls on top of {@code block}, each call seeing the state the ones before it
     * left; what each call returned, logged, used, or why it failed ({@link SimulatedCall#revert}).
     */
    public List<SimulatedBlock> simulate(Simulation simulation, BlockTag block) {
        return run(InspectionCalls.simulate(simulation, block));
    }

    /**
     * The {@link CompletableFuture} form of this client's calls, sharing its provider, its decoding and its
     * remembered chain id. Over HTTP, concurrent async calls are sent as one JSON-RPC batch (see
     * {@code HttpConfig.autoBatch}).
     */
    public BraneAsyncClient async() {
        return async;
    }

    /** Runs a call from the table, waiting; a node error comes out as the call maps it (reverts...). */
    <T> T run(TypedCall<T> call) {
        try {
            return provider.send(call.method(), call.params(), call.decoder());
        } catch (RuntimeException e) {
            throw call.map(e);
        }
    }

    // ------------------------------------------------------------------ async building blocks

    /** Sends without waiting and parses the result off the caller's thread. */
    <T> CompletableFuture<T> async(String method, List<?> params, Function<JsonNode, T> parse) {
        return provider.sendAsync(method, params).thenApply(parse);
    }

    /** The future's value, or its failure rethrown as it was raised (a {@link BraneRpcException} subtype...). */
    static <T> T await(CompletableFuture<T> future, String what) {
        try {
            return future.get();
        } catch (ExecutionException | CompletionException e) {
            Throwable cause = e.getCause();
            while (cause instanceof CompletionException && cause.getCause() != null) {
                cause = cause.getCause();
            }
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(what + " failed", cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + what, e);
        }
    }

    // ------------------------------------------------------------------ submission

    /**
     * {@code eth_sendRawTransaction}, once. The node's answer must be the transaction's own hash.
     */
    public Hash sendRawTransaction(SignedTransaction transaction) {
        return run(ClientCalls.sendRawTransaction(transaction));
    }

    /** {@code eth_sendRawTransaction} of already encoded bytes; returns the node's hash. */
    public Hash sendRawTransaction(byte[] raw) {
        return run(ClientCalls.sendRawTransaction(raw));
    }

    /**
     * Waits for the receipt of {@code hash}: woken by new heads on a provider that pushes them (WebSocket),
     * polling otherwise. Timeouts and lost connections while polling are retried until the deadline; it never
     * sends anything.
     *
     * @throws ReceiptTimeoutException if no receipt appears within {@code timeout}
     */
    public Receipt waitForReceipt(Hash hash, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        boolean pushed = ticker.start();
        long pollNanos = pushed ? Math.max(pollIntervalNanos, PUSH_SAFETY_POLL_NANOS) : pollIntervalNanos;
        while (true) {
            long seen = ticker.generation();
            try {
                Optional<Receipt> receipt = getTransactionReceipt(hash);
                if (receipt.isPresent()) {
                    return receipt.get();
                }
            } catch (RpcTimeoutException | ConnectionLostException e) {
                LOG.debug("receipt poll for {} failed, retrying: {}", hash, NodeText.of(e.getMessage()));
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new ReceiptTimeoutException(hash, timeout);
            }
            try {
                ticker.awaitAfter(seen, Math.min(left, pollNanos));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the receipt of " + hash, e);
            }
        }
    }

    // ------------------------------------------------------------------ subscriptions

    /**
     * Calls {@code onHead} for each new block header, in order, never on an I/O thread. A malformed
     * notification or an exception thrown by {@code onHead} goes to {@code onError} and delivery goes on.
     */
    public Subscription subscribeNewHeads(Consumer<BlockHeader> onHead, Consumer<Exception> onError) {
        return subscribe(List.of("newHeads"), json -> onHead.accept(BlockHeader.parse(json, "newHeads")), onError);
    }

    /** As {@link #subscribeNewHeads(Consumer, Consumer)}, logging errors. */
    public Subscription subscribeNewHeads(Consumer<BlockHeader> onHead) {
        return subscribeNewHeads(onHead, BraneClient::logError);
    }

    /** Calls {@code onLog} for each log matching {@code filter} (its block range is ignored by nodes). */
    public Subscription subscribeLogs(LogFilter filter, Consumer<Log> onLog, Consumer<Exception> onError) {
        return subscribe(List.of("logs", filter.toJson()), json -> onLog.accept(Log.parse(json, "logs")), onError);
    }

    public Subscription subscribeLogs(LogFilter filter, Consumer<Log> onLog) {
        return subscribeLogs(filter, onLog, BraneClient::logError);
    }

    private Subscription subscribe(List<?> params, Consumer<JsonNode> handler, Consumer<Exception> onError) {
        SubscriptionListener listener = new SubscriptionListener() {
            @Override
            public void onNotification(JsonNode result) {
                try {
                    handler.accept(result);
                } catch (RuntimeException e) {
                    onError.accept(e);
                }
            }

            @Override
            public void onError(BraneRpcException error) {
                onError.accept(error);
            }
        };
        try {
            return provider.subscribe(params, listener).get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while subscribing to " + params, e);
        }
    }

    private static void logError(Exception e) {
        LOG.warn("subscription callback failed: {}", NodeText.of(e));
    }

    // ------------------------------------------------------------------ reverts

    /** The revert this RPC error reports, decoded, or empty if it is some other error. */
    static Optional<RevertException> asRevert(RpcErrorException e, Abi errors) {
        if (e instanceof RevertException r) {
            return Optional.of(r);
        }
        String message = e.rpcMessage() == null ? "" : e.rpcMessage();
        byte[] data = revertData(e.data());
        boolean reverted = e.code() == 3 || message.toLowerCase(Locale.ROOT).contains("revert");
        if (!reverted) {
            return Optional.empty();
        }
        RevertReason reason = decode(data, errors);
        return Optional.of(new RevertException(e.method(), e.code(), e.rpcMessage(), e.data(), reason, null,
                e.method() + " reverted: " + NodeText.of(reason)));
    }

    /**
     * Replays a mined, reverted transaction as {@code eth_call} at its block to learn why it reverted.
     */
    RevertException revertOf(Receipt receipt, CallRequest replay, Abi errors) {
        String where = " (transaction " + receipt.transactionHash() + " in block " + receipt.blockNumber()
                + (replay.gas() != null && receipt.gasUsed() == replay.gas()
                        ? ", used its whole gas limit of " + replay.gas() + ": probably out of gas" : "") + ")";
        try {
            call(replay, BlockTag.number(receipt.blockNumber()), null, errors);
        } catch (RevertException r) {
            return new RevertException(r.method(), r.code(), r.rpcMessage(), r.data(), r.reason(), receipt,
                    "transaction reverted: " + NodeText.of(r.reason()) + where);
        } catch (BraneRpcException e) {
            return new RevertException("eth_call", 0, e.getMessage(), null, new RevertReason.Empty(), receipt,
                    "transaction reverted; replaying it to learn why failed: " + e.getMessage() + where);
        }
        return new RevertException("eth_call", 0, "replay did not revert", null, new RevertReason.Empty(), receipt,
                "transaction reverted; replaying it at its block did not revert, reason unknown" + where);
    }

    private static RevertReason decode(byte[] data, Abi errors) {
        try {
            return RevertDecoder.decode(data, errors);
        } catch (AbiDecodingException e) {
            return new RevertReason.Unknown(data);
        }
    }

    /** Revert data as nodes send it: a hex string, or an object with a hex {@code data} field. */
    private static byte[] revertData(JsonNode data) {
        JsonNode hex = data;
        if (hex != null && hex.isObject()) {
            hex = hex.get("data");
        }
        if (hex == null || !hex.isString()) {
            return new byte[0];
        }
        try {
            return Hex.decode(hex.asString());
        } catch (InvalidEncodingException e) {
            return new byte[0];
        }
    }

    /** Ends the client's own {@code newHeads} subscription (used for receipt waiting); the provider stays open. */
    @Override
    public void close() {
        ticker.close();
    }

    @Override
    public String toString() {
        return "BraneClient[" + provider + "]";
    }

}
