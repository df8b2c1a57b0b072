package sh.brane.client;

import java.math.BigInteger;

import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import tools.jackson.databind.JsonNode;

/**
 * The header fields of a block, as {@code eth_getBlockBy*} and {@code newHeads} report them.
 *
 * @param hash          the block hash, or {@code null} for a pending block (nodes report none)
 * @param miner         the fee recipient, or {@code null} for a pending block on nodes that hide it
 * @param baseFeePerGas the EIP-1559 base fee, or {@code null} before London
 */
public record BlockHeader(long number, Hash hash, Hash parentHash, long timestamp, Address miner,
        long gasLimit, long gasUsed, BigInteger baseFeePerGas, Hash stateRoot, Hash transactionsRoot,
        Hash receiptsRoot) {

    static BlockHeader parse(JsonNode json, String where) {
        Json.object(json, where);
        return new BlockHeader(
                Json.longField(json, "number", where),
                Json.optHashField(json, "hash", where),
                Json.hashField(json, "parentHash", where),
                Json.longField(json, "timestamp", where),
                Json.optAddressField(json, "miner", where),
                Json.longField(json, "gasLimit", where),
                Json.longField(json, "gasUsed", where),
                Json.optBigField(json, "baseFeePerGas", where),
                Json.hashField(json, "stateRoot", where),
                Json.hashField(json, "transactionsRoot", where),
                Json.hashField(json, "receiptsRoot", where));
    }
}
