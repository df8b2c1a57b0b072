package sh.brane.client;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import sh.brane.core.abi.Abi;
import sh.brane.core.tx.SignedTransaction;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.primitives.Hex;
import sh.brane.rpc.CursorDecoder;
import sh.brane.rpc.InvalidResponseException;
import sh.brane.rpc.JsonCursor;
import sh.brane.rpc.ResultDecoder;
import sh.brane.rpc.RpcErrorException;
import tools.jackson.databind.json.JsonMapper;

/**
 * The table of the client's calls: for each, its method, its params and the one-pass decoder of its result.
 * {@link BraneClient} and {@link BraneAsyncClient} both run these, so a call is defined once for both forms.
 */
final class ClientCalls {
    /** Reads the few answers that stay trees (fee history): parsed from the parser at hand, whatever made it. */
    private static final JsonMapper TREES = JsonMapper.builder()
            .disable(tools.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS).build();

    private ClientCalls() {
    }

    static TypedCall<Long> chainId() {
        return new TypedCall<>("eth_chainId", List.of(), quantityLong("eth_chainId"));
    }

    static TypedCall<Long> blockNumber() {
        return new TypedCall<>("eth_blockNumber", List.of(), quantityLong("eth_blockNumber"));
    }

    static TypedCall<BigInteger> getBalance(Address account, BlockTag block) {
        return new TypedCall<>("eth_getBalance", List.of(account.toHex(), block.value()), quantity("eth_getBalance"));
    }

    static TypedCall<Long> getTransactionCount(Address account, BlockTag block) {
        return new TypedCall<>("eth_getTransactionCount", List.of(account.toHex(), block.value()),
                quantityLong("eth_getTransactionCount"));
    }

    static TypedCall<byte[]> getCode(Address account, BlockTag block) {
        return new TypedCall<>("eth_getCode", List.of(account.toHex(), block.value()), bytes("eth_getCode"));
    }

    static TypedCall<Hash> getStorageAt(Address account, BigInteger slot, BlockTag block) {
        return new TypedCall<>("eth_getStorageAt", List.of(account.toHex(), Quantities.hex(slot), block.value()),
                hash("eth_getStorageAt"));
    }

    static TypedCall<byte[]> call(CallRequest request, BlockTag block, StateOverride overrides, Abi errors) {
        List<Object> params = overrides == null
                ? List.of(request.toJson(), block.value())
                : List.of(request.toJson(), block.value(), overrides.toJson());
        return new TypedCall<>("eth_call", params, bytes("eth_call"), revertsWith(errors));
    }

    static TypedCall<Long> estimateGas(Map<String, Object> tx, Abi errors) {
        return new TypedCall<>("eth_estimateGas", List.of(tx), quantityLong("eth_estimateGas"), revertsWith(errors));
    }

    static TypedCall<BigInteger> gasPrice() {
        return new TypedCall<>("eth_gasPrice", List.of(), quantity("eth_gasPrice"));
    }

    static TypedCall<BigInteger> maxPriorityFeePerGas() {
        return new TypedCall<>("eth_maxPriorityFeePerGas", List.of(), quantity("eth_maxPriorityFeePerGas"));
    }

    static TypedCall<FeeHistory> feeHistory(int blockCount, BlockTag newest, double... rewardPercentiles) {
        if (blockCount < 1 || blockCount > 1024) {
            throw new IllegalArgumentException("block count must be 1..1024, got " + blockCount);
        }
        List<Double> percentiles = new ArrayList<>(rewardPercentiles.length);
        double previous = 0;
        for (double p : rewardPercentiles) {
            if (!(p >= previous && p <= 100)) {
                throw new IllegalArgumentException("reward percentiles must rise within 0..100, got " + p);
            }
            percentiles.add(p);
            previous = p;
        }
        return new TypedCall<>("eth_feeHistory", List.of(Quantities.hex(blockCount), newest.value(), percentiles),
                p -> FeeHistory.parse(TREES.readTree(p), "eth_feeHistory"));
    }

    static TypedCall<Optional<Block>> getBlockByNumber(BlockTag block, boolean fullTransactions) {
        return new TypedCall<>("eth_getBlockByNumber", List.of(block.value(), fullTransactions),
                optional(p -> Block.read(p, "block"), Block::read));
    }

    static TypedCall<Optional<Block>> getBlockByHash(Hash hash, boolean fullTransactions) {
        return new TypedCall<>("eth_getBlockByHash", List.of(hash.toHex(), fullTransactions),
                optional(p -> Block.read(p, "block"), Block::read));
    }

    static TypedCall<Optional<TransactionInfo>> getTransactionByHash(Hash hash) {
        return new TypedCall<>("eth_getTransactionByHash", List.of(hash.toHex()),
                optional(p -> TransactionInfo.read(p, "transaction", -1), TransactionInfo::read));
    }

    static TypedCall<Optional<Receipt>> getTransactionReceipt(Hash hash) {
        return new TypedCall<>("eth_getTransactionReceipt", List.of(hash.toHex()),
                optional(p -> Receipt.read(p, "receipt", -1), Receipt::read));
    }

    /** {@code eth_getBlockReceipts}: every receipt of a block, in order; empty if the node has no such block. */
    static TypedCall<Optional<List<Receipt>>> getBlockReceipts(BlockTag block) {
        return new TypedCall<>("eth_getBlockReceipts", List.of(block.value()),
                optional(p -> List.copyOf(Receipt.readArray(p, "eth_getBlockReceipts")),
                        c -> List.copyOf(Receipt.readArray(c))));
    }

    static TypedCall<List<Log>> getLogs(LogFilter filter) {
        return new TypedCall<>("eth_getLogs", List.of(filter.toJson()),
                ResultDecoder.of(p -> List.copyOf(Log.readArray(p, "eth_getLogs")), c -> List.copyOf(Log.readArray(c))));
    }

    /** Submits once; the node's answer must be the transaction's own hash. */
    static TypedCall<Hash> sendRawTransaction(SignedTransaction transaction) {
        Hash expected = transaction.hash();
        return new TypedCall<>("eth_sendRawTransaction", List.of(transaction.toHex()), p -> {
            Hash hash = StreamJson.hash(p, "eth_sendRawTransaction", -1, null);
            if (!hash.equals(expected)) {
                throw new InvalidResponseException("eth_sendRawTransaction: the node answered hash " + hash
                        + " for transaction " + expected);
            }
            return hash;
        });
    }

    static TypedCall<Hash> sendRawTransaction(byte[] raw) {
        return new TypedCall<>("eth_sendRawTransaction", List.of(Hex.encode(raw)), hash("eth_sendRawTransaction"));
    }

    // ------------------------------------------------------------------ decoders

    private static ResultDecoder<Long> quantityLong(String where) {
        return p -> StreamJson.quantityLong(p, where, -1, null);
    }

    private static ResultDecoder<BigInteger> quantity(String where) {
        return p -> StreamJson.quantity(p, where, -1, null);
    }

    private static ResultDecoder<byte[]> bytes(String where) {
        return p -> StreamJson.bytes(p, where, -1, null);
    }

    private static ResultDecoder<Hash> hash(String where) {
        return p -> StreamJson.hash(p, where, -1, null);
    }

    /** JSON null (the node has no such thing) reads as empty. */
    private static <T> ResultDecoder<Optional<T>> optional(ResultDecoder<T> present) {
        return p -> StreamJson.isNull(p) ? Optional.empty() : Optional.of(present.decode(p));
    }

    /** {@link #optional(ResultDecoder)} with a fast form over the answer's bytes ({@link JsonCursor}). */
    private static <T> ResultDecoder<Optional<T>> optional(ResultDecoder<T> present, CursorDecoder<T> fast) {
        return ResultDecoder.of(optional(present), c -> c.isNull() ? Optional.empty() : Optional.of(fast.decode(c)));
    }

    private static java.util.function.UnaryOperator<RuntimeException> revertsWith(Abi errors) {
        return e -> {
            RpcErrorException rpc = (RpcErrorException) e;
            return BraneClient.asRevert(rpc, errors).<RuntimeException>map(r -> r).orElse(rpc);
        };
    }
}
