package sh.brane.rpc.core;

import tools.jackson.databind.JsonNode;

import sh.brane.rpc.ResultDecoder;

/** What {@link JsonRpcReader} finds in one incoming message. Called on the thread that parses. */
public interface ResponseSink {

    void onResult(long id, JsonNode result);

    /**
     * A hint, given before the answers of a message are reported: about {@code answers} of them come (a batch's
     * count, known once the whole message is read). Lets a sink size what it collects them in once.
     */
    default void expect(int answers) {
    }

    /**
     * The decoder for the result of request {@code id}, or null to read that result as a tree
     * ({@link #onResult}). Asked once the id is known, before the result is read.
     */
    default ResultDecoder<?> decoderFor(long id) {
        return null;
    }

    /** The result of request {@code id}, read by the decoder {@link #decoderFor} gave for it. */
    default void onDecoded(long id, Object value) {
        throw new IllegalStateException("a sink that hands out decoders must take their values");
    }

    void onError(long id, int code, String message, JsonNode data);

    void onNotification(String subscriptionId, JsonNode result);

    /** A response for a known id that cannot be used (malformed after the id, neither result nor error). */
    void onInvalid(long id, String reason);

    /** A message that cannot be tied to any request (no usable id, or malformed before the id). */
    void onUnmatched(String reason);
}
