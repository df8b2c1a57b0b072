package sh.brane.rpc;

/**
 * The fast form of a {@link ResultDecoder}: reads the {@code result} from the answer's bytes with a {@link JsonCursor},
 * consuming exactly the value. It must give what the token form gives, and bail ({@link JsonCursor#bail()}) on
 * anything else, so the token form decides. Runs on the reading thread.
 */
@FunctionalInterface
public interface CursorDecoder<T> {

    T decode(JsonCursor c);
}
