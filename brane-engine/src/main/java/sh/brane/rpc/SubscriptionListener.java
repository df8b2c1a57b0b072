package sh.brane.rpc;

import tools.jackson.databind.JsonNode;

/**
 * Receives a subscription's notifications, in order, never on an I/O thread.
 */
@FunctionalInterface
public interface SubscriptionListener {

    /** One notification's {@code params.result}. */
    void onNotification(JsonNode result);

    /**
     * The connection was lost and restored and the subscription re-established under the same handle:
     * notifications in between were missed (e.g. some new heads). Called before the first notification
     * of the new connection.
     */
    default void onGap() { }

    /** The subscription could not be re-established after a reconnect (it is then dead). */
    default void onError(BraneRpcException error) { }
}
