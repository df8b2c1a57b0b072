package sh.brane.rpc;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.TrustManagerFactory;

/**
 * Settings of an {@link HttpProvider}. Build with {@link #builder(String)}, whose methods document each setting; the
 * constructor checks every value, so a config that exists is valid. {@code tlsKeys}, {@code tlsTrust},
 * {@code requestHeaders} and {@code callbackExecutor} may be null (none, the JDK's trust store, none, virtual threads).
 */
public record HttpConfig(URI uri, String name, HttpClient.Version version, Duration requestTimeout,
                         Duration connectTimeout, Map<String, String> headers, Duration batchWindow, int maxBatchSize,
                         boolean autoBatch, Duration autoBatchWindow, int maxRetries, Duration retryInitialBackoff,
                         Duration retryMaxBackoff, Duration maxRetryAfter, int maxPendingRequests, int maxResponseSize,
                         int maxConnections, Duration idleTimeout, Executor callbackExecutor, KeyManagerFactory tlsKeys,
                         TrustManagerFactory tlsTrust, Supplier<Map<String, String>> requestHeaders) {

    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(30);
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration DEFAULT_BATCH_WINDOW = Duration.ofMillis(2);
    public static final int DEFAULT_MAX_BATCH_SIZE = 100;
    /** Zero: no added wait; calls made while the batch's sending thread starts go in with the first. */
    public static final Duration DEFAULT_AUTO_BATCH_WINDOW = Duration.ZERO;
    public static final int DEFAULT_MAX_RETRIES = 3;
    public static final Duration DEFAULT_RETRY_INITIAL_BACKOFF = Duration.ofMillis(100);
    public static final Duration DEFAULT_RETRY_MAX_BACKOFF = Duration.ofSeconds(5);
    public static final Duration DEFAULT_MAX_RETRY_AFTER = Duration.ofSeconds(30);
    public static final int DEFAULT_MAX_PENDING_REQUESTS = 65536;
    /** Largest response body read by default: far above real answers, far below what exhausts a heap. */
    public static final int DEFAULT_MAX_RESPONSE_SIZE = 64 * 1024 * 1024;
    public static final int MAX_MAX_RESPONSE_SIZE = 1024 * 1024 * 1024;
    /** Connections open at once by default: more than a node serves well from one client, few enough for hosted
     *  nodes' per-client limits. */
    public static final int DEFAULT_MAX_CONNECTIONS = 64;
    /** Most connections {@link Builder#maxConnections} allows. */
    public static final int MAX_MAX_CONNECTIONS = 1024;
    /** How long a keep-alive connection stays open unused by default before it is closed. */
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(30);

    /** Checks every value; the messages name the setting and what it allows. */
    public HttpConfig {
        ConfigChecks.url(uri, "an http:// or https:// URL", "http", "https");
        ConfigChecks.name(name);
        ConfigChecks.notNull("version", version);
        ConfigChecks.positive("requestTimeout", requestTimeout, Duration.ofDays(1));
        ConfigChecks.positive("connectTimeout", connectTimeout, Duration.ofMinutes(10));
        headers = ConfigChecks.headers(headers);
        ConfigChecks.positiveOrZero("batchWindow", batchWindow, Duration.ofSeconds(1));
        ConfigChecks.intInRange("maxBatchSize", maxBatchSize, 1, 10_000);
        ConfigChecks.positiveOrZero("autoBatchWindow", autoBatchWindow, Duration.ofSeconds(1));
        ConfigChecks.intInRange("maxResponseSize", maxResponseSize, 1024, MAX_MAX_RESPONSE_SIZE);
        ConfigChecks.intInRange("maxRetries", maxRetries, 0, 100);
        ConfigChecks.positive("retryInitialBackoff", retryInitialBackoff, Duration.ofHours(1));
        ConfigChecks.positive("retryMaxBackoff", retryMaxBackoff, Duration.ofHours(1));
        ConfigChecks.atLeast("retryMaxBackoff", retryMaxBackoff, "retryInitialBackoff", retryInitialBackoff);
        ConfigChecks.positiveOrZero("maxRetryAfter", maxRetryAfter, Duration.ofHours(1));
        ConfigChecks.intInRange("maxPendingRequests", maxPendingRequests, 1, 1 << 24);
        ConfigChecks.intInRange("maxConnections", maxConnections, 1, MAX_MAX_CONNECTIONS);
        ConfigChecks.positive("idleTimeout", idleTimeout, Duration.ofHours(1));
    }

    /** Starts a builder for an {@code http://} or {@code https://} URL. */
    public static Builder builder(String url) {
        return new Builder(url);
    }

    /**
     * Always zero: {@link Builder#answerSpin} is ignored.
     * @deprecated answer spinning was removed; to be deleted in the next release
     */
    @Deprecated(since = "0.2", forRemoval = true)
    public Duration answerSpin() { return Duration.ZERO; }

    @Override
    public String toString() {
        // the URL may hold an API key: show only scheme and host
        return "HttpConfig[" + name + " " + uri.getScheme() + "://" + uri.getHost() + "]";
    }

    /** Builder for {@link HttpConfig}. */
    public static final class Builder {
        private final String url;
        private String name = "default";
        private HttpClient.Version version = HttpClient.Version.HTTP_1_1;
        private Duration requestTimeout = DEFAULT_REQUEST_TIMEOUT;
        private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private Duration batchWindow = DEFAULT_BATCH_WINDOW;
        private int maxBatchSize = DEFAULT_MAX_BATCH_SIZE;
        private boolean autoBatch = true;
        private Duration autoBatchWindow = DEFAULT_AUTO_BATCH_WINDOW;
        private int maxRetries = DEFAULT_MAX_RETRIES;
        private Duration retryInitialBackoff = DEFAULT_RETRY_INITIAL_BACKOFF;
        private Duration retryMaxBackoff = DEFAULT_RETRY_MAX_BACKOFF;
        private Duration maxRetryAfter = DEFAULT_MAX_RETRY_AFTER;
        private int maxPendingRequests = DEFAULT_MAX_PENDING_REQUESTS;
        private int maxResponseSize = DEFAULT_MAX_RESPONSE_SIZE;
        private int maxConnections = DEFAULT_MAX_CONNECTIONS;
        private Duration idleTimeout = DEFAULT_IDLE_TIMEOUT;
        private Executor callbackExecutor;
        private KeyManagerFactory tlsKeys;
        private TrustManagerFactory tlsTrust;
        private Supplier<Map<String, String>> requestHeaders;

        private Builder(String url) {
            this.url = url;
        }

        /** Endpoint name used in metrics and logs (never the URL). Default "default". */
        public Builder name(String name) { this.name = name; return this; }
        /** HTTP_1_1 (the default) or HTTP_2 (over TLS negotiated by ALPN, falls back to 1.1). */
        public Builder version(HttpClient.Version version) { this.version = version; return this; }
        /** Read timeout of a request, retries included. Default 30 s. */
        public Builder requestTimeout(Duration timeout) { this.requestTimeout = timeout; return this; }
        /** TCP (and TLS) connect timeout. Default 10 s. */
        public Builder connectTimeout(Duration timeout) { this.connectTimeout = timeout; return this; }
        /** Adds a header to every request (e.g. an API key). */
        public Builder header(String name, String value) {
            ConfigChecks.header(name, value);
            headers.put(name, value);
            return this;
        }
        /** How long {@code sendAsyncBatch} waits to gather concurrent calls into one batch. Default 2 ms. */
        public Builder batchWindow(Duration window) { this.batchWindow = window; return this; }
        /** Most calls in one coalesced batch; a full batch is sent at once. Default 100. */
        public Builder maxBatchSize(int size) { this.maxBatchSize = size; return this; }
        /**
         * Whether concurrent {@code sendAsync} calls with the default timeout go as one JSON-RPC batch (as viem's
         * {@code batch} option): the first starts a sender that waits {@link #autoBatchWindow} and takes every call
         * queued by then, up to {@link #maxBatchSize}. A lone call goes alone; submissions and blocking calls are
         * never held back. Default true.
         */
        public Builder autoBatch(boolean enabled) { this.autoBatch = enabled; return this; }
        /** How long an auto-batch waits for more calls. Default 0: only the sender thread's start-up. */
        public Builder autoBatchWindow(Duration window) { this.autoBatchWindow = window; return this; }
        /** Retries after HTTP 429/503, a retry-safe connection failure or a "not now" answer
         *  ({@link RpcErrorCodes#isRetryableAnswer}); never for a submission. Default 3; 0 turns retries off. */
        public Builder maxRetries(int retries) { this.maxRetries = retries; return this; }
        /** First retry delay when the node sends no Retry-After; doubled each time. Default 100 ms. */
        public Builder retryInitialBackoff(Duration backoff) { this.retryInitialBackoff = backoff; return this; }
        /** Largest computed retry delay. Default 5 s. */
        public Builder retryMaxBackoff(Duration backoff) { this.retryMaxBackoff = backoff; return this; }
        /** Longest Retry-After honoured; a longer one fails the call with RateLimitedException. Default 30 s. */
        public Builder maxRetryAfter(Duration max) { this.maxRetryAfter = max; return this; }
        /** Calls in flight beyond which new ones fail at once with BackpressureException. Default 65536. */
        public Builder maxPendingRequests(int max) { this.maxPendingRequests = max; return this; }
        /** Largest response body read before the call fails with FrameTooLargeException and the connection is
         *  dropped. Default 64 MiB, at most 1 GiB. */
        public Builder maxResponseSize(int bytes) { this.maxResponseSize = bytes; return this; }
        /**
         * Accepted and ignored: a caller waits for its answer without spinning.
         * @deprecated answer spinning was removed; to be deleted in the next release
         */
        @Deprecated(since = "0.2", forRemoval = true)
        public Builder answerSpin(Duration spin) { return this; }
        /** Most HTTP/1.1 connections open at once (one call or batch each); further calls wait, within their
         *  timeout, for one. Default {@value #DEFAULT_MAX_CONNECTIONS}, 1 to {@value #MAX_MAX_CONNECTIONS}; HTTP/2 ignores it. */
        public Builder maxConnections(int connections) { this.maxConnections = connections; return this; }
        /** How long an unused keep-alive connection stays open before it is closed. Default 30 s. */
        public Builder idleTimeout(Duration timeout) { this.idleTimeout = timeout; return this; }
        /** Executor for future completions. Default: a virtual thread per task. */
        public Builder callbackExecutor(Executor executor) { this.callbackExecutor = executor; return this; }
        /** TLS for {@code https://}: a client certificate ({@code keys}, null for none) and the trust for the node's
         *  certificate ({@code trust}, null for the JDK's store), e.g. a private CA. The hostname is checked either way. */
        public Builder tls(KeyManagerFactory keys, TrustManagerFactory trust) {
            this.tlsKeys = keys;
            this.tlsTrust = trust;
            return this;
        }

        /**
         * Headers of one call, asked for on the caller's thread and sent with that call's HTTP request, e.g. its
         * trace context ({@code traceparent}). A batch carries its first call's: keeping batches whole under tracing
         * is worth more than a node-side span per call. A header the transport or config already sets fails the
         * call with IllegalArgumentException. Default: none.
         */
        public Builder requestHeaders(Supplier<Map<String, String>> supplier) {
            this.requestHeaders = supplier;
            return this;
        }

        public HttpConfig build() {
            return new HttpConfig(ConfigChecks.parseUrl(url, "an http:// or https:// URL"), name, version,
                    requestTimeout, connectTimeout, headers, batchWindow, maxBatchSize, autoBatch, autoBatchWindow,
                    maxRetries, retryInitialBackoff, retryMaxBackoff, maxRetryAfter, maxPendingRequests,
                    maxResponseSize, maxConnections, idleTimeout, callbackExecutor, tlsKeys, tlsTrust, requestHeaders);
        }
    }
}
