package sh.brane.rpc;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.databind.JsonNode;

/**
 * Reads the {@code result} of one JSON-RPC answer straight from the streaming parser, in the same pass that
 * reads the answer's envelope: no {@link JsonNode} tree is built on the way to a typed value.
 *
 * <p>The parser is handed over positioned on the first token of the result (a {@code START_OBJECT}, a string,
 * {@code VALUE_NULL}, ...). The decoder reads exactly that value and leaves the parser on its last token (the
 * matching {@code END_OBJECT}, or the scalar itself), as {@link JsonParser#skipChildren()} would. A value it
 * rejects ends in a {@link RuntimeException} whose message names what was wrong (the call's future then fails
 * with {@link InvalidResponseException}); malformed JSON ends in Jackson's own exception. Decoders run on the
 * thread that reads the answer (an I/O thread): they must not block.
 */
@FunctionalInterface
public interface ResultDecoder<T> {

    T decode(JsonParser p);

    /**
     * The fast form of this decoder, over the answer's bytes, or null if it has none. An answer held in one array
     * is read by it first ({@link CursorAnswer}); whatever it bails on is read again by {@link #decode}.
     */
    default CursorDecoder<T> cursorDecoder() {
        return null;
    }

    /** A decoder with both forms, which must give equal values for the JSON both accept. */
    static <T> ResultDecoder<T> of(ResultDecoder<T> tokens, CursorDecoder<T> bytes) {
        return new ResultDecoder<>() {
            @Override
            public T decode(JsonParser p) {
                return tokens.decode(p);
            }

            @Override
            public CursorDecoder<T> cursorDecoder() {
                return bytes;
            }
        };
    }

    /**
     * Applies {@code decoder} to a result that was already read as a tree: the path of providers (and
     * decorators) that have no streaming hook, and of answers whose {@code result} came before their
     * {@code id}. The value is the same as the streaming pass would give.
     *
     * @throws InvalidResponseException if the decoder rejects the value, its message prefixed by {@code method}
     */
    static <T> T decodeTree(ResultDecoder<T> decoder, JsonNode node, String method) {
        try (JsonParser p = node.traverse(ObjectReadContext.empty())) {
            JsonToken first = p.nextToken();
            if (first == null) {
                throw new InvalidResponseException(method + ": empty result");
            }
            return decoder.decode(p);
        } catch (RuntimeException e) {
            throw new InvalidResponseException(method + ": " + e.getMessage(), e);
        }
    }
}
