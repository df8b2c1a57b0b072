package sh.brane.client;

import java.util.ArrayList;
import java.util.List;

import sh.brane.core.types.Hash;
import sh.brane.rpc.JsonCursor;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;

/**
 * A block: its header and its transactions, as hashes always and as full objects when they were asked for.
 *
 * @param transactions the full transactions, or an empty list if the block was read without them
 * @param uncles       the uncles' hashes (none since the merge); empty if the node left the field out
 * @param withdrawals  the validator withdrawals (EIP-4895); null before Shanghai
 * @param size         the block's size in bytes; null if the node left it out
 * @param totalDifficulty the chain's total difficulty up to this block; null where the node leaves it out (geth
 *                     since 1.14.9: after the merge it no longer changes, and the specification makes it optional)
 */
public record Block(BlockHeader header, List<Hash> transactionHashes, List<TransactionInfo> transactions,
        List<Hash> uncles, List<Withdrawal> withdrawals, Long size, java.math.BigInteger totalDifficulty) {

    public Block {
        transactionHashes = List.copyOf(transactionHashes);
        transactions = List.copyOf(transactions);
        uncles = uncles == null ? List.of() : List.copyOf(uncles);
        withdrawals = withdrawals == null ? null : List.copyOf(withdrawals);
    }

    /** A block without a total difficulty. */
    public Block(BlockHeader header, List<Hash> transactionHashes, List<TransactionInfo> transactions,
            List<Hash> uncles, List<Withdrawal> withdrawals, Long size) {
        this(header, transactionHashes, transactions, uncles, withdrawals, size, null);
    }

    /** A block without uncles, withdrawals or size. */
    public Block(BlockHeader header, List<Hash> transactionHashes, List<TransactionInfo> transactions) {
        this(header, transactionHashes, transactions, List.of(), null, null, null);
    }

    public long number() {
        return header.number();
    }

    public Hash hash() {
        return header.hash();
    }

    static Block parse(JsonNode json, String where) {
        return read(Trees.parser(json), where);
    }

    /**
     * One pass over a block object: header fields and transactions (all hashes, or all full objects) as they
     * come; unknown fields are skipped.
     */
    static Block read(JsonParser p, String where) {
        StreamJson.expectObject(p, where, -1, null);
        BlockHeader.Fields header = new BlockHeader.Fields();
        List<Hash> hashes = null;
        List<TransactionInfo> full = null;
        List<Hash> uncles = List.of();
        List<Withdrawal> withdrawals = null;
        Long size = null;
        java.math.BigInteger totalDifficulty = null;
        String name;
        while ((name = StreamJson.nextField(p)) != null) {
            if ("uncles".equals(name)) {
                uncles = StreamJson.isNull(p) ? List.of() : TxLists.hashes(p, where, -1, name);
            } else if ("withdrawals".equals(name)) {
                withdrawals = StreamJson.isNull(p) ? null : TxLists.withdrawals(p, where, -1, name);
            } else if ("size".equals(name)) {
                size = StreamJson.optQuantityLong(p, where, -1, name);
            } else if ("totalDifficulty".equals(name)) {
                totalDifficulty = StreamJson.optQuantity(p, where, -1, name);
            } else if ("transactions".equals(name)) {
                if (StreamJson.isNull(p)) {
                    hashes = null;
                    full = null;
                    continue;
                }
                StreamJson.expectArray(p, where, -1, name);
                hashes = new ArrayList<>();
                full = new ArrayList<>();
                readTransactions(p, where + ".transactions", hashes, full);
            } else if (!header.accept(name, p, where)) {
                p.skipChildren();
            }
        }
        BlockHeader h = header.build(where);
        if (hashes == null) {
            throw StreamJson.missing(where, -1, "transactions");
        }
        return new Block(h, hashes, full, uncles, withdrawals, size, totalDifficulty);
    }

    private static void readTransactions(JsonParser p, String base, List<Hash> hashes, List<TransactionInfo> full) {
        JsonToken t;
        int i = 0;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            if (t == JsonToken.START_OBJECT) {
                if (!hashes.isEmpty() && full.isEmpty()) {
                    throw StreamJson.bad(p, base + "[0]", "expected a hash in every element like this one, but element "
                            + i + " is a transaction object");
                }
                TransactionInfo info = TransactionInfo.read(p, base, i);
                full.add(info);
                hashes.add(info.hash());
            } else {
                if (!full.isEmpty()) {
                    throw StreamJson.bad(p, StreamJson.where(base, i, null),
                            "expected a transaction object like the ones before it");
                }
                hashes.add(StreamJson.hash(p, base, i, null));
            }
            i++;
        }
    }

    /** The header's names, then the block's own. */
    private static final int TRANSACTIONS = BlockHeader.Fields.NAMES.length;
    private static final int UNCLES = TRANSACTIONS + 1;
    private static final int WITHDRAWALS = TRANSACTIONS + 2;
    private static final int SIZE = TRANSACTIONS + 3;
    private static final int TOTAL_DIFFICULTY = TRANSACTIONS + 4;
    private static final JsonCursor.Names FIELDS = new JsonCursor.Names(
            java.util.stream.Stream.concat(java.util.Arrays.stream(BlockHeader.Fields.NAMES),
                    java.util.stream.Stream.of("transactions", "uncles", "withdrawals", "size", "totalDifficulty"))
                    .toArray(String[]::new));

    /** {@link #read(JsonParser, String)} straight from the bytes: the same fields, rules and value, or a bail. */
    static Block read(JsonCursor c) {
        c.beginObject();
        BlockHeader.Fields header = new BlockHeader.Fields();
        List<Hash> hashes = null;
        List<TransactionInfo> full = null;
        List<Hash> uncles = List.of();
        List<Withdrawal> withdrawals = null;
        Long size = null;
        java.math.BigInteger totalDifficulty = null;
        for (int f = c.firstField(FIELDS); f != JsonCursor.END; f = c.nextField(FIELDS)) {
            if (f == UNCLES) {
                uncles = c.isNull() ? List.of() : TxLists.hashes(c);
            } else if (f == WITHDRAWALS) {
                withdrawals = c.isNull() ? null : TxLists.withdrawals(c);
            } else if (f == SIZE) {
                size = CursorValues.optLong(c);
            } else if (f == TOTAL_DIFFICULTY) {
                totalDifficulty = CursorValues.optQuantity(c);
            } else if (f == TRANSACTIONS) {
                if (c.isNull()) {
                    hashes = null;
                    full = null;
                    continue;
                }
                hashes = new ArrayList<>();
                full = new ArrayList<>();
                readTransactions(c, hashes, full);
            } else if (f == JsonCursor.UNKNOWN) {
                c.skipValue();
            } else {
                header.accept(f, c);
            }
        }
        BlockHeader h = header.buildOrBail();
        if (hashes == null) {
            throw JsonCursor.bail();
        }
        return new Block(h, hashes, full, uncles, withdrawals, size, totalDifficulty);
    }

    private static void readTransactions(JsonCursor c, List<Hash> hashes, List<TransactionInfo> full) {
        if (!c.firstElement()) {
            return;
        }
        RepeatedValues repeated = new RepeatedValues();
        do {
            if (c.atObject()) {
                if (!hashes.isEmpty() && full.isEmpty()) {
                    throw JsonCursor.bail();
                }
                TransactionInfo info = TransactionInfo.read(c, repeated);
                full.add(info);
                hashes.add(info.hash());
            } else {
                if (!full.isEmpty()) {
                    throw JsonCursor.bail();
                }
                hashes.add(CursorValues.hash(c));
            }
        } while (c.nextElement());
    }
}
