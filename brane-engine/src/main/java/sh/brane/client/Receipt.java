package sh.brane.client;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.rpc.JsonCursor;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;

/**
 * A transaction receipt.
 *
 * @param to              null for a contract creation
 * @param contractAddress the deployed contract, or null if this was not a contract creation
 * @param status          true if execution succeeded (status 1), false if it reverted (status 0)
 * @param type            the EIP-2718 type byte (0 for legacy)
 */
public record Receipt(Hash transactionHash, long transactionIndex, Hash blockHash, long blockNumber, Address from,
        Address to, Address contractAddress, long cumulativeGasUsed, long gasUsed, BigInteger effectiveGasPrice,
        boolean status, int type, List<Log> logs) {

    public Receipt {
        logs = List.copyOf(logs);
    }

    static Receipt parse(JsonNode json, String where) {
        return read(Trees.parser(json), where, -1);
    }

    private static final String[] REQUIRED = {"transactionHash", "transactionIndex", "blockHash", "blockNumber",
            "from", "cumulativeGasUsed", "gasUsed", "effectiveGasPrice", "status", "logs"};

    /** One pass over a receipt object at {@code base[index]} (index -1: at {@code base}). */
    static Receipt read(JsonParser p, String base, int index) {
        StreamJson.expectObject(p, base, index, null);
        int seen = 0;
        Hash transactionHash = null;
        long transactionIndex = 0;
        Hash blockHash = null;
        long blockNumber = 0;
        Address from = null;
        Address to = null;
        Address contractAddress = null;
        long cumulativeGasUsed = 0;
        long gasUsed = 0;
        BigInteger effectiveGasPrice = null;
        long status = 0;
        long type = 0;
        List<Log> logs = null;
        String name;
        while ((name = StreamJson.nextField(p)) != null) {
            boolean isNull = StreamJson.isNull(p);
            switch (name) {
                case "transactionHash" -> {
                    if (!isNull) { transactionHash = StreamJson.hash(p, base, index, name); seen |= 1; }
                }
                case "transactionIndex" -> {
                    if (!isNull) { transactionIndex = StreamJson.quantityLong(p, base, index, name); seen |= 2; }
                }
                case "blockHash" -> { if (!isNull) { blockHash = StreamJson.hash(p, base, index, name); seen |= 4; } }
                case "blockNumber" -> {
                    if (!isNull) { blockNumber = StreamJson.quantityLong(p, base, index, name); seen |= 8; }
                }
                case "from" -> { if (!isNull) { from = StreamJson.address(p, base, index, name); seen |= 16; } }
                case "cumulativeGasUsed" -> {
                    if (!isNull) { cumulativeGasUsed = StreamJson.quantityLong(p, base, index, name); seen |= 32; }
                }
                case "gasUsed" -> { if (!isNull) { gasUsed = StreamJson.quantityLong(p, base, index, name); seen |= 64; } }
                case "effectiveGasPrice" -> {
                    if (!isNull) { effectiveGasPrice = StreamJson.quantity(p, base, index, name); seen |= 128; }
                }
                case "status" -> {
                    if (!isNull) {
                        status = StreamJson.quantityLong(p, base, index, name);
                        if (status > 1) {
                            throw StreamJson.bad(p, StreamJson.where(base, index, name), "status must be 0x0 or 0x1");
                        }
                        seen |= 256;
                    }
                }
                case "logs" -> {
                    if (!isNull) {
                        logs = Log.readArray(p, StreamJson.where(base, index, name));
                        seen |= 512;
                    }
                }
                case "to" -> to = StreamJson.optAddress(p, base, index, name);
                case "contractAddress" -> contractAddress = StreamJson.optAddress(p, base, index, name);
                case "type" -> type = StreamJson.typeByte(p, isNull, base, index, name);
                default -> p.skipChildren();
            }
        }
        StreamJson.requireAll(seen, REQUIRED, base, index);
        return new Receipt(transactionHash, transactionIndex, blockHash, blockNumber, from, to, contractAddress,
                cumulativeGasUsed, gasUsed, effectiveGasPrice, status == 1, (int) type, logs);
    }

    /** A JSON array of receipts ({@code eth_getBlockReceipts}), each at {@code base[i]}. */
    static List<Receipt> readArray(JsonParser p, String base) {
        StreamJson.expectArray(p, base, -1, null);
        List<Receipt> receipts = new ArrayList<>();
        int i = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            receipts.add(read(p, base, i++));
        }
        return receipts;
    }

    private static final JsonCursor.Names FIELDS = new JsonCursor.Names("transactionHash", "transactionIndex",
            "blockHash", "blockNumber", "from", "cumulativeGasUsed", "gasUsed", "effectiveGasPrice", "status", "logs",
            "to", "contractAddress", "type");

    /** {@link #read(JsonParser, String, int)} straight from the bytes: the same fields, rules and value, or a bail. */
    static Receipt read(JsonCursor c) {
        return read(c, new RepeatedHashes());
    }

    /** The same, with the hashes its answer repeats (the block's, the transaction's in its logs) decoded once. */
    private static Receipt read(JsonCursor c, RepeatedHashes repeated) {
        c.beginObject();
        int seen = 0;
        Hash transactionHash = null;
        long transactionIndex = 0;
        Hash blockHash = null;
        long blockNumber = 0;
        Address from = null;
        Address to = null;
        Address contractAddress = null;
        long cumulativeGasUsed = 0;
        long gasUsed = 0;
        BigInteger effectiveGasPrice = null;
        long status = 0;
        int type = 0;
        List<Log> logs = null;
        for (int f = c.firstField(FIELDS); f != JsonCursor.END; f = c.nextField(FIELDS)) {
            switch (f) {
                case 0 -> { if (!c.isNull()) { transactionHash = repeated.transaction.read(c); seen |= 1; } }
                case 1 -> { if (!c.isNull()) { transactionIndex = c.quantityLong(); seen |= 2; } }
                case 2 -> { if (!c.isNull()) { blockHash = repeated.block.read(c); seen |= 4; } }
                case 3 -> { if (!c.isNull()) { blockNumber = c.quantityLong(); seen |= 8; } }
                case 4 -> { if (!c.isNull()) { from = CursorValues.address(c); seen |= 16; } }
                case 5 -> { if (!c.isNull()) { cumulativeGasUsed = c.quantityLong(); seen |= 32; } }
                case 6 -> { if (!c.isNull()) { gasUsed = c.quantityLong(); seen |= 64; } }
                case 7 -> { if (!c.isNull()) { effectiveGasPrice = c.quantity(); seen |= 128; } }
                case 8 -> {
                    if (!c.isNull()) {
                        status = c.quantityLong();
                        if (status > 1) {
                            throw JsonCursor.bail();
                        }
                        seen |= 256;
                    }
                }
                case 9 -> { if (!c.isNull()) { logs = Log.readArray(c, repeated); seen |= 512; } }
                case 10 -> to = CursorValues.optAddress(c);
                case 11 -> contractAddress = CursorValues.optAddress(c);
                case 12 -> type = CursorValues.typeByte(c);
                default -> c.skipValue();
            }
        }
        CursorValues.requireAll(seen, REQUIRED.length);
        return new Receipt(transactionHash, transactionIndex, blockHash, blockNumber, from, to, contractAddress,
                cumulativeGasUsed, gasUsed, effectiveGasPrice, status == 1, type, logs);
    }

    /** A JSON array of receipts, straight from the bytes. */
    static List<Receipt> readArray(JsonCursor c) {
        List<Receipt> receipts = new ArrayList<>();
        RepeatedHashes repeated = new RepeatedHashes();
        if (c.firstElement()) {
            do {
                receipts.add(read(c, repeated));
            } while (c.nextElement());
        }
        return receipts;
    }
}
