package sh.brane.rpc.core;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

import tools.jackson.databind.JsonNode;

import sh.brane.rpc.ResultDecoder;

/**
 * One request waiting for its answer, and the future its caller holds: whoever takes it from the
 * {@link InFlightTable} completes it. Being the future itself (as Lettuce's commands are) saves a second object and
 * a reference per request in flight; {@link #future()} and {@link #typedFuture()} give it its caller's type.
 */
public final class PendingRequest extends CompletableFuture<Object> {

    public final long id;
    public final String method;
    /** Its deadline is {@code startNanos + timeoutNanos}, swept by the {@link DeadlineTimer}: nothing per request. */
    public final long startNanos;
    public final long timeoutNanos;
    /** Runs on the parsing thread before the future completes (keeps subscription ids ahead of notifications). */
    public final Consumer<JsonNode> onResultInline;
    /** The future is only waited on by a blocking {@code send}, never handed to user code, so it completes on the
     *  answering thread without a hop to the callback executor. */
    public final boolean completeInPlace;
    /** The ids of this request's JSON-RPC batch, or null if sent alone: a too-large answer fails just its batch. */
    public volatile long[] batchIds;
    /** The params, kept on WebSocket to write a call answered "not now" again; {@code retries} counts those (I/O thread). */
    public List<?> params;
    public short retries;
    /** The HTTP exchange carrying this call now: only its response may answer it. Null on WebSocket, and once ended. */
    public volatile Object exchange;
    /** Reads a typed call's result straight from the parser (then this future holds its value); null: a tree. */
    public final ResultDecoder<?> decoder;

    /** An untyped request started now, whose future goes to its caller. */
    public PendingRequest(long id, String method, long timeoutNanos, Consumer<JsonNode> onResultInline) {
        this(id, method, timeoutNanos, onResultInline, false, null, System.nanoTime());
    }

    /** A request started at {@code startNanos}: the calls of one batch share one clock read. */
    public PendingRequest(long id, String method, long timeoutNanos, Consumer<JsonNode> onResultInline,
                          boolean completeInPlace, ResultDecoder<?> decoder, long startNanos) {
        this.decoder = decoder;
        this.id = id;
        this.completeInPlace = completeInPlace;
        this.method = method;
        this.startNanos = startNanos;
        this.timeoutNanos = timeoutNanos;
        this.onResultInline = onResultInline;
    }

    /** The ids of {@code batch}'s requests, each told it went in this batch (its timeout or a too-large answer names
     *  the batch). */
    public static long[] markBatch(List<PendingRequest> batch) {
        long[] ids = new long[batch.size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = batch.get(i).id;
        }
        for (PendingRequest r : batch) {
            r.batchIds = ids;
        }
        return ids;
    }

    /** The future of an untyped call: it completes with a {@link JsonNode}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public CompletableFuture<JsonNode> future() {
        return (CompletableFuture) this;
    }

    /** The future of a typed call, seen with its decoder's type. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public <T> CompletableFuture<T> typedFuture() {
        return (CompletableFuture) this;
    }
}
