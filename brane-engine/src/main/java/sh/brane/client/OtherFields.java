package sh.brane.client;

import java.util.LinkedHashMap;
import java.util.Map;

import sh.brane.rpc.JsonCursor;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.json.JsonMapper;

/**
 * The fields of a transaction of a type this library does not know (a rollup's deposit, a chain's own type), kept as
 * the node wrote them: name to the value's JSON text ({@code "0x1"} with its quotes, {@code true}, {@code {...}}).
 * The token path keeps every such field; the cursor keeps the string and boolean values of the names below, which the
 * widespread non-Ethereum types carry, and leaves a transaction with any other unknown field to the token path.
 */
final class OtherFields {
    /** OP Stack deposits (type 0x7e) and Celo's fee-currency transactions (type 0x7b). */
    static final String[] KNOWN = {"sourceHash", "mint", "isSystemTx", "depositReceiptVersion", "feeCurrency"};

    private static final JsonMapper TREES = JsonMapper.builder()
            .disable(tools.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS).build();

    private OtherFields() {
    }

    /** The field's value read from the token path into {@code fields} (made when first needed). */
    static Map<String, String> read(Map<String, String> fields, String name, JsonParser p) {
        String json = TREES.readTree(p).toString();
        return put(fields, name, json);
    }

    /** The field's value from the cursor: a plain string, a boolean or null; anything else bails. */
    static Map<String, String> read(Map<String, String> fields, String name, JsonCursor c) {
        String json;
        if (c.isNull()) {
            json = "null";
        } else if (c.atString()) {
            json = '"' + c.plainString() + '"';
        } else if (c.atObject() || c.atArray()) {
            throw JsonCursor.bail();
        } else {
            json = String.valueOf(c.optBoolean());
        }
        return put(fields, name, json);
    }

    private static Map<String, String> put(Map<String, String> fields, String name, String json) {
        Map<String, String> out = fields == null ? new LinkedHashMap<>() : fields;
        out.put(name, json);
        return out;
    }

    /** What the record keeps: the fields, for a type other than 0 to 4; none for the types this library encodes. */
    static Map<String, String> kept(Map<String, String> fields, int type) {
        return fields == null || type <= TransactionRebuild.LAST_KNOWN_TYPE ? Map.of() : fields;
    }
}
