package sh.brane.rpc.core;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

import tools.jackson.databind.JsonNode;

import sh.brane.rpc.ResultDecoder;

/** One request waiting for its answer. Whoever takes it from the {@link InFlightTable} ends it. */
public final class PendingRequest {

    public final long id;
    public final String method;
    public final CompletableFuture<JsonNode> future;
    public final long startNanos;
    public final long timeoutNanos;
    /** Runs on the parsing thread before the future completes (keeps subscription ids ahead of notifications). */
    public final Consumer<JsonNode> onResultInline;
    /**
     * The future is never handed to user code, only waited on by a blocking {@code send}: completing it on
     * whichever thread has the answer just wakes that caller, so no hop to the callback executor is needed.
     */
    public final boolean completeInPlace;
    /**
     * The ids of every call in this request's JSON-RPC batch (this one included), or null when it was
     * sent alone: an answer too large to read can then fail just its own batch.
     */
    public volatile long[] batchIds;
    /**
     * The call's params, kept (WebSocket only) so that a call the node answered "not now" can be written again
     * under the same id; {@code retries} counts those re-sends (touched on the I/O thread only).
     */
    public List<?> params;
    public int retries;
    /**
     * The HTTP exchange carrying this call now (set before each send, a retry's included): only that exchange's
     * response may answer it ({@link AnswerRouter.Scope}). Null on WebSocket.
     */
    public volatile Object exchange;
    /** The scheduled end of this request at its deadline ({@link DeadlineTimer}); cancelled when it ends first. */
    public volatile java.util.concurrent.ScheduledFuture<?> deadline;
    /**
     * Reads the result straight from the parser (a typed call), or null for a {@link JsonNode} result. With a
     * decoder, {@link #future} completes with the decoder's value instead of a tree: see {@link #typedFuture}.
     */
    public final ResultDecoder<?> decoder;

    public PendingRequest(long id, String method, long timeoutNanos, Consumer<JsonNode> onResultInline) {
        this(id, method, timeoutNanos, onResultInline, false);
    }

    public PendingRequest(long id, String method, long timeoutNanos, Consumer<JsonNode> onResultInline,
                   boolean completeInPlace) {
        this(id, method, timeoutNanos, onResultInline, completeInPlace, null);
    }

    public PendingRequest(long id, String method, long timeoutNanos, Consumer<JsonNode> onResultInline,
                   boolean completeInPlace, ResultDecoder<?> decoder) {
        this(id, method, timeoutNanos, onResultInline, completeInPlace, decoder, System.nanoTime());
    }

    /**
     * The same, started at {@code startNanos} ({@link System#nanoTime()} scale): the calls of one batch share the
     * instant it was made (a clock read per call was a tenth of a batch's admission in a profile).
     */
    public PendingRequest(long id, String method, long timeoutNanos, Consumer<JsonNode> onResultInline,
                   boolean completeInPlace, ResultDecoder<?> decoder, long startNanos) {
        this.decoder = decoder;
        this.id = id;
        this.completeInPlace = completeInPlace;
        this.method = method;
        this.future = new CompletableFuture<>();
        this.startNanos = startNanos;
        this.timeoutNanos = timeoutNanos;
        this.onResultInline = onResultInline;
    }

    /**
     * Completes the future with a result: a {@link JsonNode} for an untyped call, the decoder's value for a
     * typed one. The one place where the future's declared type is widened: the caller of a typed call holds it
     * as {@link #typedFuture}, the only view through which its value is read.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public boolean complete(Object result) {
        return ((CompletableFuture) future).complete(result);
    }

    /** The future of a typed call, seen with its decoder's type. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public <T> CompletableFuture<T> typedFuture() {
        return (CompletableFuture) future;
    }
}
