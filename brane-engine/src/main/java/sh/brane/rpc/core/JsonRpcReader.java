package sh.brane.rpc.core;

import java.io.InputStream;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.NullNode;

import sh.brane.rpc.CursorAnswer;
import sh.brane.rpc.NodeText;
import sh.brane.rpc.ResultDecoder;

/**
 * Parses JSON-RPC responses, batches and notifications with Jackson's streaming parser; only {@code error},
 * notification params and untyped results become trees. A typed call's result is decoded straight from the parser
 * when its {@code id} came first (as every known node writes it), else from a tree, to the same value. Answers in
 * one array are first offered to {@link CursorAnswer}; this token path reads whatever that declines.
 */
public final class JsonRpcReader {

    public static final long NO_ID = Long.MIN_VALUE;
    /** {@link #recoverId} result for a message that is a notification (it has a top-level method, no id). */
    public static final long NOTIFICATION = Long.MIN_VALUE + 1;

    private JsonRpcReader() { }

    public static void read(byte[] bytes, int off, int len, ResponseSink sink) {
        if (CursorAnswer.readAll(bytes, off, len, sink)) {
            return;
        }
        readTokens(bytes, off, len, sink);
    }

    /** The token path over an array (cheaper than over a stream: no copying into Jackson's own buffer). */
    private static void readTokens(byte[] bytes, int off, int len, ResponseSink sink) {
        try (JsonParser p = JsonRpcWriter.MAPPER.createParser(bytes, off, len)) {
            read(p, sink);
        } catch (JacksonException e) {
            sink.onUnmatched("malformed JSON: " + NodeText.of(e.getOriginalMessage()));
        }
    }

    /** Answers up to this size not in one array are copied into a per-I/O-thread scratch array for the fast path:
     *  the copy costs a few percent of a parse, the fast path saves about half. */
    public static final int SCRATCH_LIMIT = 2 << 20;
    private static final ThreadLocal<byte[]> SCRATCH = new ThreadLocal<>();

    /** Reads the readable bytes of {@code buf}: a heap buffer through its array, any other through a copy (up to
     *  {@link #SCRATCH_LIMIT}) or else a stream Jackson reads in its own small recycled buffer. */
    public static void read(ByteBuf buf, ResponseSink sink) {
        if (buf.hasArray()) {
            read(buf.array(), buf.arrayOffset() + buf.readerIndex(), buf.readableBytes(), sink);
            return;
        }
        int n = buf.readableBytes();
        if (n <= SCRATCH_LIMIT) {
            byte[] scratch = scratch(n);
            buf.getBytes(buf.readerIndex(), scratch, 0, n);
            // the sink's callbacks never read another message, so the copy stays whole while it is read
            read(scratch, 0, n, sink);
            return;
        }
        read(new ByteBufInputStream(buf.duplicate()), sink);
    }

    /** The thread's scratch array, grown to at least {@code n} bytes (a power of two, at most the limit). */
    private static byte[] scratch(int n) {
        byte[] s = SCRATCH.get();
        if (s == null || s.length < n) {
            s = new byte[Math.min(SCRATCH_LIMIT, Math.max(4096, Integer.highestOneBit(Math.max(n - 1, 1)) << 1))];
            SCRATCH.set(s);
        }
        return s;
    }

    public static void read(InputStream in, ResponseSink sink) {
        try (JsonParser p = JsonRpcWriter.MAPPER.createParser(in)) {
            read(p, sink);
        } catch (JacksonException e) {
            sink.onUnmatched("malformed JSON: " + NodeText.of(e.getOriginalMessage()));
        }
    }

    /** Thrown after a malformed object was reported, to stop reading the rest of the document. */
    private static final class Abort extends RuntimeException {
        static final Abort INSTANCE = new Abort();

        private Abort() {
            super(null, null, false, false);
        }
    }

    private static void read(JsonParser p, ResponseSink sink) {
        try {
            readDocument(p, sink);
        } catch (Abort done) {
            // already reported
        }
    }

    private static void readDocument(JsonParser p, ResponseSink sink) {
        JsonToken t = p.nextToken();
        if (t == JsonToken.START_OBJECT) {
            readObject(p, sink);
        } else if (t == JsonToken.START_ARRAY) {
            int count = 0;
            while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                if (t == null) {
                    sink.onUnmatched("malformed JSON: batch array not closed");
                    return;
                }
                if (t != JsonToken.START_OBJECT) {
                    sink.onUnmatched("batch element " + count + " is " + t + ", expected an object");
                    p.skipChildren();
                } else {
                    readObject(p, sink);
                }
                count++;
            }
        } else {
            sink.onUnmatched("expected a JSON object or array, got " + (t == null ? "nothing" : t));
        }
    }

    /** Reads one object whose START_OBJECT is current; reports exactly one event to the sink. */
    private static void readObject(JsonParser p, ResponseSink sink) {
        long id = NO_ID;
        String badId = null;
        JsonNode result = null;
        Object decoded = null;
        boolean hasDecoded = false;
        String decodeFailure = null;
        JsonNode error = null;
        String method = null;
        JsonNode params = null;
        try {
            JsonToken t;
            while ((t = p.nextToken()) == JsonToken.PROPERTY_NAME) {
                String name = p.currentName();
                t = p.nextToken();
                switch (name) {
                    case "id" -> {
                        if (t == JsonToken.VALUE_NUMBER_INT && p.getNumberType() != JsonParser.NumberType.BIG_INTEGER) {
                            id = p.getLongValue();
                        } else if (t == JsonToken.VALUE_STRING) {
                            id = parseLongOrNoId(p.getString());
                            if (id == NO_ID) {
                                badId = p.getString();
                            }
                        } else {
                            badId = t == JsonToken.VALUE_NULL ? "null" : p.getString();
                            p.skipChildren();
                        }
                    }
                    case "result" -> {
                        ResultDecoder<?> decoder = id == NO_ID ? null : sink.decoderFor(id);
                        if (decoder == null) {
                            result = treeOf(p);
                        } else {
                            int depth = enclosingDepth(p);
                            try {
                                decoded = decoder.decode(p);
                                hasDecoded = true;
                            } catch (JacksonException e) {
                                throw e;
                            } catch (RuntimeException e) {
                                // a well-formed value the decoder rejects: skip the rest of it, read on
                                decodeFailure = String.valueOf(e.getMessage());
                                skipTo(p, depth);
                            }
                            if (p.streamReadContext().getNestingDepth() != depth) {
                                throw new IllegalStateException("decoder left the result unfinished");
                            }
                        }
                    }
                    case "error" -> error = treeOf(p);
                    case "method" -> method = t == JsonToken.VALUE_STRING ? p.getString() : null;
                    case "params" -> params = treeOf(p);
                    default -> p.skipChildren();
                }
            }
            if (t != JsonToken.END_OBJECT) {
                throw new IllegalStateException("object not closed");
            }
        } catch (JacksonException | IllegalStateException e) {
            String reason = "malformed JSON: "
                    + NodeText.of(e instanceof JacksonException je ? je.getOriginalMessage() : e.getMessage());
            if (id != NO_ID) {
                sink.onInvalid(id, reason);
            } else {
                sink.onUnmatched(reason);
            }
            // the parser cannot resync inside a broken document: stop here
            throw Abort.INSTANCE;
        }
        if (id != NO_ID && (error == null || error.isNull())) {
            if (decodeFailure != null) {
                sink.onInvalid(id, decodeFailure);
                return;
            }
            if (hasDecoded) {
                sink.onDecoded(id, decoded);
                return;
            }
        }
        dispatch(id, badId, result, error, method, params, sink);
    }

    /** The nesting depth of the object holding the value whose first token is current. */
    private static int enclosingDepth(JsonParser p) {
        int depth = p.streamReadContext().getNestingDepth();
        JsonToken t = p.currentToken();
        return t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY ? depth - 1 : depth;
    }

    /** Reads on until the value being read is closed (the parser back at {@code depth}). */
    private static void skipTo(JsonParser p, int depth) {
        while (p.streamReadContext().getNestingDepth() > depth) {
            if (p.nextToken() == null) {
                throw new IllegalStateException("object not closed");
            }
        }
    }

    private static void dispatch(long id, String badId, JsonNode result, JsonNode error, String method,
                                 JsonNode params, ResponseSink sink) {
        if (method != null && id == NO_ID && badId == null) {
            if ("eth_subscription".equals(method) && params != null && params.path("subscription").isString()) {
                sink.onNotification(params.get("subscription").asString(), params.path("result"));
            } else {
                sink.onUnmatched("unexpected server message with method " + NodeText.of(method));
            }
            return;
        }
        if (id == NO_ID) {
            // everything here came from the node and ends up in a WARN line: escaped and cut (NodeText)
            String what = error != null ? " (error: " + NodeText.of(error) + ")" : "";
            sink.onUnmatched((badId == null ? "response without id" : "response with unusable id " + NodeText.of(badId))
                    + what);
            return;
        }
        if (error != null && !error.isNull()) {
            // canConvertToInt first: Jackson 3's asInt() throws on a code beyond an int
            JsonNode codeNode = error.path("code");
            int code = codeNode.isIntegralNumber() && codeNode.canConvertToInt() ? codeNode.asInt() : 0;
            String message = error.path("message").isString() ? error.get("message").asString() : error.toString();
            JsonNode data = error.get("data");
            sink.onError(id, code, message, data);
        } else if (result != null) {
            ResultDecoder<?> decoder = sink.decoderFor(id);
            if (decoder == null) {
                sink.onResult(id, result);
                return;
            }
            // the result came before the id: decode the tree it was read into
            Object value;
            try {
                value = decoder.decode(treeParser(result));
            } catch (RuntimeException e) {
                sink.onInvalid(id, String.valueOf(e.getMessage()));
                return;
            }
            sink.onDecoded(id, value);
        } else {
            sink.onInvalid(id, "response has neither result nor error");
        }
    }

    private static JsonParser treeParser(JsonNode node) {
        JsonParser p = node.traverse(tools.jackson.core.ObjectReadContext.empty());
        p.nextToken();
        return p;
    }

    private static JsonNode treeOf(JsonParser p) {
        if (p.currentToken() == JsonToken.VALUE_NULL) {
            return NullNode.getInstance();
        }
        JsonNode node = p.readValueAsTree();
        return node == null ? NullNode.getInstance() : node;
    }

    static long parseLongOrNoId(String s) {
        if (s.isEmpty() || s.length() > 18) {
            return NO_ID;
        }
        long v = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return NO_ID;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }
}
