package sh.brane.client;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.primitives.Hex;
import tools.jackson.databind.JsonNode;

/**
 * An event log ({@code eth_getLogs}, receipts, {@code logs} subscriptions).
 *
 * @param blockNumber      null for a pending log
 * @param blockHash        null for a pending log
 * @param transactionHash  null for a pending log
 * @param transactionIndex null for a pending log
 * @param logIndex         null for a pending log
 * @param removed          true if a reorganisation removed it (subscriptions report such logs again)
 */
public record Log(Address address, List<Hash> topics, byte[] data, Long blockNumber, Hash blockHash,
        Hash transactionHash, Long transactionIndex, Long logIndex, boolean removed) {

    public Log {
        topics = List.copyOf(topics);
        data = data.clone();
    }

    /** A copy of the non-indexed data. */
    @Override
    public byte[] data() {
        return data.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Log l && address.equals(l.address) && topics.equals(l.topics)
                && Arrays.equals(data, l.data) && Objects.equals(blockNumber, l.blockNumber)
                && Objects.equals(blockHash, l.blockHash) && Objects.equals(transactionHash, l.transactionHash)
                && Objects.equals(transactionIndex, l.transactionIndex) && Objects.equals(logIndex, l.logIndex)
                && removed == l.removed;
    }

    @Override
    public int hashCode() {
        return Objects.hash(address, topics, Arrays.hashCode(data), blockHash, transactionHash, logIndex, removed);
    }

    @Override
    public String toString() {
        return "Log[address=" + address + ", topics=" + topics + ", data=" + Hex.encode(data) + ", block="
                + blockNumber + ", tx=" + transactionHash + ", logIndex=" + logIndex
                + (removed ? ", removed" : "") + "]";
    }

    static Log parse(JsonNode json, String where) {
        Json.object(json, where);
        List<Hash> topics = Json.hashes(Json.field(json, "topics", where), where + ".topics");
        if (topics.size() > 4) {
            throw Json.bad(where + ".topics", "a log has at most 4 topics", json.get("topics"));
        }
        JsonNode removed = json.get("removed");
        if (removed != null && !removed.isNull() && !removed.isBoolean()) {
            throw Json.bad(where + ".removed", "expected a boolean", removed);
        }
        return new Log(
                Json.addressField(json, "address", where),
                topics,
                Json.bytesField(json, "data", where),
                Json.optLongField(json, "blockNumber", where),
                Json.optHashField(json, "blockHash", where),
                Json.optHashField(json, "transactionHash", where),
                Json.optLongField(json, "transactionIndex", where),
                Json.optLongField(json, "logIndex", where),
                removed != null && removed.asBoolean());
    }
}
