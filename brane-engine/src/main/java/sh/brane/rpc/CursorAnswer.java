package sh.brane.rpc;

/**
 * The fast path of one typed answer held in one array: {@code {"jsonrpc":"2.0","id":7,"result":...}} with its
 * {@code id} before its {@code result} and a decoder that has a {@link CursorDecoder}, read by a {@link JsonCursor}
 * straight from the bytes. Any other message (a batch, an error, a notification, an untyped result, a result before
 * its id, anything the cursor bails on, any value the decoder rejects) leaves the sink untouched and returns false:
 * {@link JsonRpcReader} then reads it with the token path, which gives the same value or words the error. So a
 * hostile answer costs at most one extra linear pass, which stops at the first byte the cursor does not accept.
 */
final class CursorAnswer {

    private static final JsonCursor.Names ENVELOPE =
            new JsonCursor.Names("jsonrpc", "id", "result", "error", "method", "params");
    private static final int JSONRPC = 0;
    private static final int ID = 1;
    private static final int RESULT = 2;

    private CursorAnswer() { }

    /** Reads the answer and reports it to {@code sink} if it is one the fast path takes; false (sink untouched) if not. */
    static boolean read(byte[] bytes, int off, int len, ResponseSink sink) {
        JsonCursor c = JsonCursor.over(bytes, off, len);
        long id = JsonRpcReader.NO_ID;
        Object value = null;
        boolean decoded = false;
        try {
            c.beginObject();
            for (int f = c.firstField(ENVELOPE); f != JsonCursor.END; f = c.nextField(ENVELOPE)) {
                switch (f) {
                    case JSONRPC, JsonCursor.UNKNOWN -> c.skipValue();
                    case ID -> {
                        if (id != JsonRpcReader.NO_ID) {
                            return false; // a second id: the token path's rules decide which counts
                        }
                        id = c.plainLong();
                    }
                    case RESULT -> {
                        if (id == JsonRpcReader.NO_ID || decoded) {
                            return false;
                        }
                        ResultDecoder<?> decoder = sink.decoderFor(id);
                        CursorDecoder<?> fast = decoder == null ? null : decoder.cursorDecoder();
                        if (fast == null) {
                            return false;
                        }
                        value = fast.decode(c);
                        decoded = true;
                    }
                    default -> {
                        return false; // error, method, params: the token path's business
                    }
                }
            }
        } catch (RuntimeException e) {
            // JsonCursor.Bail, or a value a record refused: the token path reads it again and words the error
            return false;
        }
        if (!decoded) {
            return false;
        }
        sink.onDecoded(id, value);
        return true;
    }
}
