package sh.brane.rpc;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import tools.jackson.databind.JsonNode;

/**
 * A JSON-RPC transport to an Ethereum node. Thread-safe. Every returned future ends, with the result or a
 * {@link BraneRpcException} subtype, off the I/O threads, so continuations may block. Callers ask a provider what it
 * can do ({@link #canSubscribe()}, {@link #owns(Subscription)}, {@link #status()}) rather than test its class, since
 * a decorator hides the class and passes these through.
 *
 * <p>Params may be {@code String}, {@code Number}, {@code Boolean}, {@code null}, {@code Map}, {@code List},
 * {@code JsonNode}, {@code byte[]}, {@code Address} and {@code Hash} (the last three as hex).
 */
public interface BraneProvider extends AutoCloseable {

    /** Sends and waits for the result, up to the provider's default timeout. */
    default JsonNode send(String method, List<?> params) {
        return Blocking.await(sendAsync(method, params), method);
    }

    /** Sends with the provider's default timeout. */
    CompletableFuture<JsonNode> sendAsync(String method, List<?> params);

    /** Sends with a per-request timeout. */
    CompletableFuture<JsonNode> sendAsync(String method, List<?> params, Duration timeout);

    /**
     * Sends a typed call: {@code decoder} reads the result straight from the answer's parser, with no
     * {@link JsonNode} tree; a value it rejects fails with {@link InvalidResponseException}. This default decodes
     * the tree of {@link #sendAsync(String, List)}: same values, one more pass.
     */
    default <T> CompletableFuture<T> sendAsync(String method, List<?> params, ResultDecoder<T> decoder) {
        return sendAsync(method, params).thenApply(node -> ResultDecoder.decodeTree(decoder, node, method));
    }

    /** {@link #sendAsync(String, List, ResultDecoder)} with a per-request timeout; this default decodes the tree. */
    default <T> CompletableFuture<T> sendAsync(String method, List<?> params, Duration timeout,
                                               ResultDecoder<T> decoder) {
        return sendAsync(method, params, timeout).thenApply(node -> ResultDecoder.decodeTree(decoder, node, method));
    }

    /** {@link #sendAsync(String, List, ResultDecoder)}, waiting up to the provider's default timeout. */
    default <T> T send(String method, List<?> params, ResultDecoder<T> decoder) {
        return Blocking.await(sendAsync(method, params, decoder), method);
    }

    /** Sends and waits up to {@code timeout}. Decorators pass it through, so a provider's own blocking path is
     *  kept. */
    default JsonNode send(String method, List<?> params, Duration timeout) {
        return Blocking.await(sendAsync(method, params, timeout), method);
    }

    /** {@link #send(String, List, Duration)} for a typed call. */
    default <T> T send(String method, List<?> params, Duration timeout, ResultDecoder<T> decoder) {
        return Blocking.await(sendAsync(method, params, timeout, decoder), method);
    }

    /** The throughput path: calls from many callers share few network writes (the WebSocket ring, the HTTP batching
     *  window). */
    CompletableFuture<JsonNode> sendAsyncBatch(String method, List<?> params);

    /** Sends a real JSON-RPC batch: one array, one round trip. The i-th future is the i-th call's; each ends on its
     *  own. */
    List<CompletableFuture<JsonNode>> sendBatch(List<RpcCall> calls);

    /** {@link #sendBatch}, returning once every call has ended. */
    default List<CompletableFuture<JsonNode>> sendBatchAndWait(List<RpcCall> calls) {
        List<CompletableFuture<JsonNode>> futures = sendBatch(calls);
        Blocking.awaitAll(futures);
        return futures;
    }

    /** Opens an {@code eth_subscribe} subscription, e.g. {@code subscribe(List.of("newHeads"), listener)}; providers
     *  without a push channel fail with {@link UnsupportedOperationException}. */
    CompletableFuture<Subscription> subscribe(List<?> params, SubscriptionListener listener);

    /** Ends a subscription; completes with the node's answer to {@code eth_unsubscribe}. */
    CompletableFuture<Boolean> unsubscribe(Subscription subscription);

    /** Whether {@link #subscribe} can succeed here (a push channel, here or behind). False by default. Decorators
     *  return their delegate's answer. */
    default boolean canSubscribe() {
        return false;
    }

    /** Whether {@code subscription} was made by this provider (or one of its endpoints), so {@link #unsubscribe}
     *  here ends it. False by default. Decorators return their delegate's answer. */
    default boolean owns(Subscription subscription) {
        return false;
    }

    /** The status of every endpoint behind this provider, in order (one per endpoint of a {@link FallbackProvider});
     *  empty by default. Decorators return their delegate's answer. */
    default List<EndpointStatus> status() {
        return List.of();
    }

    /** Replaces the metrics sink (default: {@link BraneMetrics#NOOP}). */
    void setMetrics(BraneMetrics metrics);

    /** Requests sent and not yet ended. */
    int pendingRequests();

    /** Fails every pending request with {@link ConnectionLostException} and stops every thread it started. */
    @Override
    void close();
}
