package sh.brane.rpc.http;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeoutException;

import io.netty.buffer.Unpooled;

import sh.brane.rpc.HttpConfig;
import sh.brane.rpc.core.DeadlineTimer;

/**
 * POSTs with the JDK {@link HttpClient}, only for HTTP/2 (ALPN and stream multiplexing, which
 * {@link NettyHttpTransport} lacks; the JDK client costs more per call, hence Netty for HTTP/1.1). A deadline cancels
 * the exchange, which resets that one stream and leaves the connection to the others.
 */
public final class JdkHttpTransport implements HttpTransport {

    private final HttpConfig config;
    private final HttpClient client;
    /** Exchanges waiting for their answer, ended by {@link #close} or swept at their deadline. */
    private final Set<Exchange> inFlight = ConcurrentHashMap.newKeySet();
    private final DeadlineTimer deadlines;
    private volatile boolean closed;

    public JdkHttpTransport(HttpConfig config, Executor executor, DeadlineTimer deadlines) {
        this.config = config;
        this.deadlines = deadlines;
        deadlines.add(this::sweep);
        HttpClient.Builder builder = HttpClient.newBuilder();
        if (config.tlsKeys() != null || config.tlsTrust() != null) {
            builder.sslContext(sslContext(config));
        }
        this.client = builder
                .executor(executor)
                .version(config.version())
                .connectTimeout(config.connectTimeout())
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    private static javax.net.ssl.SSLContext sslContext(HttpConfig config) {
        try {
            javax.net.ssl.SSLContext context = javax.net.ssl.SSLContext.getInstance("TLS");
            context.init(config.tlsKeys() != null ? config.tlsKeys().getKeyManagers() : null,
                    config.tlsTrust() != null ? config.tlsTrust().getTrustManagers() : null, null);
            return context;
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException("could not set up TLS: " + e.getMessage(), e);
        }
    }

    @Override
    public CompletableFuture<HttpReply> post(byte[] body, Map<String, String> headers, long timeoutNanos) {
        if (closed) {
            return CompletableFuture.failedFuture(HttpCall.closedError());
        }
        CompletableFuture<HttpResponse<byte[]>> sent;
        try {
            HttpRequest.Builder b = HttpRequest.newBuilder(config.uri())
                    .header("Content-Type", "application/json")
                    .header("Accept", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body));
            config.headers().forEach(b::header);
            headers.forEach(b::header);
            sent = client.sendAsync(b.build(), BoundedBodySubscriber.handler(config.maxResponseSize()));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        Exchange x = new Exchange(sent, System.nanoTime(), timeoutNanos);
        inFlight.add(x);
        deadlines.arm(x.startNanos, x.timeoutNanos);
        sent.whenComplete((resp, err) -> {
            inFlight.remove(x);
            if (err != null) {
                x.reply.completeExceptionally(err instanceof CompletionException ce && ce.getCause() != null
                        ? ce.getCause() : err);
            } else {
                byte[] answer = resp.body();
                x.reply.complete(new HttpReply(resp.statusCode(), resp.headers().firstValue("Retry-After").orElse(null),
                        answer == null ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(answer)));
            }
        });
        return x.reply;
    }

    /** The deadline sweep: ends the exchanges past their deadline; returns the nanoseconds to the next one. */
    private long sweep(long nowNanos) {
        long next = DeadlineTimer.NONE;
        for (Exchange x : inFlight) {
            long left = x.timeoutNanos - (nowNanos - x.startNanos);
            if (left <= 0) {
                late(x);
            } else {
                next = Math.min(next, left);
            }
        }
        return next;
    }

    private void late(Exchange x) {
        if (inFlight.remove(x)) {
            x.reply.completeExceptionally(new TimeoutException("no HTTP answer within the request timeout"));
            // resets this exchange's stream (or closes its HTTP/1.1 connection), so its late answer is dropped
            x.sent.cancel(true);
        }
    }

    @Override
    public void close() {
        closed = true;
        for (Exchange x : inFlight) {
            x.reply.completeExceptionally(HttpCall.closedError());
            x.sent.cancel(true);
        }
        inFlight.clear();
        client.shutdownNow();
    }

    /** One POST: the JDK client's future, the one handed to the provider, and its deadline. */
    private static final class Exchange {
        final CompletableFuture<HttpResponse<byte[]>> sent;
        final CompletableFuture<HttpReply> reply = new CompletableFuture<>();
        final long startNanos;
        final long timeoutNanos;

        Exchange(CompletableFuture<HttpResponse<byte[]>> sent, long startNanos, long timeoutNanos) {
            this.sent = sent;
            this.startNanos = startNanos;
            this.timeoutNanos = timeoutNanos;
        }
    }
}
