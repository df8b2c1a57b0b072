package sh.brane.rpc;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.BooleanNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.NullNode;

/**
 * The fast path of whole messages held in one array that {@link CursorAnswer} does not take: a JSON-RPC batch of
 * answers, and answers whose {@code result} is read as a tree (untyped calls) when that result is a plain string,
 * {@code true}, {@code false} or {@code null}, which is what most calls return ({@code eth_chainId},
 * {@code eth_getBalance}, {@code eth_call}...). A typed answer in a batch takes its decoder's fast form.
 *
 * <p>All or nothing, as {@link CursorAnswer}: every answer of the message is read first, and the sink hears of them,
 * in order, only once the whole message was read. Anything else (an error, a notification, a result before its id,
 * a string id, a number, object or array read as a tree, a string with an escape, a typed result without a fast form,
 * anything the cursor bails on) leaves the sink untouched and returns false: {@link JsonRpcReader} then reads the
 * message with the token path, which gives the same events. So a message costs at most one extra linear pass.
 *
 * <p>Why: over HTTP a batch of 100 {@code eth_chainId} answers took the I/O thread most of its time in Jackson's
 * tokenizer and in building one tree per result through the mapper's deserializer lookup (profiled with JFR,
 * 24 Nov 2026).
 */
final class CursorMessage {

    private static final JsonCursor.Names ENVELOPE =
            new JsonCursor.Names("jsonrpc", "id", "result", "error", "method", "params");
    private static final int ID = 1;
    private static final int RESULT = 2;
    /** The mapper's own factory, so a string result is the node the token path would build. */
    private static final JsonNodeFactory NODES = JsonRpcWriter.MAPPER.deserializationConfig().getNodeFactory();

    private CursorMessage() { }

    /** Reads the message and reports its answers to {@code sink} if the fast path takes it; false (sink untouched) if not. */
    static boolean read(byte[] bytes, int off, int len, ResponseSink sink) {
        JsonCursor c = JsonCursor.over(bytes, off, len);
        Answers answers;
        try {
            int first = c.peekValue();
            // an answer takes at least about 24 bytes: room for all of them at once, bounded by the message's size
            answers = new Answers(first == '[' ? Math.min(4096, len / 24 + 1) : 1);
            if (first == '[') {
                if (!c.firstElement()) {
                    return false; // an empty batch: the token path's (no events)
                }
                do {
                    readOne(c, sink, answers);
                } while (c.nextElement());
            } else if (first == '{') {
                readOne(c, sink, answers);
            } else {
                return false;
            }
        } catch (RuntimeException e) {
            // JsonCursor.Bail, or a value a decoder refused: the token path reads it again and words the error
            return false;
        }
        answers.report(sink);
        return true;
    }

    /** One answer object: {@code {"jsonrpc":"2.0","id":<digits>,"result":<value>}}, fields in any order but id first. */
    private static void readOne(JsonCursor c, ResponseSink sink, Answers answers) {
        c.beginObject();
        long id = JsonRpcReader.NO_ID;
        Object value = null;
        boolean typed = false;
        boolean read = false;
        for (int f = c.firstField(ENVELOPE); f != JsonCursor.END; f = c.nextField(ENVELOPE)) {
            if (f == ID) {
                if (id != JsonRpcReader.NO_ID) {
                    throw JsonCursor.bail(); // a second id: the token path's rules decide which counts
                }
                id = c.plainLong();
            } else if (f == RESULT) {
                if (id == JsonRpcReader.NO_ID || read) {
                    throw JsonCursor.bail();
                }
                ResultDecoder<?> decoder = sink.decoderFor(id);
                if (decoder == null) {
                    value = plainNode(c);
                } else {
                    CursorDecoder<?> fast = decoder.cursorDecoder();
                    if (fast == null) {
                        throw JsonCursor.bail();
                    }
                    value = fast.decode(c);
                    typed = true;
                }
                read = true;
            } else if (f == JsonCursor.UNKNOWN || f == 0) {
                c.skipValue(); // "jsonrpc" and fields no answer needs
            } else {
                throw JsonCursor.bail(); // error, method, params: the token path's business
            }
        }
        if (!read) {
            throw JsonCursor.bail();
        }
        answers.add(id, value, typed);
    }

    /** A result read as a tree, when it is one of the plain values; anything else bails. */
    private static JsonNode plainNode(JsonCursor c) {
        int first = c.peekValue();
        if (first == '"') {
            return NODES.stringNode(c.plainString());
        }
        if (first == 'n') {
            if (!c.isNull()) {
                throw JsonCursor.bail();
            }
            return NullNode.getInstance();
        }
        if (first == 't' || first == 'f') {
            return BooleanNode.valueOf(c.optBoolean());
        }
        throw JsonCursor.bail();
    }

    /** The answers of one message, kept until it was read whole. */
    private static final class Answers {
        private long[] ids;
        private Object[] values;
        private boolean[] typed;
        private int n;

        Answers(int capacity) {
            ids = new long[capacity];
            values = new Object[capacity];
            typed = new boolean[capacity];
        }

        void add(long id, Object value, boolean isTyped) {
            if (n == ids.length) {
                int grown = Math.max(1, n * 2);
                ids = java.util.Arrays.copyOf(ids, grown);
                values = java.util.Arrays.copyOf(values, grown);
                typed = java.util.Arrays.copyOf(typed, grown);
            }
            ids[n] = id;
            values[n] = value;
            typed[n] = isTyped;
            n++;
        }

        void report(ResponseSink sink) {
            for (int i = 0; i < n; i++) {
                if (typed[i]) {
                    sink.onDecoded(ids[i], values[i]);
                } else {
                    sink.onResult(ids[i], (JsonNode) values[i]);
                }
            }
        }
    }
}
