package sh.brane.rpc;

import java.nio.charset.StandardCharsets;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.NullNode;

import sh.brane.rpc.core.JsonRpcReader;
import sh.brane.rpc.core.ResponseSink;

/**
 * The fast path of answers held in one array: {@code {"jsonrpc":"2.0","id":7,"result":...}} with the id first, read
 * by a {@link JsonCursor} when the result is typed by a decoder with a {@link CursorDecoder}, or is an untyped string,
 * boolean or null. Anything else (an error, a notification, a bail, a rejected value) leaves the sink untouched and
 * returns false, and {@link JsonRpcReader}'s token path gives the same value or words the error: a hostile answer
 * costs at most one extra linear pass. Public for {@code sh.brane.rpc.core}; not API.
 */
public final class CursorAnswer {

    private static final JsonCursor.Names ENVELOPE =
            new JsonCursor.Names("jsonrpc", "id", "result", "error", "method", "params");
    private static final int JSONRPC = 0;
    private static final int ID = 1;
    private static final int RESULT = 2;

    private CursorAnswer() { }

    /** Reads one typed answer and reports it if the fast path takes it; false (sink untouched) if not. */
    static boolean read(byte[] bytes, int off, int len, ResponseSink sink) {
        return read(bytes, off, len, sink, false);
    }

    /** Reads a message of answers, alone or in a batch, and reports them if the fast path takes every one; false
     *  (sink untouched) if not. */
    public static boolean readAll(byte[] bytes, int off, int len, ResponseSink sink) {
        return read(bytes, off, len, sink, true);
    }

    private static boolean read(byte[] bytes, int off, int len, ResponseSink sink, boolean all) {
        JsonCursor c = JsonCursor.over(bytes, off, len);
        Answers read = new Answers(all, len);
        try {
            if (all && c.atArray()) {
                // a batch: every element must be one the fast path takes, or the token path reads the whole message
                if (!c.firstElement()) {
                    return false;
                }
                do {
                    if (!readOne(c, sink, read)) {
                        return false;
                    }
                } while (c.nextElement());
            } else if (!readOne(c, sink, read)) {
                return false;
            }
            if (all && !c.atEnd()) {
                return false;
            }
        } catch (RuntimeException e) {
            // CursorBail, or a value a record refused: the token path reads it again and words the error
            return false;
        }
        read.report(sink);
        return true;
    }

    /** Reads one answer object into {@code read}: a typed result through its fast form, or an untyped plain string,
     *  boolean or null; false for anything else. */
    private static boolean readOne(JsonCursor c, ResponseSink sink, Answers read) {
        long id = JsonRpcReader.NO_ID;
        Object value = NOT_TAKEN;
        boolean typed = false;
        int f;
        if (c.skipIfNext(HEAD)) {
            // the framing nearly every node writes byte for byte: one compare; anything else takes the field loop
            id = c.plainLong();
            if (c.skipIfNext(RESULT_NAME)) {
                ResultDecoder<?> decoder = sink.decoderFor(id);
                value = result(c, decoder, read);
                if (value == NOT_TAKEN) {
                    return false;
                }
                typed = decoder != null;
            }
            f = c.nextField(ENVELOPE);
        } else {
            c.beginObject();
            f = c.firstField(ENVELOPE);
        }
        for (; f != JsonCursor.END; f = c.nextField(ENVELOPE)) {
            switch (f) {
                case JSONRPC, JsonCursor.UNKNOWN -> c.skipValue();
                case ID -> {
                    if (id != JsonRpcReader.NO_ID) {
                        return false; // a second id: the token path's rules decide which counts
                    }
                    id = c.plainLong();
                }
                case RESULT -> {
                    if (id == JsonRpcReader.NO_ID || value != NOT_TAKEN) {
                        return false;
                    }
                    ResultDecoder<?> decoder = sink.decoderFor(id);
                    value = result(c, decoder, read);
                    if (value == NOT_TAKEN) {
                        return false;
                    }
                    typed = decoder != null;
                }
                default -> {
                    return false; // error, method, params: the token path's business
                }
            }
        }
        if (value == NOT_TAKEN) {
            return false;
        }
        read.add(id, value, typed);
        return true;
    }

    /** {@code {"jsonrpc":"2.0","id":}: how nodes begin an answer. */
    private static final byte[] HEAD = "{\"jsonrpc\":\"2.0\",\"id\":".getBytes(StandardCharsets.US_ASCII);

    /** {@code ,"result":}: what follows the id of a successful answer. */
    private static final byte[] RESULT_NAME = ",\"result\":".getBytes(StandardCharsets.US_ASCII);

    /** What {@link #result} gives for a result the fast path does not take (a decoder may give null). */
    private static final Object NOT_TAKEN = new Object();

    /** A result: through {@code decoder}'s fast form, else as a leaf if untyped ones are taken; or {@link #NOT_TAKEN}. */
    private static Object result(JsonCursor c, ResultDecoder<?> decoder, Answers read) {
        if (decoder != null) {
            CursorDecoder<?> fast = decoder.cursorDecoder();
            return fast == null ? NOT_TAKEN : fast.decode(c);
        }
        return read.untypedToo ? untyped(c) : NOT_TAKEN;
    }

    /** An untyped result the token path would read as a leaf node: a plain string, a boolean, null; else it bails. */
    private static JsonNode untyped(JsonCursor c) {
        if (c.atString()) {
            return JsonNodeFactory.instance.stringNode(c.plainString());
        }
        if (c.isNull()) {
            return NullNode.getInstance();
        }
        return JsonNodeFactory.instance.booleanNode(c.optBoolean()); // anything else bails
    }

        /** One message's answers, reported once all were read; the first in fields (a lone answer allocates no
         *  arrays), the rest in arrays. */
    private static final class Answers {
        /** Whether untyped leaves are taken too ({@link #readAll}). */
        final boolean untypedToo;
        private long firstId;
        private Object firstValue;
        private boolean firstTyped;
        private long[] ids;
        private Object[] values;
        private boolean[] typed;
        private int n;

        /** What the arrays start at once a second answer comes: about as many as the message can hold. */
        private final int firstSize;

        /** Arrays sized from the message length (each answer is at least {@link #SMALLEST_ANSWER} bytes) hold a batch
         *  of small answers without growing; capped, then doubled, so memory stays a fraction of the bounded message. */
        Answers(boolean untypedToo, int len) {
            this.untypedToo = untypedToo;
            this.firstSize = Math.clamp(len / SMALLEST_ANSWER, 15, 1024);
        }

        private static final int SMALLEST_ANSWER = 24;

        void add(long id, Object value, boolean isTyped) {
            if (n == 0) {
                firstId = id;
                firstValue = value;
                firstTyped = isTyped;
                n = 1;
                return;
            }
            int i = n - 1;
            if (ids == null || i == ids.length) {
                int size = ids == null ? firstSize : ids.length * 2;
                ids = ids == null ? new long[size] : java.util.Arrays.copyOf(ids, size);
                values = values == null ? new Object[size] : java.util.Arrays.copyOf(values, size);
                typed = typed == null ? new boolean[size] : java.util.Arrays.copyOf(typed, size);
            }
            ids[i] = id;
            values[i] = value;
            typed[i] = isTyped;
            n++;
        }

        void report(ResponseSink sink) {
            sink.expect(n);
            if (n > 0) {
                report(sink, firstId, firstValue, firstTyped);
            }
            for (int i = 0; i < n - 1; i++) {
                report(sink, ids[i], values[i], typed[i]);
            }
        }

        private static void report(ResponseSink sink, long id, Object value, boolean isTyped) {
            if (isTyped) {
                sink.onDecoded(id, value);
            } else {
                sink.onResult(id, (JsonNode) value);
            }
        }
    }
}
