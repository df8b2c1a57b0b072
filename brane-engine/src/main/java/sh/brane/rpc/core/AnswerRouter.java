package sh.brane.rpc.core;

import java.nio.charset.StandardCharsets;

import io.netty.buffer.ByteBuf;
import tools.jackson.databind.JsonNode;

import sh.brane.rpc.FrameTooLargeException;
import sh.brane.rpc.InvalidResponseException;
import sh.brane.rpc.NodeText;
import sh.brane.rpc.ResultDecoder;
import sh.brane.rpc.RpcErrorCodes;
import sh.brane.rpc.RpcErrorException;

/**
 * Matches the answers of a provider's messages to the requests of its {@link InFlightTable}, for both transports, on
 * the reading thread in one pass: a typed call's result is decoded straight from the parser by its
 * {@link ResultDecoder}, any other read as a tree; one message's futures complete by one hand-off. Pushes go to
 * {@link Pushes} and "not now" answers to {@link Retries}, both handed in, so it knows nothing of the connection.
 */
public final class AnswerRouter {

    /** What the node pushes, and answers nobody waits for any more: the subscriptions' side. Without a push channel
     *  (HTTP, {@link #NONE}) a notification is an orphan and a late answer is dropped. */
    public interface Pushes {
        Pushes NONE = new Pushes() { };

        /** Delivers a notification; false when no subscription has that id. */
        default boolean deliver(String subscriptionId, JsonNode result) {
            return false;
        }

        /** A result for an id no longer in flight (it timed out, or was never sent). */
        default void lateAnswer(long id, JsonNode result) {
        }

        /** A notification too large to read, for {@code subscriptionId} ("" if unknown); returns how many were told. */
        default int lostNotification(String subscriptionId) {
            return 0;
        }
    }

    /** Asks again, later, a call the node answered "not now" with {@code answer}; false when it may not or cannot
     *  be (the call then ends with the answer). */
    @FunctionalInterface
    public interface Retries {
        boolean askAgainLater(PendingRequest r, RpcErrorException answer);
    }

    /** Which requests one message may answer: an HTTP response only its own exchange's calls (another id in it is
     *  an orphan, never another caller's answer); a WebSocket message any request in flight. */
    public interface Scope extends Retries {
        boolean owns(PendingRequest r);

        /** The one request an answer without a usable id must be for (a single-call HTTP exchange); or null. */
        PendingRequest soleRequest();

        /** What the message was, for errors (e.g. {@code "HTTP 200"}). */
        String describe();
    }

    private final InFlightTable table;
    private final RequestLifecycle lifecycle;
    private final Pushes pushes;
    private final Retries retries;
    private final String endpoint;
    private final String limitHint;

    /** {@code limitHint}: what to tell of a message over the size limit ({@code maxFrameSize} and how to raise it). */
    public AnswerRouter(InFlightTable table, RequestLifecycle lifecycle, Pushes pushes, Retries retries, String endpoint,
                 String limitHint) {
        this.table = table;
        this.lifecycle = lifecycle;
        this.pushes = pushes;
        this.retries = retries;
        this.endpoint = endpoint;
        this.limitHint = limitHint;
    }

    public void route(ByteBuf content) {
        AnswerGroup answers = new AnswerGroup();
        try {
            route(content, answers);
        } finally {
            lifecycle.deliver(answers);
        }
    }

    /** Reads one whole message and ends the requests it answers; their futures complete when {@code answers} is
     *  {@link #deliver}ed, so the messages of one read complete by one hand-off. */
    public void route(ByteBuf content, AnswerGroup answers) {
        JsonRpcReader.read(content, new Sink(null, answers));
    }

    /** As {@link #route(ByteBuf, AnswerGroup)}, answering only requests {@code scope} owns; the caller delivers
     *  {@code answers} once it has ended the rest of its own. */
    public void route(ByteBuf content, Scope scope, AnswerGroup answers) {
        JsonRpcReader.read(content, new Sink(scope, answers));
    }

    /** Completes {@code answers}' futures on the callback executor; {@code loop}, the calling event loop, times the
     *  group's watchdog. */
    public void deliver(AnswerGroup answers, java.util.concurrent.ScheduledExecutorService loop) {
        lifecycle.deliver(answers, loop);
    }

    public void onStrayContinuation() {
        lifecycle.hook(m -> m.onOrphanedResponse("continuation frame without a started message"));
    }

    /** A message of {@code size} bytes, too large to read: fails just the request or batch it answers, found from
     *  its kept start and end; a lost notification is a gap for its subscriber. */
    public void onOversize(long size, byte[] prefix, int prefixLen, byte[] suffix, int suffixLen) {
        long id = TruncatedAnswerIds.recoverId(prefix, prefixLen, suffix, suffixLen);
        String limit = "a message of " + size + " bytes exceeded " + limitHint;
        if (id == JsonRpcReader.NOTIFICATION) {
            int told = pushes.lostNotification(subscriptionIdIn(prefix, prefixLen));
            RequestLifecycle.LOG.warn("dropped a subscription notification: {}; {} subscriber(s) told of the gap",
                    limit, told);
            lifecycle.hook(m -> m.onOrphanedResponse("notification too large"));
            return;
        }
        if (id != JsonRpcReader.NO_ID) {
            PendingRequest r = table.take(id);
            if (r != null) {
                lifecycle.fail(r, new FrameTooLargeException(r.method + " (id " + r.id + ") failed: the response: " + limit));
            } else {
                lifecycle.hook(m -> m.onOrphanedResponse("oversized response for unknown id " + id));
            }
            return;
        }
        long member = TruncatedAnswerIds.batchMemberId(prefix, prefixLen, suffix, suffixLen);
        if (member != JsonRpcReader.NO_ID) {
            failBatch(member, limit);
            return;
        }
        int n = table.drain(p -> new FrameTooLargeException(p.method + " (id " + p.id + ") failed: " + limit
                + "; the response's id could not be read, so every pending request was failed"));
        RequestLifecycle.LOG.warn("{}; its request id could not be read, so {} pending request(s) were failed", limit, n);
    }

    /** Fails the calls of the batch that {@code memberId} was sent in, which the unreadable answer was for. */
    private void failBatch(long memberId, String limit) {
        PendingRequest member = table.get(memberId);
        long[] ids = member == null ? null : member.batchIds;
        if (ids == null) {
            lifecycle.hook(m -> m.onOrphanedResponse("oversized batch response for unknown id " + memberId));
            return;
        }
        for (long batchId : ids) {
            PendingRequest r = table.take(batchId);
            if (r != null) {
                lifecycle.fail(r, new FrameTooLargeException(r.method + " (id " + r.id + ") failed: the answer to its"
                        + " batch of " + ids.length + ": " + limit));
            }
        }
    }

    /** The {@code "subscription"} id in the kept start of a notification, or "" when it is not there. */
    private static String subscriptionIdIn(byte[] bytes, int length) {
        String start = new String(bytes, 0, length, StandardCharsets.ISO_8859_1);
        int key = start.indexOf("\"subscription\"");
        int colon = key < 0 ? -1 : start.indexOf(':', key);
        int open = colon < 0 ? -1 : start.indexOf('"', colon);
        int close = open < 0 ? -1 : start.indexOf('"', open + 1);
        return close < 0 ? "" : start.substring(open + 1, close);
    }

    private final class Sink implements ResponseSink {
        final AnswerGroup answers;
        /** Null: any request in flight (WebSocket). */
        private final Scope scope;

        /** When the message was read ({@link System#nanoTime()}), taken at its first answer; valid if {@link #timed}. */
        private long readAt;
        private boolean timed;
        /** The request {@link #decoderFor} found last, so ending its answer needs no second lookup; null once used.
         *  Checked by id and taken by identity, so a stale one never ends another request. */
        private PendingRequest found;

        Sink(Scope scope, AnswerGroup answers) {
            this.scope = scope;
            this.answers = answers;
        }

        /** One clock read per message, not per answer: a batch's 100 answers arrived together. */
        private long readAt() {
            if (!timed) {
                readAt = System.nanoTime();
                timed = true;
            }
            return readAt;
        }

        /** The request in flight under {@code id} that this message may answer, left in the table; or null. */
        private PendingRequest find(long id) {
            PendingRequest r = table.get(id);
            return r == null || scope == null || scope.owns(r) ? r : null;
        }

        /** The request in flight under {@code id} that this message may answer, taken out to be ended; or null. */
        private PendingRequest take(long id) {
            PendingRequest seen = found;
            found = null;
            if (seen != null && seen.id == id && table.take(seen)) {
                return seen; // found by decoderFor just before, for this same answer: no second look-up by id
            }
            if (scope == null) {
                return table.take(id);
            }
            PendingRequest r = table.get(id);
            return r != null && scope.owns(r) && table.take(r) ? r : null;
        }

        @Override
        public void expect(int count) {
            answers.expect(count);
        }

        @Override
        public ResultDecoder<?> decoderFor(long id) {
            // the reader asks for the decoder, then ends the same answer: take() starts from this request
            PendingRequest r = find(id);
            found = r;
            return r == null ? null : r.decoder;
        }

        @Override
        public void onDecoded(long id, Object value) {
            PendingRequest r = take(id);
            if (r == null) {
                lifecycle.hook(m -> m.onOrphanedResponse("result for unknown id " + id));
                return;
            }
            lifecycle.succeed(r, value, answers, readAt());
        }

        @Override
        public void onResult(long id, JsonNode result) {
            PendingRequest r = take(id);
            if (r == null) {
                pushes.lateAnswer(id, result);
                lifecycle.hook(m -> m.onOrphanedResponse("result for unknown id " + id));
                return;
            }
            if (r.onResultInline != null) {
                try {
                    r.onResultInline.accept(result);
                } catch (RuntimeException e) {
                    lifecycle.fail(r, new InvalidResponseException(r.method + " (id " + id + "): " + e.getMessage(), e),
                            answers);
                    return;
                }
            }
            lifecycle.succeed(r, result, answers, readAt());
        }

        @Override
        public void onError(long id, int code, String message, JsonNode data) {
            PendingRequest asked = find(id);
            if (asked != null && RpcErrorCodes.isRetryableAnswer(asked.method, code, message)
                    && (scope == null ? retries : scope)
                            .askAgainLater(asked, new RpcErrorException(asked.method, code, message, data))) {
                return;
            }
            PendingRequest r = take(id);
            if (r == null) {
                lifecycle.hook(m -> m.onOrphanedResponse("error for unknown id " + id));
                return;
            }
            lifecycle.fail(r, new RpcErrorException(r.method, code, message, data), answers);
        }

        @Override
        public void onNotification(String subscriptionId, JsonNode result) {
            if (!pushes.deliver(subscriptionId, result)) {
                lifecycle.hook(m -> m.onOrphanedResponse("notification for unknown subscription"));
            }
        }

        @Override
        public void onInvalid(long id, String reason) {
            PendingRequest r = take(id);
            if (r == null) {
                lifecycle.hook(m -> m.onOrphanedResponse("invalid response for unknown id " + id + ": " + reason));
                return;
            }
            lifecycle.fail(r, new InvalidResponseException(r.method + " (id " + id + "): " + reason), answers);
        }

        @Override
        public void onUnmatched(String reason) {
            lifecycle.hook(m -> m.onOrphanedResponse(reason));
            if (scope == null) {
                RequestLifecycle.LOG.warn("unmatched message from {}: {}", endpoint, NodeText.of(reason));
                return;
            }
            // an HTTP response answers its own request: one without a usable id still ends a lone call
            PendingRequest sole = scope.soleRequest();
            if (sole != null && scope.owns(sole) && table.take(sole)) {
                lifecycle.fail(sole, new InvalidResponseException(sole.method + " (" + scope.describe() + "): "
                        + reason), answers);
            }
        }
    }
}
