package sh.brane.rpc.core;

import java.io.OutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;

import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.primitives.Hex;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.TreeNode;
import tools.jackson.databind.json.JsonMapper;

import sh.brane.rpc.RpcCall;

/** Writes JSON-RPC requests with Jackson's streaming generator, straight into the caller's stream. */
public final class JsonRpcWriter {

    public static final JsonMapper MAPPER = JsonMapper.builder().build();

    private JsonRpcWriter() { }

    public static void writeRequest(OutputStream out, long id, String method, List<?> params) {
        try (JsonGenerator g = MAPPER.createGenerator(out)) {
            writeRequest(g, id, method, params);
        }
    }

    /** Writes a JSON-RPC batch: one array holding one request per call, with ids {@code ids[i]}. */
    public static void writeBatch(OutputStream out, long[] ids, List<RpcCall> calls) {
        try (JsonGenerator g = MAPPER.createGenerator(out)) {
            g.writeStartArray();
            for (int i = 0; i < ids.length; i++) {
                RpcCall call = calls.get(i);
                writeRequest(g, ids[i], call.method(), call.params());
            }
            g.writeEndArray();
        }
    }

    public static void writeRequest(JsonGenerator g, long id, String method, List<?> params) {
        g.writeStartObject();
        g.writeStringProperty("jsonrpc", "2.0");
        g.writeNumberProperty("id", id);
        g.writeStringProperty("method", method);
        g.writeName("params");
        g.writeStartArray();
        if (params != null) {
            for (int i = 0, n = params.size(); i < n; i++) {
                writeValue(g, params.get(i));
            }
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /** Fails fast, before anything is allocated for the wire, if a param has a type we cannot write. */
    public static void checkParams(List<?> params) {
        if (params == null || writableElements(params)) {
            return;
        }
        // only a call that fails builds the paths its message names ("params[0].to"): every call is checked
        for (int i = 0, n = params.size(); i < n; i++) {
            checkValue(params.get(i), "params[" + i + "]");
        }
    }

    /** Whether every element of {@code params} is {@link #writable}, without first testing the list as a scalar. */
    private static boolean writableElements(List<?> params) {
        for (int i = 0, n = params.size(); i < n; i++) {
            if (!writable(params.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@link #writeValue} can write {@code v}: the same rule as {@link #checkValue}, without the paths. */
    private static boolean writable(Object v) {
        if (isScalar(v)) {
            return true;
        }
        if (v instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (!(e.getKey() instanceof String) || !writable(e.getValue())) {
                    return false;
                }
            }
            return true;
        }
        if (v instanceof List<?> l) {
            for (int i = 0, n = l.size(); i < n; i++) {
                if (!writable(l.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    private static boolean isScalar(Object v) {
        return v == null || v instanceof String || v instanceof Boolean || v instanceof Address
                || v instanceof Hash || v instanceof byte[] || v instanceof TreeNode
                || v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte
                || v instanceof BigInteger || v instanceof BigDecimal || v instanceof Double
                || v instanceof Float;
    }

    private static void checkValue(Object v, String where) {
        if (isScalar(v)) {
            return;
        }
        if (v instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (!(e.getKey() instanceof String)) {
                    throw new IllegalArgumentException(where + " is a Map with a non-String key "
                            + e.getKey() + "; JSON object keys must be strings");
                }
                checkValue(e.getValue(), where + "." + e.getKey());
            }
            return;
        }
        if (v instanceof List<?> l) {
            for (int i = 0; i < l.size(); i++) {
                checkValue(l.get(i), where + "[" + i + "]");
            }
            return;
        }
        throw new IllegalArgumentException(where + " has unsupported type " + v.getClass().getName()
                + "; allowed: String, Number, Boolean, null, Map, List, JsonNode, byte[], Address, Hash");
    }

    private static void writeValue(JsonGenerator g, Object v) {
        if (v == null) {
            g.writeNull();
        } else if (v instanceof String s) {
            g.writeString(s);
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (v instanceof Integer n) {
            g.writeNumber(n.intValue());
        } else if (v instanceof Long n) {
            g.writeNumber(n.longValue());
        } else if (v instanceof Short || v instanceof Byte) {
            g.writeNumber(((Number) v).intValue());
        } else if (v instanceof BigInteger n) {
            g.writeNumber(n);
        } else if (v instanceof BigDecimal n) {
            g.writeNumber(n);
        } else if (v instanceof Double || v instanceof Float) {
            g.writeNumber(((Number) v).doubleValue());
        } else if (v instanceof Address a) {
            g.writeString(a.toHex());
        } else if (v instanceof Hash h) {
            g.writeString(h.toHex());
        } else if (v instanceof byte[] bytes) {
            g.writeString(Hex.encode(bytes));
        } else if (v instanceof TreeNode node) {
            g.writeTree(node);
        } else if (v instanceof Map<?, ?> m) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                g.writeName((String) e.getKey());
                writeValue(g, e.getValue());
            }
            g.writeEndObject();
        } else if (v instanceof List<?> l) {
            g.writeStartArray();
            for (int i = 0, n = l.size(); i < n; i++) {
                writeValue(g, l.get(i));
            }
            g.writeEndArray();
        } else {
            throw new IllegalArgumentException("unsupported param type " + v.getClass().getName());
        }
    }
}
