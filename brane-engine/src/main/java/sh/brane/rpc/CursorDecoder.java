package sh.brane.rpc;

/**
 * The fast form of a {@link ResultDecoder}: reads the {@code result} straight from the answer's bytes with a
 * {@link JsonCursor}, starting on the value and consuming exactly it. It must give the value the token form gives
 * for the same JSON, and throw {@link JsonCursor.Bail} (through {@link JsonCursor#bail()}) for anything it does not
 * accept, the token form then deciding (and wording any error). Runs on the thread that reads the answer.
 */
@FunctionalInterface
public interface CursorDecoder<T> {

    T decode(JsonCursor c);
}
