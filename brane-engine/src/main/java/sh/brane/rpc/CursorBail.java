package sh.brane.rpc;

/**
 * Thrown by {@link JsonCursor} for input it does not read (escapes, odd shapes, values out of its range): the answer
 * then goes to the token path, which reads every valid answer and words the error for an invalid one. Carries no
 * stack and no message, so bailing costs nothing.
 */
public final class CursorBail extends RuntimeException {
    static final CursorBail INSTANCE = new CursorBail();

    private CursorBail() {
        super(null, null, false, false);
    }
}
