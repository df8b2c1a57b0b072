package sh.brane.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * Issue 11 item 4: hashing typed data is linear in the document. Every struct's own encoding is built once per
 * hash (not once per type whose dependency closure contains it), and the number of types, the fields per type
 * and the length of one encoded type are capped, each refusal naming its limit.
 */
class Eip712LimitsTest {

    /**
     * A document just under the 1 MiB JSON cap: 200 chained types each hashed as a value (the shape that made
     * hashing quadratic), a hub type referencing all of them, and a long array of transfers.
     */
    static String megabyteDocument() {
        StringBuilder types = new StringBuilder("{\"EIP712Domain\":[{\"name\":\"name\",\"type\":\"string\"}],");
        int chain = 200;
        for (int i = 0; i < chain; i++) {
            types.append("\"C").append(i).append("\":[{\"name\":\"v\",\"type\":\"uint256\"}");
            if (i + 1 < chain) {
                types.append(",{\"name\":\"next\",\"type\":\"C").append(i + 1).append("[]\"}");
            }
            types.append("],");
        }
        types.append("\"Item\":[{\"name\":\"from\",\"type\":\"address\"},{\"name\":\"to\",\"type\":\"address\"},"
                + "{\"name\":\"amount\",\"type\":\"uint256\"},{\"name\":\"memo\",\"type\":\"string\"}],");
        types.append("\"Hub\":[");
        StringBuilder message = new StringBuilder("{");
        for (int i = 0; i < chain; i++) {
            types.append("{\"name\":\"c").append(i).append("\",\"type\":\"C").append(i).append("[]\"},");
            message.append("\"c").append(i).append("\":[{\"v\":").append(i)
                    .append(i + 1 < chain ? ",\"next\":[]" : "").append("}],");
        }
        types.append("{\"name\":\"items\",\"type\":\"Item[]\"}]}");
        message.append("\"items\":[");
        String item = "{\"from\":\"0x1111111111111111111111111111111111111111\",\"to\":"
                + "\"0x2222222222222222222222222222222222222222\",\"amount\":\"123456789\",\"memo\":\"a transfer\"},";
        String head = "{\"types\":" + types + ",\"primaryType\":\"Hub\",\"domain\":{\"name\":\"big\"},\"message\":";
        while (head.length() + message.length() + item.length() + 8 < TypedDataJson.MAX_JSON_CHARS) {
            message.append(item);
        }
        message.setLength(message.length() - 1);
        message.append("]}");
        return head + message + "}";
    }

    @Test
    void aMegabyteDocumentEncodesEachStructOnce() {
        String json = megabyteDocument();
        assertThat(json.length()).isBetween(1_000_000, TypedDataJson.MAX_JSON_CHARS);
        TypedData data = TypedData.fromJson(json);
        Eip712.Encoder encoder = new Eip712.Encoder(data.types());
        long t0 = System.nanoTime();
        byte[] digest = encoder.digest(data);
        long micros = (System.nanoTime() - t0) / 1000;
        System.out.printf("EIP-712 digest of a %,d-character document with %d types: %,d us (first call, cold JIT)%n",
                json.length(), data.types().size(), micros);
        assertThat(digest).isEqualTo(Eip712.digest(data));
        // every type that was hashed had its own "Name(type name,...)" built exactly once
        assertThat(encoder.structEncodings()).isLessThanOrEqualTo(data.types().size());
        assertThat(encoder.typeHashes()).isLessThanOrEqualTo(data.types().size());
    }

    @Test
    void tooManyTypesAreRefusedWithTheLimitNamed() {
        Map<String, List<TypedData.Field>> types = new LinkedHashMap<>();
        types.put("EIP712Domain", List.of(new TypedData.Field("name", "string")));
        for (int i = 0; i < TypedData.MAX_TYPES; i++) {
            types.put("T" + i, List.of(new TypedData.Field("v", "uint256")));
        }
        assertThatThrownBy(() -> new TypedData(types, "T0", Map.of("name", "x"), Map.of("v", 1)))
                .isInstanceOf(TypedDataException.class)
                .hasMessageContaining("TypedData.MAX_TYPES").hasMessageContaining(String.valueOf(TypedData.MAX_TYPES))
                .hasMessageContaining((TypedData.MAX_TYPES + 1) + " types");
    }

    @Test
    void tooManyFieldsAreRefusedWithTheLimitNamed() {
        List<TypedData.Field> fields = new ArrayList<>();
        for (int i = 0; i <= TypedData.MAX_FIELDS_PER_TYPE; i++) {
            fields.add(new TypedData.Field("f" + i, "uint8"));
        }
        Map<String, List<TypedData.Field>> types = Map.of("EIP712Domain", List.of(), "Wide", fields);
        assertThatThrownBy(() -> new TypedData(types, "Wide", Map.of(), Map.of()))
                .isInstanceOf(TypedDataException.class)
                .hasMessageContaining("Wide").hasMessageContaining("TypedData.MAX_FIELDS_PER_TYPE")
                .hasMessageContaining((TypedData.MAX_FIELDS_PER_TYPE + 1) + " fields");
    }

    @Test
    void anOverlongEncodedTypeIsRefusedWithTheLimitNamed() {
        // 100 types of 100 fields with 200-character names: within the type and field caps, but the primary
        // type's encodeType (itself and its closure) is about 2 MB
        Map<String, List<TypedData.Field>> types = new LinkedHashMap<>();
        types.put("EIP712Domain", List.of());
        String longName = "n".repeat(200);
        for (int t = 0; t < 100; t++) {
            List<TypedData.Field> fields = new ArrayList<>();
            for (int f = 0; f < 99; f++) {
                fields.add(new TypedData.Field(longName + f, "uint256"));
            }
            fields.add(new TypedData.Field("next", t + 1 < 100 ? "L" + (t + 1) + "[]" : "bool"));
            types.put("L" + t, fields);
        }
        TypedData data = new TypedData(types, "EIP712Domain", Map.of(), Map.of());
        assertThatThrownBy(() -> Eip712.typeHash(data.types(), "L0"))
                .isInstanceOf(TypedDataException.class)
                .hasMessageContaining("L0").hasMessageContaining("TypedData.MAX_ENCODED_TYPE_LENGTH")
                .hasMessageContaining(String.valueOf(TypedData.MAX_ENCODED_TYPE_LENGTH));
    }
}
