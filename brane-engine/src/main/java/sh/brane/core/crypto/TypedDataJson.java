package sh.brane.core.crypto;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Reads the {@code eth_signTypedData_v4} JSON into {@link TypedData}. */
final class TypedDataJson {

    /** Largest typed-data document accepted, far above any real one. */
    static final int MAX_JSON_CHARS = 1 << 20;

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private TypedDataJson() {
    }

    static TypedData parse(String json) {
        if (json == null) {
            throw new TypedDataException("typed data JSON is null");
        }
        if (json.length() > MAX_JSON_CHARS) {
            throw new TypedDataException("typed data JSON is " + json.length() + " characters, more than the "
                    + MAX_JSON_CHARS + " allowed");
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JacksonException e) {
            throw new TypedDataException("typed data is not valid JSON: " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new TypedDataException("typed data JSON must be an object with types, primaryType, domain and message");
        }
        JsonNode typesNode = required(root, "types");
        if (!typesNode.isObject()) {
            throw new TypedDataException("'types' must be an object mapping type names to field lists");
        }
        Map<String, List<TypedData.Field>> types = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : typesNode.properties()) {
            types.put(entry.getKey(), fields(entry.getKey(), entry.getValue()));
        }
        JsonNode primary = required(root, "primaryType");
        if (!primary.isString()) {
            throw new TypedDataException("'primaryType' must be a string");
        }
        JsonNode domainNode = required(root, "domain");
        if (!domainNode.isObject()) {
            throw new TypedDataException("'domain' must be an object");
        }
        JsonNode messageNode = root.get("message");
        if (messageNode == null && TypedData.DOMAIN_TYPE.equals(primary.stringValue())) {
            messageNode = MAPPER.createObjectNode();
        }
        if (messageNode == null || !messageNode.isObject()) {
            throw new TypedDataException("'message' must be an object");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> domain = (Map<String, Object>) toJava(domainNode, ValuePath.root("domain"));
        @SuppressWarnings("unchecked")
        Map<String, Object> message = (Map<String, Object>) toJava(messageNode, ValuePath.root("message"));
        if (!types.containsKey(TypedData.DOMAIN_TYPE)) {
            types.put(TypedData.DOMAIN_TYPE, inferDomainType(domain));
        }
        return new TypedData(types, primary.stringValue(), domain, message);
    }

    private static JsonNode required(JsonNode root, String name) {
        JsonNode node = root.get(name);
        if (node == null || node.isNull()) {
            throw new TypedDataException("typed data JSON has no '" + name + "'");
        }
        return node;
    }

    private static List<TypedData.Field> fields(String type, JsonNode node) {
        if (!node.isArray()) {
            throw new TypedDataException("types." + TypeGrammar.shorten(type) + " must be an array of {name, type}");
        }
        List<TypedData.Field> fields = new ArrayList<>(node.size());
        int i = 0;
        for (JsonNode f : node.values()) {
            String where = "types." + TypeGrammar.shorten(type) + "[" + i++ + "]";
            if (!f.isObject()) {
                throw new TypedDataException(where + " must be an object {name, type}");
            }
            JsonNode name = f.get("name");
            JsonNode fieldType = f.get("type");
            if (name == null || !name.isString()) {
                throw new TypedDataException(where + " has no string 'name'");
            }
            if (fieldType == null || !fieldType.isString()) {
                throw new TypedDataException(where + " has no string 'type'");
            }
            fields.add(new TypedData.Field(name.stringValue(), fieldType.stringValue()));
        }
        return List.copyOf(fields);
    }

    /** The EIP712Domain type for a JSON that omits it: the standard members present, in EIP order. */
    private static List<TypedData.Field> inferDomainType(Map<String, Object> domain) {
        List<TypedData.Field> fields = new ArrayList<>();
        String[][] standard = {{"name", "string"}, {"version", "string"}, {"chainId", "uint256"},
                {"verifyingContract", "address"}, {"salt", "bytes32"}};
        for (String[] member : standard) {
            if (domain.containsKey(member[0])) {
                fields.add(new TypedData.Field(member[0], member[1]));
            }
        }
        return fields;
    }

    /** JSON to plain Java values: objects to maps, arrays to lists, integers to BigInteger. */
    private static Object toJava(JsonNode node, ValuePath path) {
        switch (node.getNodeType()) {
            case OBJECT -> {
                Map<String, Object> map = new LinkedHashMap<>();
                for (Map.Entry<String, JsonNode> e : node.properties()) {
                    map.put(e.getKey(), toJava(e.getValue(), path.field(e.getKey())));
                }
                return map;
            }
            case ARRAY -> {
                List<Object> list = new ArrayList<>(node.size());
                int i = 0;
                for (JsonNode element : node.values()) {
                    list.add(toJava(element, path.index(i++)));
                }
                return list;
            }
            case STRING -> {
                return node.stringValue();
            }
            case BOOLEAN -> {
                return node.booleanValue();
            }
            case NULL -> {
                return null;
            }
            case NUMBER -> {
                if (!node.isIntegralNumber()) {
                    throw new TypedDataException(TypeGrammar.shorten(path.toString()) + " is a fractional number; EIP-712 integers must be whole");
                }
                BigInteger value = node.bigIntegerValue();
                return value;
            }
            default -> throw new TypedDataException(TypeGrammar.shorten(path.toString()) + " has an unsupported JSON value");
        }
    }
}
