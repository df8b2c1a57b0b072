package sh.brane.client;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
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
        Json.object(json, where);
        long status = Json.longField(json, "status", where);
        if (status > 1) {
            throw Json.bad(where + ".status", "status must be 0x0 or 0x1", json.get("status"));
        }
        long type = Json.present(json, "type") ? Json.longField(json, "type", where) : 0;
        if (type > 0xff) {
            throw Json.bad(where + ".type", "transaction type must be one byte", json.get("type"));
        }
        JsonNode logsJson = Json.array(Json.field(json, "logs", where), where + ".logs");
        List<Log> logs = new ArrayList<>(logsJson.size());
        for (int i = 0; i < logsJson.size(); i++) {
            logs.add(Log.parse(logsJson.get(i), where + ".logs[" + i + "]"));
        }
        return new Receipt(
                Json.hashField(json, "transactionHash", where),
                Json.longField(json, "transactionIndex", where),
                Json.hashField(json, "blockHash", where),
                Json.longField(json, "blockNumber", where),
                Json.addressField(json, "from", where),
                Json.optAddressField(json, "to", where),
                Json.optAddressField(json, "contractAddress", where),
                Json.longField(json, "cumulativeGasUsed", where),
                Json.longField(json, "gasUsed", where),
                Json.bigField(json, "effectiveGasPrice", where),
                status == 1,
                (int) type,
                logs);
    }
}
