package sh.brane.client;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Objects;

import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.rpc.JsonCursor;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JsonNode;

/**
 * A transaction as the node reports it ({@code eth_getTransactionByHash}, full blocks).
 *
 * @param blockHash            null while pending
 * @param blockNumber          null while pending
 * @param transactionIndex     null while pending
 * @param to                   null for a contract creation
 * @param gasPrice             the legacy gas price, or the effective price for typed transactions; null if absent
 * @param maxFeePerGas         null for legacy and EIP-2930 transactions
 * @param maxPriorityFeePerGas null for legacy and EIP-2930 transactions
 * @param type                 the EIP-2718 type byte (0 for legacy)
 * @param chainId              null for a legacy transaction without replay protection
 */
public record TransactionInfo(Hash hash, long nonce, Hash blockHash, Long blockNumber, Long transactionIndex,
        Address from, Address to, BigInteger value, long gas, BigInteger gasPrice, BigInteger maxFeePerGas,
        BigInteger maxPriorityFeePerGas, byte[] input, int type, Long chainId) {

    public TransactionInfo {
        input = input.clone();
    }

    /** A copy of the call data. */
    @Override
    public byte[] input() {
        return input.clone();
    }

    public boolean isPending() {
        return blockHash == null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TransactionInfo t && hash.equals(t.hash) && nonce == t.nonce
                && Objects.equals(blockHash, t.blockHash) && Objects.equals(blockNumber, t.blockNumber)
                && Objects.equals(transactionIndex, t.transactionIndex) && from.equals(t.from)
                && Objects.equals(to, t.to) && value.equals(t.value) && gas == t.gas
                && Objects.equals(gasPrice, t.gasPrice) && Objects.equals(maxFeePerGas, t.maxFeePerGas)
                && Objects.equals(maxPriorityFeePerGas, t.maxPriorityFeePerGas) && Arrays.equals(input, t.input)
                && type == t.type && Objects.equals(chainId, t.chainId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(hash, blockHash, nonce);
    }

    @Override
    public String toString() {
        return "TransactionInfo[hash=" + hash + ", type=" + type + ", from=" + from + ", to=" + to + ", nonce="
                + nonce + ", value=" + value + ", gas=" + gas + ", block=" + blockNumber + ", input="
                + input.length + " bytes]";
    }

    static TransactionInfo parse(JsonNode json, String where) {
        return read(Trees.parser(json), where, -1);
    }

    private static final String[] REQUIRED = {"hash", "nonce", "from", "value", "gas", "input"};

    /** One pass over a transaction object at {@code base[index]} (index -1: at {@code base}). */
    static TransactionInfo read(JsonParser p, String base, int index) {
        StreamJson.expectObject(p, base, index, null);
        int seen = 0;
        Hash hash = null;
        long nonce = 0;
        Hash blockHash = null;
        Long blockNumber = null;
        Long transactionIndex = null;
        Address from = null;
        Address to = null;
        BigInteger value = null;
        long gas = 0;
        BigInteger gasPrice = null;
        BigInteger maxFeePerGas = null;
        BigInteger maxPriorityFeePerGas = null;
        byte[] input = null;
        long type = 0;
        Long chainId = null;
        String name;
        while ((name = StreamJson.nextField(p)) != null) {
            boolean isNull = StreamJson.isNull(p);
            switch (name) {
                case "hash" -> { if (!isNull) { hash = StreamJson.hash(p, base, index, name); seen |= 1; } }
                case "nonce" -> { if (!isNull) { nonce = StreamJson.quantityLong(p, base, index, name); seen |= 2; } }
                case "from" -> { if (!isNull) { from = StreamJson.address(p, base, index, name); seen |= 4; } }
                case "value" -> { if (!isNull) { value = StreamJson.quantity(p, base, index, name); seen |= 8; } }
                case "gas" -> { if (!isNull) { gas = StreamJson.quantityLong(p, base, index, name); seen |= 16; } }
                case "input" -> { if (!isNull) { input = StreamJson.bytes(p, base, index, name); seen |= 32; } }
                case "blockHash" -> blockHash = StreamJson.optHash(p, base, index, name);
                case "blockNumber" -> blockNumber = StreamJson.optQuantityLong(p, base, index, name);
                case "transactionIndex" -> transactionIndex = StreamJson.optQuantityLong(p, base, index, name);
                case "to" -> to = StreamJson.optAddress(p, base, index, name);
                case "gasPrice" -> gasPrice = StreamJson.optQuantity(p, base, index, name);
                case "maxFeePerGas" -> maxFeePerGas = StreamJson.optQuantity(p, base, index, name);
                case "maxPriorityFeePerGas" -> maxPriorityFeePerGas = StreamJson.optQuantity(p, base, index, name);
                case "chainId" -> chainId = StreamJson.optQuantityLong(p, base, index, name);
                case "type" -> type = StreamJson.typeByte(p, isNull, base, index, name);
                default -> p.skipChildren();
            }
        }
        StreamJson.requireAll(seen, REQUIRED, base, index);
        return new TransactionInfo(hash, nonce, blockHash, blockNumber, transactionIndex, from, to, value, gas,
                gasPrice, maxFeePerGas, maxPriorityFeePerGas, input, (int) type, chainId);
    }

    private static final JsonCursor.Names FIELDS = new JsonCursor.Names("hash", "nonce", "from", "value", "gas",
            "input", "blockHash", "blockNumber", "transactionIndex", "to", "gasPrice", "maxFeePerGas",
            "maxPriorityFeePerGas", "chainId", "type");

    /** {@link #read(JsonParser, String, int)} straight from the bytes: the same fields, rules and value, or a bail. */
    static TransactionInfo read(JsonCursor c) {
        return read(c, new RepeatedHashes());
    }

    /** The same, with the block's hash decoded once per answer (a full block's transactions each carry it). */
    static TransactionInfo read(JsonCursor c, RepeatedHashes repeated) {
        c.beginObject();
        int seen = 0;
        Hash hash = null;
        long nonce = 0;
        Hash blockHash = null;
        Long blockNumber = null;
        Long transactionIndex = null;
        Address from = null;
        Address to = null;
        BigInteger value = null;
        long gas = 0;
        BigInteger gasPrice = null;
        BigInteger maxFeePerGas = null;
        BigInteger maxPriorityFeePerGas = null;
        byte[] input = null;
        int type = 0;
        Long chainId = null;
        for (int f = c.firstField(FIELDS); f != JsonCursor.END; f = c.nextField(FIELDS)) {
            switch (f) {
                case 0 -> { if (!c.isNull()) { hash = CursorValues.hash(c); seen |= 1; } }
                case 1 -> { if (!c.isNull()) { nonce = c.quantityLong(); seen |= 2; } }
                case 2 -> { if (!c.isNull()) { from = CursorValues.address(c); seen |= 4; } }
                case 3 -> { if (!c.isNull()) { value = c.quantity(); seen |= 8; } }
                case 4 -> { if (!c.isNull()) { gas = c.quantityLong(); seen |= 16; } }
                case 5 -> { if (!c.isNull()) { input = c.bytes(); seen |= 32; } }
                case 6 -> blockHash = repeated.block.readOptional(c);
                case 7 -> blockNumber = CursorValues.optLong(c);
                case 8 -> transactionIndex = CursorValues.optLong(c);
                case 9 -> to = CursorValues.optAddress(c);
                case 10 -> gasPrice = CursorValues.optQuantity(c);
                case 11 -> maxFeePerGas = CursorValues.optQuantity(c);
                case 12 -> maxPriorityFeePerGas = CursorValues.optQuantity(c);
                case 13 -> chainId = CursorValues.optLong(c);
                case 14 -> type = CursorValues.typeByte(c);
                default -> c.skipValue();
            }
        }
        CursorValues.requireAll(seen, REQUIRED.length);
        return new TransactionInfo(hash, nonce, blockHash, blockNumber, transactionIndex, from, to, value, gas,
                gasPrice, maxFeePerGas, maxPriorityFeePerGas, input, type, chainId);
    }
}
