package sh.brane.rpc;

import java.net.URI;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executor;

import io.netty.handler.ssl.SslContext;

/** Settings of a {@link WebSocketProvider}. Build with {@link #builder(String)}; validated by {@link Builder#build()}. */
public final class WebSocketConfig {

    public static final int DEFAULT_RING_BUFFER_SIZE = 4096;
    public static final int DEFAULT_MAX_PENDING_REQUESTS = 65536;
    public static final int DEFAULT_MAX_FRAME_SIZE = 64 * 1024;
    public static final int MAX_MAX_FRAME_SIZE = 512 * 1024 * 1024;
    /** @deprecated caller-thread connections were removed; {@link Builder#callerThreadConnections} is ignored */
    @Deprecated(since = "0.2", forRemoval = true)
    public static final int DEFAULT_CALLER_THREAD_CONNECTIONS = 0;
    /** @deprecated caller-thread connections were removed; no default depends on where the node is */
    @Deprecated(since = "0.2", forRemoval = true)
    public static final int DEFAULT_LOCAL_CALLER_THREAD_CONNECTIONS = 0;
    /** @deprecated caller-thread connections were removed */
    @Deprecated(since = "0.2", forRemoval = true)
    public static final int MAX_CALLER_THREAD_CONNECTIONS = 64;
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(30);
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration DEFAULT_PING_INTERVAL = Duration.ofSeconds(15);
    public static final Duration DEFAULT_READ_IDLE_TIMEOUT = Duration.ofSeconds(45);
    public static final Duration DEFAULT_RECONNECT_INITIAL_BACKOFF = Duration.ofMillis(100);
    public static final Duration DEFAULT_RECONNECT_MAX_BACKOFF = Duration.ofSeconds(30);

    private static final Duration ONE_DAY = Duration.ofDays(1);

    private final URI uri;
    private final String name;
    private final int ringBufferSize;
    private final WaitStrategyType waitStrategy;
    private final int maxPendingRequests;
    private final int maxFrameSize;
    private final String maxFrameSizeSetting;
    private final Duration requestTimeout;
    private final TransportType transport;
    private final int ioThreads;
    private final Duration connectTimeout;
    private final Map<String, String> headers;
    private final SslContext sslContext;
    private final boolean insecureSkipTlsVerification;
    private final Duration pingInterval;
    private final Duration readIdleTimeout;
    private final boolean reconnect;
    private final Duration reconnectInitialBackoff;
    private final Duration reconnectMaxBackoff;
    private final int reconnectMaxAttempts;
    private final int maxRetries;
    private final Duration retryInitialBackoff;
    private final Duration retryMaxBackoff;
    private final Executor callbackExecutor;
    private final int callerThreadConnections;

    private WebSocketConfig(Builder b, URI uri) {
        this.uri = uri;
        this.name = b.name;
        this.ringBufferSize = b.ringBufferSize;
        this.waitStrategy = b.waitStrategy;
        this.maxPendingRequests = b.maxPendingRequests;
        this.maxFrameSize = b.maxFrameSize;
        this.maxFrameSizeSetting = b.maxFrameSizeSetting;
        this.requestTimeout = b.requestTimeout;
        this.transport = b.transport;
        this.ioThreads = b.ioThreads;
        this.connectTimeout = b.connectTimeout;
        this.headers = Collections.unmodifiableMap(new LinkedHashMap<>(b.headers));
        this.sslContext = b.sslContext;
        this.insecureSkipTlsVerification = b.insecureSkipTlsVerification;
        this.pingInterval = b.pingInterval;
        this.readIdleTimeout = b.readIdleTimeout;
        this.reconnect = b.reconnect;
        this.reconnectInitialBackoff = b.reconnectInitialBackoff;
        this.reconnectMaxBackoff = b.reconnectMaxBackoff;
        this.reconnectMaxAttempts = b.reconnectMaxAttempts;
        this.maxRetries = b.maxRetries;
        this.retryInitialBackoff = b.retryInitialBackoff;
        this.retryMaxBackoff = b.retryMaxBackoff;
        this.callbackExecutor = b.callbackExecutor;
        this.callerThreadConnections = b.callerThreadConnections;
    }

    /** Starts a builder for a {@code ws://} or {@code wss://} URL. */
    public static Builder builder(String url) {
        return new Builder(url);
    }

    public URI uri() { return uri; }
    public String name() { return name; }
    public int ringBufferSize() { return ringBufferSize; }
    public WaitStrategyType waitStrategy() { return waitStrategy; }
    public int maxPendingRequests() { return maxPendingRequests; }
    public int maxFrameSize() { return maxFrameSize; }
    /** The setting a frame-size error tells the user to raise ({@link Builder#maxFrameSizeSetting}). */
    public String maxFrameSizeSetting() { return maxFrameSizeSetting; }
    public Duration requestTimeout() { return requestTimeout; }
    public TransportType transport() { return transport; }
    public int ioThreads() { return ioThreads; }
    public Duration connectTimeout() { return connectTimeout; }
    public Map<String, String> headers() { return headers; }
    /** The TLS context for {@code wss://}, or null for the JDK's trust store with hostname verification. */
    public SslContext sslContext() { return sslContext; }
    /** Whether {@code wss://} certificates go unchecked ({@link Builder#insecureSkipTlsVerification()}). */
    public boolean insecureSkipTlsVerification() { return insecureSkipTlsVerification; }
    public Duration pingInterval() { return pingInterval; }
    public Duration readIdleTimeout() { return readIdleTimeout; }
    public boolean reconnect() { return reconnect; }
    public Duration reconnectInitialBackoff() { return reconnectInitialBackoff; }
    public Duration reconnectMaxBackoff() { return reconnectMaxBackoff; }
    /** 0 means unlimited. */
    public int reconnectMaxAttempts() { return reconnectMaxAttempts; }
    public int maxRetries() { return maxRetries; }
    public Duration retryInitialBackoff() { return retryInitialBackoff; }
    public Duration retryMaxBackoff() { return retryMaxBackoff; }
    /** The executor for future completions and subscription callbacks, or null for virtual threads. */
    public Executor callbackExecutor() { return callbackExecutor; }
    /**
     * The value given to the ignored {@link Builder#callerThreadConnections(int)} (0 if none).
     * @deprecated caller-thread connections were removed; to be deleted in the next release
     */
    @Deprecated(since = "0.2", forRemoval = true)
    public int callerThreadConnections() { return callerThreadConnections; }

    /** Whether the URL is {@code wss://}. */
    public boolean isTls() {
        return "wss".equalsIgnoreCase(uri.getScheme());
    }

    /** The URL's port, or the scheme's default. */
    public int port() {
        return uri.getPort() != -1 ? uri.getPort() : isTls() ? 443 : 80;
    }

    @Override
    public String toString() {
        // the URL may hold an API key: show only scheme, host and port
        return "WebSocketConfig[" + name + " " + uri.getScheme() + "://" + uri.getHost() + ":" + port() + "]";
    }

    /** Builder for {@link WebSocketConfig}. */
    public static final class Builder {
        private final String url;
        private String name = "default";
        private int ringBufferSize = DEFAULT_RING_BUFFER_SIZE;
        private WaitStrategyType waitStrategy = WaitStrategyType.BLOCKING;
        private int maxPendingRequests = DEFAULT_MAX_PENDING_REQUESTS;
        private int maxFrameSize = DEFAULT_MAX_FRAME_SIZE;
        private String maxFrameSizeSetting = "WebSocketConfig maxFrameSize";
        private Duration requestTimeout = DEFAULT_REQUEST_TIMEOUT;
        private TransportType transport = TransportType.AUTO;
        private int ioThreads = 1;
        private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private SslContext sslContext;
        private boolean insecureSkipTlsVerification;
        private Duration pingInterval = DEFAULT_PING_INTERVAL;
        private Duration readIdleTimeout = DEFAULT_READ_IDLE_TIMEOUT;
        private boolean reconnect = true;
        private Duration reconnectInitialBackoff = DEFAULT_RECONNECT_INITIAL_BACKOFF;
        private Duration reconnectMaxBackoff = DEFAULT_RECONNECT_MAX_BACKOFF;
        private int reconnectMaxAttempts = 0;
        private int maxRetries = 3;
        private Duration retryInitialBackoff = Duration.ofMillis(100);
        private Duration retryMaxBackoff = Duration.ofSeconds(5);
        private Executor callbackExecutor;
        /** Deprecated and ignored. */
        private int callerThreadConnections;

        private Builder(String url) {
            this.url = url;
        }

        /** Endpoint name used in metrics and logs (never the URL, which may hold a key). Default "default". */
        public Builder name(String name) { this.name = name; return this; }
        /** Ring buffer slots between callers and the connection's writer; a caller waits while it is full. A power of two. Default 4096. */
        public Builder ringBufferSize(int size) { this.ringBufferSize = size; return this; }
        /**
         * How the ring's writer thread waits for calls: {@link WaitStrategyType#BLOCKING} (the default) and
         * {@code LITE_BLOCKING} park it while idle; {@code SLEEPING} spins, yields, then sleeps briefly;
         * {@code YIELDING} and {@code BUSY_SPIN} keep it on a core for the lowest latency.
         */
        public Builder waitStrategy(WaitStrategyType type) { this.waitStrategy = type; return this; }
        /** Requests in flight beyond which new ones fail at once with {@link BackpressureException}. Default 65536. */
        public Builder maxPendingRequests(int max) { this.maxPendingRequests = max; return this; }
        /** Largest incoming message in bytes (all its frames together). Default 65536 (64 KiB), up to 512 MiB. */
        public Builder maxFrameSize(int bytes) { this.maxFrameSize = bytes; return this; }
        /** How a frame-size error names the setting to raise (e.g. a framework's property); default {@code WebSocketConfig maxFrameSize}. */
        public Builder maxFrameSizeSetting(String setting) {
            this.maxFrameSizeSetting = ConfigChecks.notNull("maxFrameSizeSetting", setting);
            return this;
        }
        /** Timeout of requests sent without one. Default 30 s. */
        public Builder requestTimeout(Duration timeout) { this.requestTimeout = timeout; return this; }
        /** Socket transport. Default {@link TransportType#AUTO}. */
        public Builder transport(TransportType transport) { this.transport = transport; return this; }
        /**
         * Accepted and ignored.
         * @deprecated caller-thread connections were removed; to be deleted in the next release
         */
        @Deprecated(since = "0.2", forRemoval = true)
        public Builder callerThreadConnections(int connections) {
            this.callerThreadConnections = connections;
            return this;
        }
        /** Netty I/O threads. Default 1. */
        public Builder ioThreads(int threads) { this.ioThreads = threads; return this; }
        /** TCP connect plus WebSocket handshake timeout. Default 10 s. */
        public Builder connectTimeout(Duration timeout) { this.connectTimeout = timeout; return this; }
        /** Adds a header to the WebSocket handshake (e.g. an API key). */
        public Builder header(String name, String value) {
            ConfigChecks.header(name, value);
            headers.put(name, value);
            return this;
        }
        /** TLS context for {@code wss://}. Default: the JDK trust store, with hostname verification. */
        public Builder sslContext(SslContext context) { this.sslContext = context; return this; }
        /** Accepts any {@code wss://} certificate and host name, so anyone on the path can read and change the
         *  traffic: only for a local node with a self-signed certificate (WARN at every start). Prefer {@link #sslContext}. */
        public Builder insecureSkipTlsVerification() { this.insecureSkipTlsVerification = true; return this; }
        /** Sends a WebSocket ping after this long without writing. Default 15 s; zero turns pings off. */
        public Builder pingInterval(Duration interval) { this.pingInterval = interval; return this; }
        /** Declares the connection dead (half-open) after this long without reading anything. Default 45 s; zero: off. */
        public Builder readIdleTimeout(Duration timeout) { this.readIdleTimeout = timeout; return this; }
        /** Whether to reconnect after the connection is lost. Default true. */
        public Builder reconnect(boolean reconnect) { this.reconnect = reconnect; return this; }
        /** First reconnect delay; doubled per failed attempt up to the max, with jitter. Default 100 ms. */
        public Builder reconnectInitialBackoff(Duration backoff) { this.reconnectInitialBackoff = backoff; return this; }
        /** Largest reconnect delay. Default 30 s. */
        public Builder reconnectMaxBackoff(Duration backoff) { this.reconnectMaxBackoff = backoff; return this; }
        /** Reconnect attempts before giving up; 0 (the default) retries forever. */
        public Builder reconnectMaxAttempts(int attempts) { this.reconnectMaxAttempts = attempts; return this; }
        /** Retries of a call answered with a rate limit or a passing error ({@link RpcErrorCodes#isRetryableAnswer}),
         *  within its timeout; never for a transaction submission. Default 3; 0 turns them off. */
        public Builder maxRetries(int retries) { this.maxRetries = retries; return this; }
        /** First delay before such a retry; doubled each time, with jitter. Default 100 ms. */
        public Builder retryInitialBackoff(Duration backoff) { this.retryInitialBackoff = backoff; return this; }
        /** Largest delay before such a retry. Default 5 s. */
        public Builder retryMaxBackoff(Duration backoff) { this.retryMaxBackoff = backoff; return this; }
        /** Executor for future completions and subscription callbacks; it must run tasks on its own threads (no
         *  {@code CallerRunsPolicy}), or callbacks would run on the I/O thread. Default: a virtual thread per task. */
        public Builder callbackExecutor(Executor executor) { this.callbackExecutor = executor; return this; }

        public WebSocketConfig build() {
            URI uri = ConfigChecks.url(url, "a ws:// or wss:// URL", "ws", "wss");
            ConfigChecks.name(name);
            if (ringBufferSize < 2 || ringBufferSize > (1 << 24) || Integer.bitCount(ringBufferSize) != 1) {
                throw new InvalidOptionException("ringBufferSize", String.valueOf(ringBufferSize),
                        "must be a power of two between 2 and " + (1 << 24));
            }
            ConfigChecks.notNull("waitStrategy", waitStrategy);
            ConfigChecks.intInRange("maxPendingRequests", maxPendingRequests, 1, 1 << 24);
            ConfigChecks.intInRange("maxFrameSize", maxFrameSize, 1024, MAX_MAX_FRAME_SIZE);
            ConfigChecks.positive("requestTimeout", requestTimeout, ONE_DAY);
            ConfigChecks.notNull("transport", transport);
            if (transport == TransportType.EPOLL && !io.netty.channel.epoll.Epoll.isAvailable()) {
                String why = "is not available on this machine (" + io.netty.channel.epoll.Epoll.unavailabilityCause()
                        + "); use AUTO or NIO";
                throw new InvalidOptionException("transport", "EPOLL", why, "transport EPOLL " + why);
            }
            ConfigChecks.intInRange("ioThreads", ioThreads, 1, 256);
            ConfigChecks.positive("connectTimeout", connectTimeout, Duration.ofMinutes(10));
            ConfigChecks.positiveOrZero("pingInterval", pingInterval, ONE_DAY);
            ConfigChecks.positiveOrZero("readIdleTimeout", readIdleTimeout, ONE_DAY);
            if (!pingInterval.isZero() && !readIdleTimeout.isZero() && readIdleTimeout.compareTo(pingInterval) <= 0) {
                throw new InvalidOptionException("readIdleTimeout", String.valueOf(readIdleTimeout),
                        "must be longer than pingInterval (" + pingInterval + ") so a pong can arrive");
            }
            ConfigChecks.positive("reconnectInitialBackoff", reconnectInitialBackoff, Duration.ofHours(1));
            ConfigChecks.positive("reconnectMaxBackoff", reconnectMaxBackoff, Duration.ofHours(1));
            ConfigChecks.atLeast("reconnectMaxBackoff", reconnectMaxBackoff, "reconnectInitialBackoff",
                    reconnectInitialBackoff);
            if (reconnectMaxAttempts < 0) {
                throw new InvalidOptionException("reconnectMaxAttempts", String.valueOf(reconnectMaxAttempts),
                        "must be 0 (unlimited) or positive");
            }
            ConfigChecks.intInRange("maxRetries", maxRetries, 0, 100);
            ConfigChecks.positive("retryInitialBackoff", retryInitialBackoff, Duration.ofHours(1));
            ConfigChecks.positive("retryMaxBackoff", retryMaxBackoff, Duration.ofHours(1));
            ConfigChecks.atLeast("retryMaxBackoff", retryMaxBackoff, "retryInitialBackoff", retryInitialBackoff);
            if (insecureSkipTlsVerification && sslContext != null) {
                throw new IllegalArgumentException("insecureSkipTlsVerification and sslContext exclude each other: "
                        + "the sslContext decides how certificates are checked");
            }
            if (sslContext != null && !sslContext.isClient()) {
                throw new IllegalArgumentException("sslContext must be a client context, got a server context");
            }
            return new WebSocketConfig(this, uri);
        }
    }
}
