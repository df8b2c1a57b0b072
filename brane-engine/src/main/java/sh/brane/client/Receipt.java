package sh.brane.client;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.core.types.HexData;
import sh.brane.rpc.InvalidResponseException;
import sh.brane.rpc.JsonCursor;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;

/**
 * A transaction receipt, in either of its two forms: since Byzantium (EIP-658) a receipt carries {@code status}
 * (1 success, 0 failure); before it, a receipt carries the post-transaction state {@code root} instead and says
 * nothing of success. The execution-apis {@code ReceiptInfo} schema defines both; geth still answers old blocks in the
 * root form.
 *
 * @param to              null for a contract creation
 * @param contractAddress the deployed contract, or null if this was not a contract creation
 * @param status          true if execution succeeded (status 1), false if it failed (status 0); null for a receipt
 *                        from before Byzantium, which has a {@link #root()} instead
 * @param type            the EIP-2718 type byte (0 for legacy)
 * @param root            the post-transaction state root of a receipt from before Byzantium; null after it
 * @param logsBloom       the 256-byte bloom filter of the logs; null if the node left it out
 * @param blobGasUsed     blob gas this (EIP-4844 blob) transaction used; null for other transactions
 * @param blobGasPrice    the blob gas price paid; null for other transactions
 */
public record Receipt(Hash transactionHash, long transactionIndex, Hash blockHash, long blockNumber, Address from,
        Address to, Address contractAddress, long cumulativeGasUsed, long gasUsed, BigInteger effectiveGasPrice,
        Boolean status, int type, List<Log> logs, Hash root, HexData logsBloom, Long blobGasUsed,
        BigInteger blobGasPrice) {

    public Receipt {
        logs = List.copyOf(logs);
        if (status == null && root == null) {
            throw new IllegalArgumentException("a receipt has a status (since Byzantium) or a state root (before)");
        }
    }

    /** A receipt in the status form, without the fields of blob transactions. */
    public Receipt(Hash transactionHash, long transactionIndex, Hash blockHash, long blockNumber, Address from,
            Address to, Address contractAddress, long cumulativeGasUsed, long gasUsed, BigInteger effectiveGasPrice,
            boolean status, int type, List<Log> logs) {
        this(transactionHash, transactionIndex, blockHash, blockNumber, from, to, contractAddress, cumulativeGasUsed,
                gasUsed, effectiveGasPrice, status, type, logs, null, null, null, null);
    }

    /** True for a receipt from before Byzantium: it has a state {@link #root()} and no {@link #status()}. */
    public boolean hasStateRoot() {
        return status == null;
    }

    /**
     * Whether the transaction succeeded, from its {@link #status()}.
     *
     * @throws IllegalStateException for a receipt from before Byzantium: its state root does not say whether the
     *                               transaction succeeded (a failed one used all its gas, but so can a successful
     *                               one), so no answer is given rather than a guess; check {@link #hasStateRoot()}
     */
    public boolean isSuccess() {
        if (status == null) {
            throw new IllegalStateException("receipt of " + transactionHash + " is from before Byzantium: it has a "
                    + "state root and no status, so it does not say whether the transaction succeeded");
        }
        return status;
    }

    static Receipt parse(JsonNode json, String where) {
        return read(Trees.parser(json), where, -1);
    }

    private static final String[] REQUIRED = {"transactionHash", "transactionIndex", "blockHash", "blockNumber",
            "from", "cumulativeGasUsed", "gasUsed", "effectiveGasPrice", "logs"};

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
        Boolean status = null;
        long type = 0;
        List<Log> logs = null;
        Hash root = null;
        HexData logsBloom = null;
        Long blobGasUsed = null;
        BigInteger blobGasPrice = null;
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
                        long code = StreamJson.quantityLong(p, base, index, name);
                        if (code > 1) {
                            throw StreamJson.bad(p, StreamJson.where(base, index, name), "status must be 0x0 or 0x1");
                        }
                        status = code == 1;
                    } else {
                        status = null;
                    }
                }
                case "logs" -> {
                    if (!isNull) {
                        logs = Log.readArray(p, StreamJson.where(base, index, name));
                        seen |= 256;
                    }
                }
                // some nodes write an empty root ("0x") beside the status: no root
                case "root" -> root = StreamJson.isEmptyHex(p) ? null : StreamJson.optHash(p, base, index, name);
                case "logsBloom" -> logsBloom = StreamJson.optHexData(p, base, index, name);
                case "blobGasUsed" -> blobGasUsed = StreamJson.optQuantityLong(p, base, index, name);
                case "blobGasPrice" -> blobGasPrice = StreamJson.optQuantity(p, base, index, name);
                case "to" -> to = StreamJson.optAddress(p, base, index, name);
                case "contractAddress" -> contractAddress = StreamJson.optAddress(p, base, index, name);
                case "type" -> type = StreamJson.typeByte(p, isNull, base, index, name);
                default -> p.skipChildren();
            }
        }
        StreamJson.requireAll(seen, REQUIRED, base, index);
        if (status == null && root == null) {
            throw new InvalidResponseException(StreamJson.where(base, index, "status")
                    + ": missing (and no pre-Byzantium state root in its place)");
        }
        return new Receipt(transactionHash, transactionIndex, blockHash, blockNumber, from, to, contractAddress,
                cumulativeGasUsed, gasUsed, effectiveGasPrice, status, (int) type, logs, root, logsBloom, blobGasUsed,
                blobGasPrice);
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
            "blockHash", "blockNumber", "from", "cumulativeGasUsed", "gasUsed", "effectiveGasPrice", "logs", "status",
            "to", "contractAddress", "type", "root", "logsBloom", "blobGasUsed", "blobGasPrice");

    /** {@link #read(JsonParser, String, int)} straight from the bytes: the same fields, rules and value, or a bail. */
    static Receipt read(JsonCursor c) {
        return read(c, new RepeatedValues());
    }

    /** The same, with the hashes its answer repeats (the block's, the transaction's in its logs) decoded once. */
    private static Receipt read(JsonCursor c, RepeatedValues repeated) {
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
        Boolean status = null;
        int type = 0;
        List<Log> logs = null;
        Hash root = null;
        HexData logsBloom = null;
        Long blobGasUsed = null;
        BigInteger blobGasPrice = null;
        // after the logs the guess is the name that came after them, though the cursor last read a log's names
        for (int f = c.firstField(FIELDS); f != JsonCursor.END; f = c.nextField(FIELDS, f)) {
            switch (f) {
                case 0 -> { if (!c.isNull()) { transactionHash = repeated.transaction.read(c); seen |= 1; } }
                case 1 -> { if (!c.isNull()) { transactionIndex = c.quantityLong(); seen |= 2; } }
                case 2 -> { if (!c.isNull()) { blockHash = repeated.block.read(c); seen |= 4; } }
                case 3 -> { if (!c.isNull()) { blockNumber = c.quantityLong(); seen |= 8; } }
                case 4 -> { if (!c.isNull()) { from = CursorValues.address(c); seen |= 16; } }
                case 5 -> { if (!c.isNull()) { cumulativeGasUsed = c.quantityLong(); seen |= 32; } }
                case 6 -> { if (!c.isNull()) { gasUsed = c.quantityLong(); seen |= 64; } }
                case 7 -> { if (!c.isNull()) { effectiveGasPrice = repeated.gasPrice.readOptional(c); seen |= 128; } }
                case 8 -> { if (!c.isNull()) { logs = Log.readList(c, repeated); seen |= 256; } }
                case 9 -> {
                    if (c.isNull()) {
                        status = null;
                    } else {
                        long code = c.quantityLong();
                        if (code > 1) {
                            throw JsonCursor.bail();
                        }
                        status = code == 1;
                    }
                }
                case 10 -> to = CursorValues.optAddress(c);
                case 11 -> contractAddress = CursorValues.optAddress(c);
                case 12 -> type = CursorValues.typeByte(c);
                case 13 -> root = CursorValues.optHash(c);
                case 14 -> logsBloom = CursorValues.optBloom(c);
                case 15 -> blobGasUsed = CursorValues.optLong(c);
                case 16 -> blobGasPrice = CursorValues.optQuantity(c);
                default -> c.skipValue();
            }
        }
        CursorValues.requireAll(seen, REQUIRED.length);
        if (status == null && root == null) {
            throw JsonCursor.bail();
        }
        return new Receipt(transactionHash, transactionIndex, blockHash, blockNumber, from, to, contractAddress,
                cumulativeGasUsed, gasUsed, effectiveGasPrice, status, type, logs, root, logsBloom, blobGasUsed,
                blobGasPrice);
    }

    /** A JSON array of receipts, straight from the bytes. */
    static List<Receipt> readArray(JsonCursor c) {
        List<Receipt> receipts = new ArrayList<>();
        RepeatedValues repeated = new RepeatedValues();
        if (c.firstElement()) {
            do {
                receipts.add(read(c, repeated));
            } while (c.nextElement());
        }
        return receipts;
    }
}
