package sh.brane.rpc;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.databind.JsonNode;

/**
 * Reads the {@code result} of one JSON-RPC answer straight from the streaming parser, with no {@link JsonNode} tree.
 * The parser starts on the result's first token; the decoder reads exactly that value and leaves the parser on its
 * last token, as {@link JsonParser#skipChildren()} would. A rejected value throws a {@link RuntimeException} naming
 * what was wrong (the future then fails with {@link InvalidResponseException}). Runs on an I/O thread: never block.
 */
@FunctionalInterface
public interface ResultDecoder<T> {

    T decode(JsonParser p);

    /** The fast form over the answer's bytes, or null; whatever it bails on is read again by {@link #decode}. */
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
     * Applies {@code decoder} to a result already read as a tree (providers without a streaming path, answers whose
     * {@code result} came before their {@code id}), to the same value.
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
