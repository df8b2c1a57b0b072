package sh.brane.client;

import java.util.ArrayList;
import java.util.List;

import sh.brane.core.types.Hash;
import tools.jackson.databind.JsonNode;

/**
 * A block: its header and its transactions, as hashes always and as full objects when they were asked for.
 *
 * @param transactions the full transactions, or an empty list if the block was read without them
 */
public record Block(BlockHeader header, List<Hash> transactionHashes, List<TransactionInfo> transactions) {

    public Block {
        transactionHashes = List.copyOf(transactionHashes);
        transactions = List.copyOf(transactions);
    }

    public long number() {
        return header.number();
    }

    public Hash hash() {
        return header.hash();
    }

    static Block parse(JsonNode json, String where) {
        BlockHeader header = BlockHeader.parse(json, where);
        JsonNode txs = Json.array(Json.field(json, "transactions", where), where + ".transactions");
        List<Hash> hashes = new ArrayList<>(txs.size());
        List<TransactionInfo> full = new ArrayList<>();
        for (int i = 0; i < txs.size(); i++) {
            JsonNode tx = txs.get(i);
            String at = where + ".transactions[" + i + "]";
            if (tx.isObject()) {
                TransactionInfo info = TransactionInfo.parse(tx, at);
                full.add(info);
                hashes.add(info.hash());
            } else {
                if (!full.isEmpty()) {
                    throw Json.bad(at, "expected a transaction object like the ones before it", tx);
                }
                hashes.add(Json.hash(tx, at));
            }
        }
        if (!full.isEmpty() && full.size() != hashes.size()) {
            throw Json.bad(where + ".transactions[0]", "expected a hash like the ones after it", txs.get(0));
        }
        return new Block(header, hashes, full);
    }
}
