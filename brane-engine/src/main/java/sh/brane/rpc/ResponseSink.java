package sh.brane.rpc;

import tools.jackson.databind.JsonNode;

/** What {@link JsonRpcReader} finds in one incoming message. Called on the thread that parses. */
interface ResponseSink {

    void onResult(long id, JsonNode result);

    void onError(long id, int code, String message, JsonNode data);

    void onNotification(String subscriptionId, JsonNode result);

    /** A response for a known id that cannot be used (malformed after the id, neither result nor error). */
    void onInvalid(long id, String reason);

    /** A message that cannot be tied to any request (no usable id, or malformed before the id). */
    void onUnmatched(String reason);
}
