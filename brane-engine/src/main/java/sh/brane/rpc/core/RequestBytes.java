package sh.brane.rpc.core;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufOutputStream;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.primitives.Hex;

import sh.brane.rpc.RpcCall;

/**
 * Writes a JSON-RPC request straight into a buffer, byte for byte what {@link JsonRpcWriter} writes, when its method
 * and params are the kinds nearly every call carries (plain strings, integers, booleans, null, {@link Address},
 * {@link Hash}, {@code byte[]}, maps and lists of those); anything else leaves the buffer as it was and the caller
 * uses Jackson. A Jackson generator per call costs more than the call's few dozen bytes.
 */
public final class RequestBytes {

    private static final byte[] HEAD = "{\"jsonrpc\":\"2.0\",\"id\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NULL = "null".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TRUE = "true".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] FALSE = "false".getBytes(StandardCharsets.US_ASCII);
    /** Nesting of maps and lists beyond which Jackson writes the request (it is a rare, odd request). */
    private static final int MAX_DEPTH = 8;

    private RequestBytes() {
    }

    /** Writes the request into {@code buf}; false (and {@code buf} untouched) when Jackson must write it. */
    public static boolean tryWrite(ByteBuf buf, long id, String method, List<?> params) {
        byte[] middle = MethodBytes.of(method);
        if (middle == null) {
            return false;
        }
        int start = buf.writerIndex();
        boolean noParams = params == null || params.isEmpty();
        if (buf.hasArray()) {
            writeHead(buf, id, middle, noParams);
            if (noParams) {
                return true;
            }
        } else {
            buf.writeBytes(HEAD);
            writeLong(buf, id);
            buf.writeBytes(middle);
        }
        if (params != null && !values(buf, params, 0)) {
            buf.writerIndex(start);
            return false;
        }
        buf.writeByte(']').writeByte('}');
        return true;
    }

    /** The request's head straight into a heap buffer's array: one bounds check for the whole head, where one per
     *  {@code writeBytes} cost more than the copy. */
    private static void writeHead(ByteBuf buf, long id, byte[] middle, boolean close) {
        buf.ensureWritable(HEAD.length + 20 + middle.length + 2);
        byte[] a = buf.array();
        int at = buf.arrayOffset() + buf.writerIndex();
        System.arraycopy(HEAD, 0, a, at, HEAD.length);
        at += HEAD.length;
        if (id >= 0) {
            int digits = digits(id);
            for (int i = at + digits - 1; i >= at; i--) {
                a[i] = (byte) ('0' + id % 10);
                id /= 10;
            }
            at += digits;
            buf.writerIndex(at - buf.arrayOffset());
        } else {
            buf.writerIndex(at - buf.arrayOffset());
            writeLong(buf, id); // a negative id: never one of ours, written the long way
            at = buf.arrayOffset() + buf.writerIndex();
            a = buf.array(); // the same array (room was made above), looked up again rather than assumed
        }
        System.arraycopy(middle, 0, a, at, middle.length);
        at += middle.length;
        if (close) {
            a[at++] = ']';
            a[at++] = '}';
        }
        buf.writerIndex(at - buf.arrayOffset());
    }

    /** Writes one request, through Jackson when {@link #tryWrite} cannot: the same bytes either way. */
    public static void write(ByteBuf buf, long id, String method, List<?> params) {
        if (!tryWrite(buf, id, method, params)) {
            JsonRpcWriter.writeRequest(new ByteBufOutputStream(buf), id, method, params);
        }
    }

    /** Writes a JSON-RPC batch, {@link JsonRpcWriter#writeBatch}'s bytes: one array, the i-th call under {@code ids[i]}. */
    public static void writeBatch(ByteBuf buf, long[] ids, List<RpcCall> calls) {
        buf.writeByte('[');
        for (int i = 0; i < ids.length; i++) {
            if (i > 0) {
                buf.writeByte(',');
            }
            RpcCall call = calls.get(i);
            write(buf, ids[i], call.method(), call.params());
        }
        buf.writeByte(']');
    }

    private static boolean values(ByteBuf buf, List<?> values, int depth) {
        for (int i = 0, n = values.size(); i < n; i++) {
            if (i > 0) {
                buf.writeByte(',');
            }
            if (!value(buf, values.get(i), depth)) {
                return false;
            }
        }
        return true;
    }

    private static boolean value(ByteBuf buf, Object v, int depth) {
        if (v == null) {
            buf.writeBytes(NULL);
        } else if (v instanceof String s) {
            return string(buf, s);
        } else if (v instanceof Boolean b) {
            buf.writeBytes(b ? TRUE : FALSE);
        } else if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
            writeLong(buf, ((Number) v).longValue());
        } else if (v instanceof BigInteger n) {
            buf.writeCharSequence(n.toString(), StandardCharsets.US_ASCII);
        } else if (v instanceof Address a) {
            return string(buf, a.toHex());
        } else if (v instanceof Hash h) {
            return string(buf, h.toHex());
        } else if (v instanceof byte[] bytes) {
            return string(buf, Hex.encode(bytes));
        } else if (v instanceof Map<?, ?> m && depth < MAX_DEPTH) {
            buf.writeByte('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (!first) {
                    buf.writeByte(',');
                }
                first = false;
                if (!(e.getKey() instanceof String key) || !string(buf, key)) {
                    return false;
                }
                buf.writeByte(':');
                if (!value(buf, e.getValue(), depth + 1)) {
                    return false;
                }
            }
            buf.writeByte('}');
        } else if (v instanceof List<?> l && depth < MAX_DEPTH) {
            buf.writeByte('[');
            if (!values(buf, l, depth + 1)) {
                return false;
            }
            buf.writeByte(']');
        } else {
            return false; // doubles, BigDecimal, JSON trees, deep nesting: Jackson's formatting
        }
        return true;
    }

    private static boolean string(ByteBuf buf, String s) {
        if (!plain(s)) {
            return false;
        }
        buf.writeByte('"');
        buf.writeCharSequence(s, StandardCharsets.US_ASCII);
        buf.writeByte('"');
        return true;
    }

    /** How many decimal digits {@code v} (not negative) has. */
    private static int digits(long v) {
        int digits = 1;
        for (long p = 10; digits < 19 && p <= v; p *= 10) {
            digits++;
        }
        return digits;
    }

    /** Printable ASCII with no quote or backslash: written as it is, as Jackson would. */
    public static boolean plain(String s) {
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') {
                return false;
            }
        }
        return true;
    }

    /** The digits straight into the buffer: a String per id cost more than the rest of a batched request's bytes. */
    private static void writeLong(ByteBuf buf, long v) {
        if (v >= 0 && v < 10) {
            buf.writeByte('0' + (int) v);
            return;
        }
        if (v < 0) {
            if (v == Long.MIN_VALUE) {
                buf.writeCharSequence(Long.toString(v), StandardCharsets.US_ASCII);
                return;
            }
            buf.writeByte('-');
            v = -v;
        }
        int digits = digits(v);
        buf.ensureWritable(digits);
        int at = buf.writerIndex();
        for (int i = at + digits - 1; i >= at; i--) {
            buf.setByte(i, (int) ('0' + v % 10));
            v /= 10;
        }
        buf.writerIndex(at + digits);
    }
}
