package sh.brane.rpc;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import tools.jackson.databind.JsonNode;

/**
 * A JSON-RPC transport to an Ethereum node. Thread-safe. Every returned future ends: with the result, or
 * exceptionally with a {@link BraneRpcException} subtype (RPC error, timeout, connection lost,
 * backpressure, ...). Futures are completed off the I/O threads, so continuations may block.
 *
 * <p>Callers ask a provider what it can do ({@link #canSubscribe()}, {@link #owns(Subscription)}) and how it
 * is ({@link #status()}) rather than testing its class: a decorator (tracing, metrics) hides the class, and
 * must pass these three through to what it wraps.
 *
 * <p>Params may contain {@code String}, {@code Number}, {@code Boolean}, {@code null}, {@code Map},
 * {@code List}, {@code JsonNode}, {@code byte[]} (hex), and {@code Address}/{@code Hash} (hex).
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
     * Sends a typed call: {@code decoder} reads the result straight from the answer's parser, in the pass that
     * reads the answer (no {@link JsonNode} tree). A value the decoder rejects fails the future with
     * {@link InvalidResponseException}. This default decodes the tree of {@link #sendAsync(String, List)}, for
     * providers and decorators without a streaming path: same values, one more pass.
     */
    default <T> CompletableFuture<T> sendAsync(String method, List<?> params, ResultDecoder<T> decoder) {
        return sendAsync(method, params).thenApply(node -> ResultDecoder.decodeTree(decoder, node, method));
    }

    /**
     * {@link #sendAsync(String, List, ResultDecoder)} with a per-request timeout. This default decodes the tree of
     * {@link #sendAsync(String, List, Duration)}; providers with a streaming path override it.
     */
    default <T> CompletableFuture<T> sendAsync(String method, List<?> params, Duration timeout,
                                               ResultDecoder<T> decoder) {
        return sendAsync(method, params, timeout).thenApply(node -> ResultDecoder.decodeTree(decoder, node, method));
    }

    /** {@link #sendAsync(String, List, ResultDecoder)}, waiting up to the provider's default timeout. */
    default <T> T send(String method, List<?> params, ResultDecoder<T> decoder) {
        return Blocking.await(sendAsync(method, params, decoder), method);
    }

    /**
     * Sends and waits for the result, up to {@code timeout}. A provider whose blocking calls can do their exchange
     * on the caller's own thread ({@link HttpProvider} on a platform thread, with no hand-off to an event loop and
     * back) overrides it, so that a {@link FallbackProvider} waiting with what is left of its deadline keeps that
     * path. This default waits on {@link #sendAsync(String, List, Duration)}. Decorators pass it through.
     */
    default JsonNode send(String method, List<?> params, Duration timeout) {
        return Blocking.await(sendAsync(method, params, timeout), method);
    }

    /** {@link #send(String, List, Duration)} for a typed call: see {@link #sendAsync(String, List, Duration, ResultDecoder)}. */
    default <T> T send(String method, List<?> params, Duration timeout, ResultDecoder<T> decoder) {
        return Blocking.await(sendAsync(method, params, timeout, decoder), method);
    }

    /**
     * Sends through the throughput path: requests from many callers are coalesced into few network writes
     * (the ring buffer on WebSocket, a short batching window on HTTP).
     */
    CompletableFuture<JsonNode> sendAsyncBatch(String method, List<?> params);

    /**
     * Sends a real JSON-RPC batch: one JSON array, one round trip. The i-th future belongs to the i-th call;
     * each ends on its own (one call's RPC error does not fail the others).
     */
    List<CompletableFuture<JsonNode>> sendBatch(List<RpcCall> calls);

    /**
     * {@link #sendBatch}, waiting until every call of the batch has ended: the returned futures are all done (each
     * with its result or its error). A provider whose blocking calls can do their exchange on the caller's own thread
     * ({@link HttpProvider} on a platform thread) does the batch's that way, with no hand-off to an event loop and
     * back; this default waits on {@link #sendBatch}'s futures.
     */
    default List<CompletableFuture<JsonNode>> sendBatchAndWait(List<RpcCall> calls) {
        List<CompletableFuture<JsonNode>> futures = sendBatch(calls);
        Blocking.awaitAll(futures);
        return futures;
    }

    /**
     * Opens an {@code eth_subscribe} subscription, e.g. {@code subscribe(List.of("newHeads"), listener)}.
     * Only providers with a push channel (WebSocket) support it; others fail with
     * {@link UnsupportedOperationException}.
     */
    CompletableFuture<Subscription> subscribe(List<?> params, SubscriptionListener listener);

    /** Ends a subscription; completes with the node's answer to {@code eth_unsubscribe}. */
    CompletableFuture<Boolean> unsubscribe(Subscription subscription);

    /**
     * Whether {@link #subscribe} can succeed here: the provider, or one of its endpoints, has a push channel
     * (WebSocket). False by default. Decorators return their delegate's answer.
     */
    default boolean canSubscribe() {
        return false;
    }

    /**
     * Whether {@code subscription} was made by this provider (or by one of its endpoints), i.e. whether
     * {@link #unsubscribe} here will end it. False by default. Decorators return their delegate's answer.
     */
    default boolean owns(Subscription subscription) {
        return false;
    }

    /**
     * The status of every endpoint behind this provider, in order: one for a WebSocket or HTTP provider, one per
     * endpoint for a {@link FallbackProvider}. Empty by default (nothing known). Decorators return their
     * delegate's answer.
     */
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
