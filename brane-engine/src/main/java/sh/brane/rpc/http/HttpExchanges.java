package sh.brane.rpc.http;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;

import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.ConnectionLostException;
import sh.brane.rpc.FrameTooLargeException;
import sh.brane.rpc.HttpConfig;
import sh.brane.rpc.HttpProvider;
import sh.brane.rpc.InvalidResponseException;
import sh.brane.rpc.NodeText;
import sh.brane.rpc.RateLimitedException;
import sh.brane.rpc.RpcCall;
import sh.brane.rpc.RpcErrorException;
import sh.brane.rpc.RpcTimeoutException;
import sh.brane.rpc.core.AnswerGroup;
import sh.brane.rpc.core.AnswerRouter;
import sh.brane.rpc.core.Backoff;
import sh.brane.rpc.core.InFlightTable;
import sh.brane.rpc.core.PendingRequest;
import sh.brane.rpc.core.RequestBytes;
import sh.brane.rpc.core.RequestLifecycle;

/**
 * The exchanges of one {@link HttpProvider}: each call or batch serialized into one body, posted, its response read
 * by the shared {@link AnswerRouter}, and retried for HTTP 429/503, "not now" answers and connection failures. A call
 * that may have reached the node is retried only when repeating it does no harm: transaction submissions only when
 * the node provably did not take them (connection refused, HTTP 429).
 */
public final class HttpExchanges {

    private final HttpConfig config;
    private final HttpTransport transport;
    private final InFlightTable pending;
    private final RequestLifecycle lifecycle;
    private final AnswerRouter router;
    /** Runs retry back-offs. */
    private final java.util.concurrent.Executor virtualThreads;
    private volatile boolean closed;

    public HttpExchanges(HttpConfig config, HttpTransport transport, InFlightTable pending, RequestLifecycle lifecycle,
                  AnswerRouter router, java.util.concurrent.Executor virtualThreads) {
        this.config = config;
        this.transport = transport;
        this.pending = pending;
        this.lifecycle = lifecycle;
        this.router = router;
        this.virtualThreads = virtualThreads;
    }

    /** Stops retries and back-offs; the provider ends the calls. */
    public void close() {
        closed = true;
    }

    public void send(List<PendingRequest> rs, List<RpcCall> calls, boolean batch,
                              Map<String, String> headers) {
        attempt(new HttpExchange(rs, calls, serialize(rs, calls, batch), batch, headers));
    }

    /** A JSON-RPC batch, or the one request when not a batch. */
    private byte[] serialize(List<PendingRequest> rs, List<RpcCall> calls, boolean batch) {
        ByteBuf out = Unpooled.buffer(64 * rs.size() + 2);
        try {
            if (batch) {
                RequestBytes.writeBatch(out, PendingRequest.markBatch(rs), calls);
                lifecycle.hook(m -> m.onBatchSize(rs.size()));
            } else {
                RpcCall call = calls.get(0);
                RequestBytes.write(out, rs.get(0).id, call.method(), call.params());
            }
            return ByteBufUtil.getBytes(out);
        } finally {
            out.release();
        }
    }

    private void attempt(HttpExchange x) {
        long remaining = x.deadline - System.nanoTime();
        if (remaining <= 0) {
            failAll(x, id -> new RpcTimeoutException(x.describe() + " got no answer within its timeout"));
            return;
        }
        if (closed) {
            return;
        }
        x.attempt++;
        try {
            transport.post(x.body, x.headers, remaining).whenComplete((resp, err) -> answered(x, resp, err));
        } catch (RuntimeException e) {
            onFailure(x, e);
        }
    }

    /** The end of one attempt at {@code x}: a reply or an error. */
    private void answered(HttpExchange x, HttpTransport.HttpReply resp, Throwable err) {
        if (err != null) {
            onFailure(x, err instanceof CompletionException ce && ce.getCause() != null ? ce.getCause() : err);
        } else if (resp != null) {
            try {
                onResponse(x, resp);
            } finally {
                resp.release();
            }
        }
    }

    private void onFailure(HttpExchange x, Throwable err) {
        FrameTooLargeException tooLarge = tooLarge(err);
        if (tooLarge != null) {
            // the body was cut off unread: not worth repeating, the node would send the same again
            failAll(x, id -> new FrameTooLargeException(x.describe() + " failed: " + tooLarge.getMessage(), tooLarge));
        } else if (err instanceof HttpConnectTimeoutException || err instanceof ConnectException
                || err.getCause() instanceof ConnectException || err instanceof UnresolvedAddressException) {
            // never reached the node: safe to repeat anything
            if (!retry(x, -1, "connection failed: " + err)) {
                failAll(x, id -> new ConnectionLostException(x.describe() + " failed: cannot connect to "
                        + describeEndpoint() + ": " + err, err));
            }
        } else if (err instanceof HttpTimeoutException || err instanceof java.util.concurrent.TimeoutException) {
            failAll(x, id -> new RpcTimeoutException(x.describe() + " got no answer within its timeout", err));
        } else if (err instanceof IOException) {
            if (!(x.repeatable && retry(x, -1, err.toString()))) {
                failAll(x, id -> new ConnectionLostException(x.describe() + " failed: " + err
                        + "; it may or may not have reached the node", err));
            }
        } else {
            failAll(x, id -> new ConnectionLostException(x.describe() + " failed: " + err, err));
        }
    }

    private static FrameTooLargeException tooLarge(Throwable err) {
        for (Throwable t = err; t != null; t = t.getCause()) {
            if (t instanceof FrameTooLargeException f) {
                return f;
            }
        }
        return null;
    }

    private void onResponse(HttpExchange x, HttpTransport.HttpReply resp) {
        int status = resp.status();
        if (status == 429 || status == 503) {
            long retryAfter = Backoff.retryAfterNanos(resp.retryAfter());
            boolean may = status == 429 || x.repeatable;
            if (retryAfter > config.maxRetryAfter().toNanos()) {
                failAll(x, id -> new RateLimitedException(x.describe() + " rate limited: HTTP " + status
                        + " with Retry-After " + Duration.ofNanos(retryAfter) + ", longer than maxRetryAfter ("
                        + config.maxRetryAfter() + ")"));
                return;
            }
            if (!(may && retry(x, retryAfter, "HTTP " + status))) {
                failAll(x, id -> new RateLimitedException(x.describe() + " rate limited: HTTP " + status
                        + " after " + x.attempt + " attempt(s)"));
            }
            return;
        }
        io.netty.buffer.ByteBuf body = resp.body();
        Reading reading = new Reading(x, status);
        AnswerGroup answers = new AnswerGroup();
        try {
            if (body.isReadable() && (status == 200 || looksLikeJson(body))) {
                router.route(body, reading, answers);
            }
            List<PendingRequest> again = reading.again;
            for (PendingRequest r : x.requests) {
                if ((again == null || !again.contains(r)) && r.exchange == x && pending.take(r)) {
                    String why = status == 200 ? "the response held no answer for id " + r.id
                            : "HTTP " + status + " from " + describeEndpoint();
                    lifecycle.fail(r, new InvalidResponseException(r.method + " failed: " + why), answers);
                }
            }
            if (again != null) {
                askAgain(x, again, reading.againErrors, answers);
            }
        } finally {
            // every answer read so far completes, even if reading the rest failed
            lifecycle.deliver(answers, transport.currentLoop());
        }
    }

    /** What one response may answer: its own exchange's calls; one answered "not now" stays in flight for
     *  {@link #askAgain}. */
    private final class Reading implements AnswerRouter.Scope {
        private final HttpExchange x;
        private final int status;
        List<PendingRequest> again;
        List<RpcErrorException> againErrors;

        Reading(HttpExchange x, int status) {
            this.x = x;
            this.status = status;
        }

        @Override
        public boolean owns(PendingRequest r) {
            return r.exchange == x;
        }

        @Override
        public boolean askAgainLater(PendingRequest r, RpcErrorException answer) {
            if (RequestLifecycle.notRepeatable(r.method)) {
                return false;
            }
            if (again != null && again.contains(r)) {
                return true; // the same id answered twice: it is asked again once
            }
            if (again == null) {
                again = new ArrayList<>();
                againErrors = new ArrayList<>();
            }
            again.add(r);
            againErrors.add(answer);
            return true;
        }

        @Override
        public PendingRequest soleRequest() {
            return x.requests.size() == 1 && again == null ? x.requests.get(0) : null;
        }

        @Override
        public String describe() {
            return "HTTP " + status;
        }
    }

    /** Sends the calls answered "not now" again after a backoff, as one new exchange; without retries or time left
     *  they end with the node's answer. */
    private void askAgain(HttpExchange x, List<PendingRequest> rs, List<RpcErrorException> errors,
                          AnswerGroup answers) {
        List<RpcCall> calls = new ArrayList<>(rs.size());
        for (PendingRequest r : rs) {
            calls.add(x.calls.get(x.requests.indexOf(r)));
        }
        boolean all = rs.size() == x.requests.size();
        boolean batch = all ? x.batch : rs.size() > 1;
        byte[] body = all ? x.body : serialize(rs, calls, batch);
        HttpExchange next = new HttpExchange(rs, calls, body, batch, x.headers, x.deadline, x.attempt);
        RpcErrorException first = errors.get(0);
        if (retry(next, -1, "JSON-RPC error " + first.code() + ": " + NodeText.of(first.rpcMessage()))) {
            return;
        }
        for (int i = 0; i < rs.size(); i++) {
            PendingRequest r = rs.get(i);
            if (pending.take(r)) {
                lifecycle.fail(r, errors.get(i), answers);
            }
        }
    }

    /** Schedules another attempt if retries and time remain; returns false if it did not. */
    private boolean retry(HttpExchange x, long retryAfterNanos, String why) {
        if (closed || x.attempt > config.maxRetries()) {
            return false;
        }
        long delay = retryAfterNanos >= 0 ? retryAfterNanos
                : Backoff.jitteredNanos(config.retryInitialBackoff(), config.retryMaxBackoff(), x.attempt);
        if (System.nanoTime() + delay >= x.deadline) {
            return false;
        }
        RequestLifecycle.LOG.debug("retrying {} to {} in {} ({})", x.describe(), config.name(), Duration.ofNanos(delay),
                NodeText.of(why));
        try {
            virtualThreads.execute(() -> {
                sleepNanos(delay);
                attempt(x);
            });
            return true;
        } catch (java.util.concurrent.RejectedExecutionException e) {
            return false;
        }
    }

    private void failAll(HttpExchange x, java.util.function.LongFunction<BraneRpcException> error) {
        for (PendingRequest r : x.requests) {
            if (pending.take(r)) {
                lifecycle.fail(r, error.apply(r.id));
            }
        }
    }

    private static boolean looksLikeJson(io.netty.buffer.ByteBuf body) {
        for (int i = body.readerIndex(), end = body.writerIndex(); i < end; i++) {
            byte b = body.getByte(i);
            if (b == '{' || b == '[') {
                return true;
            }
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                return false;
            }
        }
        return false;
    }

    private String describeEndpoint() {
        return "'" + config.name() + "' (" + config.uri().getScheme() + "://" + config.uri().getHost()
                + (config.uri().getPort() > 0 ? ":" + config.uri().getPort() : "") + ")";
    }

    /** Sleeps in short slices so that close() ends a retry backoff (up to maxRetryAfter) at once. */
    public void sleepNanos(long nanos) {
        long end = System.nanoTime() + nanos;
        try {
            long left;
            while (!closed && (left = end - System.nanoTime()) > 0) {
                Thread.sleep(Duration.ofNanos(Math.min(left, 20_000_000L)));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
