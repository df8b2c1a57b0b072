package sh.brane.rpc.core;

import tools.jackson.databind.JsonNode;

import sh.brane.rpc.ResultDecoder;

/** What {@link JsonRpcReader} finds in one incoming message. Called on the thread that parses. */
public interface ResponseSink {

    void onResult(long id, JsonNode result);

    /** A hint before a message's answers are reported: about {@code answers} come, to size a collection once. */
    default void expect(int answers) {
    }

    /** The decoder for request {@code id}'s result, or null to read it as a tree; asked before the result is read. */
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
