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

    /** Fails fast, before anything is allocated for the wire, if a param has a type we cannot write; the message
     *  names its path (e.g. {@code params[0].to}). */
    public static void checkParams(List<?> params) {
        if (params == null) {
            return;
        }
        for (int i = 0, n = params.size(); i < n; i++) {
            String bad = unwritable(params.get(i));
            if (bad != null) {
                throw new IllegalArgumentException("params[" + i + "]" + bad);
            }
        }
    }

    /** Null if {@link #writeValue} can write {@code v}; else the path inside {@code v} to what it cannot, and why.
     *  Built only on the way back from a failure, so a call that passes allocates nothing. */
    private static String unwritable(Object v) {
        if (isScalar(v)) {
            return null;
        }
        if (v instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (!(e.getKey() instanceof String key)) {
                    return " is a Map with a non-String key " + e.getKey() + "; JSON object keys must be strings";
                }
                String bad = unwritable(e.getValue());
                if (bad != null) {
                    return "." + key + bad;
                }
            }
            return null;
        }
        if (v instanceof List<?> l) {
            for (int i = 0, n = l.size(); i < n; i++) {
                String bad = unwritable(l.get(i));
                if (bad != null) {
                    return "[" + i + "]" + bad;
                }
            }
            return null;
        }
        return " has unsupported type " + v.getClass().getName()
                + "; allowed: String, Number, Boolean, null, Map, List, JsonNode, byte[], Address, Hash";
    }

    private static boolean isScalar(Object v) {
        return v == null || v instanceof String || v instanceof Boolean || v instanceof Address
                || v instanceof Hash || v instanceof byte[] || v instanceof TreeNode
                || v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte
                || v instanceof BigInteger || v instanceof BigDecimal || v instanceof Double
                || v instanceof Float;
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
