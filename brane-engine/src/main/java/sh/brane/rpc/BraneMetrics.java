package sh.brane.rpc;

/** Hooks a provider calls as it works, each a no-op by default. Called from I/O, ring and caller threads: must be
 *  thread-safe and fast, never block; a throwing hook is caught and ignored. */
public interface BraneMetrics {

    /** The shared instance that records nothing. */
    BraneMetrics NOOP = new BraneMetrics() { };

    /** A request was accepted and is about to be written. */
    default void onRequestStarted(String method) { }

    /** A request ended with a result. */
    default void onRequestCompleted(String method, long latencyNanos) { }

    /** A request failed, {@code latencyNanos} after it started (near 0 if refused); also called for timeouts and
     *  backpressure, beside their own hooks. */
    default void onRequestFailed(String method, RpcOutcome outcome, BraneRpcException error, long latencyNanos) { }

    /** A request got no answer within its timeout. */
    default void onRequestTimeout(String method, long timeoutNanos) { }

    /** A request was refused at once because the pending table was full. */
    default void onBackpressure(String method, int pendingRequests) { }

    /** The connection to the node was lost; {@code failedRequests} in-flight requests were failed. */
    default void onConnectionLost(String endpoint, int failedRequests) { }

    /** The connection came back after {@code attempts} attempts; subscriptions are being restored. */
    default void onReconnected(String endpoint, int attempts) { }

    /** A subscription notification arrived for a live subscription. */
    default void onSubscriptionNotification(String subscriptionKind) { }

    /** The ring buffer had no free slot: the caller waits for the I/O thread to catch up. */
    default void onRingBufferSaturated(int ringBufferSize) { }

    /** A response arrived whose id matches no pending request (late after a timeout, or a node bug). */
    default void onOrphanedResponse(String reason) { }

    /** A JSON-RPC batch (explicit, or coalesced) of {@code size} requests was written in one message. */
    default void onBatchSize(int size) { }
}
