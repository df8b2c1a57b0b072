package sh.brane.client;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Objects;

import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
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
        Json.object(json, where);
        long type = Json.present(json, "type") ? Json.longField(json, "type", where) : 0;
        if (type > 0xff) {
            throw Json.bad(where + ".type", "transaction type must be one byte", json.get("type"));
        }
        return new TransactionInfo(
                Json.hashField(json, "hash", where),
                Json.longField(json, "nonce", where),
                Json.optHashField(json, "blockHash", where),
                Json.optLongField(json, "blockNumber", where),
                Json.optLongField(json, "transactionIndex", where),
                Json.addressField(json, "from", where),
                Json.optAddressField(json, "to", where),
                Json.bigField(json, "value", where),
                Json.longField(json, "gas", where),
                Json.optBigField(json, "gasPrice", where),
                Json.optBigField(json, "maxFeePerGas", where),
                Json.optBigField(json, "maxPriorityFeePerGas", where),
                Json.bytesField(json, "input", where),
                (int) type,
                Json.optLongField(json, "chainId", where));
    }
}
