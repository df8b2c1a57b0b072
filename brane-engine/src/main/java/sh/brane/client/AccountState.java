package sh.brane.client;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import tools.jackson.databind.JsonNode;

/**
 * An account as geth's {@code prestateTracer} reports it: only the parts the traced transaction touched are present.
 *
 * @param balance null if not reported
 * @param nonce   null if not reported (geth leaves out a zero nonce)
 * @param code    null if not reported
 * @param storage the slots read or written (before or after the transaction, by the mode)
 */
public record AccountState(BigInteger balance, Long nonce, byte[] code, Map<Hash, Hash> storage) {

    public AccountState {
        code = code == null ? null : code.clone();
        storage = Map.copyOf(storage);
    }

    @Override
    public byte[] code() {
        return code == null ? null : code.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AccountState a && Objects.equals(balance, a.balance) && Objects.equals(nonce, a.nonce)
                && Arrays.equals(code, a.code) && storage.equals(a.storage);
    }

    @Override
    public int hashCode() {
        return Objects.hash(balance, nonce, storage);
    }

    @Override
    public String toString() {
        return "AccountState[balance=" + balance + ", nonce=" + nonce + ", code="
                + (code == null ? "-" : code.length + " bytes") + ", storage=" + storage.size() + " slots]";
    }

    /** Address to account, in the node's order. */
    static Map<Address, AccountState> parseAll(JsonNode json, String where) {
        Json.object(json, where);
        Map<Address, AccountState> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : json.properties()) {
            String at = where + "." + e.getKey();
            out.put(Json.address(tools.jackson.databind.node.StringNode.valueOf(e.getKey()), at),
                    parse(e.getValue(), at));
        }
        return out;
    }

    private static AccountState parse(JsonNode json, String where) {
        Json.object(json, where);
        Map<Hash, Hash> storage = new LinkedHashMap<>();
        if (Json.present(json, "storage")) {
            JsonNode slots = Json.object(json.get("storage"), where + ".storage");
            for (Map.Entry<String, JsonNode> s : slots.properties()) {
                String at = where + ".storage." + s.getKey();
                storage.put(Json.hash(tools.jackson.databind.node.StringNode.valueOf(s.getKey()), at),
                        Json.hash(s.getValue(), at));
            }
        }
        Long nonce = null;
        if (Json.present(json, "nonce")) {
            JsonNode n = json.get("nonce");
            // geth writes the nonce as a JSON number here, unlike everywhere else; some nodes write a hex quantity
            if (n.isIntegralNumber() && n.canConvertToLong() && n.asLong() >= 0) {
                nonce = n.asLong();
            } else {
                nonce = Json.quantityLong(n, where + ".nonce");
            }
        }
        return new AccountState(Json.optBigField(json, "balance", where), nonce,
                Json.present(json, "code") ? Json.bytes(json.get("code"), where + ".code") : null, storage);
    }
}
