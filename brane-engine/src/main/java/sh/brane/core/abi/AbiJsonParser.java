package sh.brane.core.abi;

import java.util.ArrayList;
import java.util.List;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Reads the JSON ABI format into {@link Abi}, with errors that name the entry and the field. */
final class AbiJsonParser {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private AbiJsonParser() {
    }

    static Abi parse(String json) {
        if (json == null) {
            throw new AbiParseException("JSON ABI is null");
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JacksonException e) {
            throw new AbiParseException("JSON ABI is not valid JSON: " + e.getOriginalMessage(), e);
        }
        if (root != null && root.isObject() && root.has("abi")) {
            root = root.get("abi"); // a Hardhat/Foundry artifact
        }
        if (root == null || !root.isArray()) {
            throw new AbiParseException("JSON ABI must be an array of entries (or an artifact with an \"abi\" array), got "
                    + (root == null || root.isMissingNode() ? "nothing" : root.getNodeType().toString().toLowerCase()));
        }
        List<AbiFunction> functions = new ArrayList<>();
        List<AbiEvent> events = new ArrayList<>();
        List<AbiError> errors = new ArrayList<>();
        AbiConstructor constructor = null;
        String fallback = null;
        String receive = null;
        for (int i = 0; i < root.size(); i++) {
            JsonNode entry = root.get(i);
            if (!entry.isObject()) {
                throw new AbiParseException("ABI entry #" + i + " must be an object, got "
                        + entry.getNodeType().toString().toLowerCase());
            }
            String type = optionalString(entry, "type", "function", "ABI entry #" + i);
            String where = "ABI entry #" + i + " (" + type + describeName(entry) + ")";
            switch (type) {
                case "function" -> functions.add(new AbiFunction(requiredName(entry, where),
                        parameters(entry, "inputs", where, false), parameters(entry, "outputs", where, false),
                        mutability(entry, where)));
                case "constructor" -> {
                    if (constructor != null) {
                        throw new AbiParseException(where + ": a contract has at most one constructor");
                    }
                    constructor = new AbiConstructor(parameters(entry, "inputs", where, false), mutability(entry, where));
                }
                case "event" -> {
                    String name = requiredName(entry, where);
                    boolean anonymous = entry.has("anonymous") && booleanField(entry, "anonymous", where);
                    try {
                        events.add(new AbiEvent(name, parameters(entry, "inputs", where, true), anonymous));
                    } catch (AbiParseException e) {
                        if (e.getMessage().startsWith(where)) {
                            throw e;
                        }
                        throw new AbiParseException(where + ": " + e.getMessage(), e);
                    }
                }
                case "error" -> errors.add(new AbiError(requiredName(entry, where),
                        parameters(entry, "inputs", where, false)));
                case "fallback" -> fallback = mutability(entry, where);
                case "receive" -> receive = mutability(entry, where);
                default -> throw new AbiParseException("ABI entry #" + i + describeName(entry) + " has unknown type '"
                        + type + "'; expected function, constructor, event, error, fallback or receive");
            }
        }
        return new Abi(functions, constructor, events, errors, fallback, receive);
    }

    private static List<AbiParameter> parameters(JsonNode entry, String field, String where, boolean event) {
        JsonNode list = entry.get(field);
        if (list == null || list.isNull()) {
            return List.of();
        }
        if (!list.isArray()) {
            throw new AbiParseException(where + ": \"" + field + "\" must be an array");
        }
        List<AbiParameter> out = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            out.add(parameter(list.get(i), where + " " + field + "[" + i + "]", event, 0));
        }
        return out;
    }

    private static AbiParameter parameter(JsonNode node, String where, boolean event, int depth) {
        if (depth > AbiType.MAX_DEPTH) {
            throw new AbiParseException(where + ": tuple components nest deeper than " + AbiType.MAX_DEPTH + " levels");
        }
        if (node == null || !node.isObject()) {
            throw new AbiParseException(where + " must be an object with a \"type\"");
        }
        String name = optionalString(node, "name", "", where);
        String at = name.isEmpty() ? where : where + " '" + name + "'";
        JsonNode typeNode = node.get("type");
        if (typeNode == null || !typeNode.isString()) {
            throw new AbiParseException(at + ": missing \"type\" string");
        }
        String typeString = typeNode.stringValue();
        String internalType = optionalString(node, "internalType", null, at);
        boolean indexed = event && node.has("indexed") && booleanField(node, "indexed", at);
        AbiType type;
        List<AbiParameter> components = List.of();
        try {
            if (typeString.startsWith("tuple")) {
                JsonNode comps = node.get("components");
                if (comps == null || !comps.isArray()) {
                    throw new AbiParseException(at + ": type '" + typeString + "' needs a \"components\" array");
                }
                List<AbiParameter> cs = new ArrayList<>(comps.size());
                List<AbiType> types = new ArrayList<>(comps.size());
                for (int i = 0; i < comps.size(); i++) {
                    AbiParameter c = parameter(comps.get(i), at + " components[" + i + "]", false, depth + 1);
                    cs.add(c);
                    types.add(c.type());
                }
                components = cs;
                String suffix = typeString.substring("tuple".length());
                if (!suffix.isEmpty() && suffix.charAt(0) != '[') {
                    throw new AbiParseException(at + ": unknown type '" + typeString + "'");
                }
                type = AbiType.parse(AbiType.tuple(types).canonical() + suffix);
            } else {
                type = AbiType.parse(typeString);
            }
        } catch (AbiParseException e) {
            if (e.getMessage().startsWith(where)) {
                throw e;
            }
            throw new AbiParseException(at + ": " + e.getMessage(), e);
        }
        return new AbiParameter(name, type, internalType, indexed, components);
    }

    private static String requiredName(JsonNode entry, String where) {
        JsonNode n = entry.get("name");
        if (n == null || !n.isString() || n.stringValue().isEmpty()) {
            throw new AbiParseException(where + ": missing \"name\"");
        }
        return n.stringValue();
    }

    private static String mutability(JsonNode entry, String where) {
        String m = optionalString(entry, "stateMutability", null, where);
        if (m == null) {
            // ABIs from before solc 0.5 give "constant" and "payable" instead
            if (entry.has("payable") && booleanField(entry, "payable", where)) {
                return "payable";
            }
            if (entry.has("constant") && booleanField(entry, "constant", where)) {
                return "view";
            }
            return "nonpayable";
        }
        return switch (m) {
            case "pure", "view", "nonpayable", "payable" -> m;
            default -> throw new AbiParseException(where + ": unknown stateMutability '" + m
                    + "'; expected pure, view, nonpayable or payable");
        };
    }

    private static String optionalString(JsonNode node, String field, String fallback, String where) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return fallback;
        }
        if (!v.isString()) {
            throw new AbiParseException(where + ": \"" + field + "\" must be a string, got "
                    + v.getNodeType().toString().toLowerCase());
        }
        return v.stringValue();
    }

    private static boolean booleanField(JsonNode node, String field, String where) {
        JsonNode v = node.get(field);
        if (!v.isBoolean()) {
            throw new AbiParseException(where + ": \"" + field + "\" must be true or false");
        }
        return v.booleanValue();
    }

    private static String describeName(JsonNode entry) {
        JsonNode n = entry.get("name");
        return n != null && n.isString() ? " '" + n.stringValue() + "'" : "";
    }
}
