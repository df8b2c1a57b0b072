package sh.brane.rpc;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * POSTs with the JDK {@link HttpClient}. Used only for {@link HttpClient.Version#HTTP_2}: HTTP/2 needs ALPN
 * over TLS and stream multiplexing, which the JDK client does and {@link NettyHttpTransport} does not. The
 * JDK client costs more per call (its internal hand-offs between threads), which is why HTTP/1.1 runs on
 * Netty.
 */
final class JdkHttpTransport implements HttpTransport {

    private final HttpConfig config;
    private final HttpClient client;

    JdkHttpTransport(HttpConfig config, Executor executor) {
        this.config = config;
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
        try {
            HttpRequest.Builder b = HttpRequest.newBuilder(config.uri())
                    .timeout(Duration.ofNanos(timeoutNanos))
                    .header("Content-Type", "application/json")
                    .header("Accept", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body));
            config.headers().forEach(b::header);
            headers.forEach(b::header);
            // HttpRequest.timeout stops at the headers; orTimeout also bounds a body that stalls afterwards
            return client.sendAsync(b.build(), BoundedBodySubscriber.handler(config.maxResponseSize()))
                    .orTimeout(timeoutNanos + 50_000_000L, TimeUnit.NANOSECONDS)
                    .handle((resp, err) -> {
                        if (err != null) {
                            throw err instanceof CompletionException ce ? ce : new CompletionException(err);
                        }
                        return HttpReply.of(resp.statusCode(), resp.headers().firstValue("Retry-After").orElse(null),
                                resp.body());
                    });
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public void close() {
        client.shutdownNow();
    }
}
