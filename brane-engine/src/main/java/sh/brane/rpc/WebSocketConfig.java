package sh.brane.rpc;

import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executor;

import io.netty.handler.ssl.SslContext;

/**
 * Settings of a {@link WebSocketProvider}. Build with {@link #builder(String)}, whose methods document each setting;
 * the constructor checks every value, so a config that exists is valid. {@code sslContext} may be null (the JDK's
 * trust store with hostname verification), {@code callbackExecutor} too (virtual threads); {@code reconnectMaxAttempts}
 * 0 means unlimited; {@code maxFrameSizeSetting} is what a frame-size error tells the user to raise.
 */
public record WebSocketConfig(URI uri, String name, int ringBufferSize, WaitStrategyType waitStrategy,
                              int maxPendingRequests, int maxFrameSize, String maxFrameSizeSetting,
                              Duration requestTimeout, TransportType transport, int ioThreads, Duration connectTimeout,
                              Map<String, String> headers, SslContext sslContext, boolean insecureSkipTlsVerification,
                              Duration pingInterval, Duration readIdleTimeout, boolean reconnect,
                              Duration reconnectInitialBackoff, Duration reconnectMaxBackoff, int reconnectMaxAttempts,
                              int maxRetries, Duration retryInitialBackoff, Duration retryMaxBackoff,
                              Executor callbackExecutor) {

    public static final int DEFAULT_RING_BUFFER_SIZE = 4096;
    public static final int DEFAULT_MAX_PENDING_REQUESTS = 65536;
    public static final int DEFAULT_MAX_FRAME_SIZE = 64 * 1024;
    public static final int MAX_MAX_FRAME_SIZE = 512 * 1024 * 1024;
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(30);
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration DEFAULT_PING_INTERVAL = Duration.ofSeconds(15);
    public static final Duration DEFAULT_READ_IDLE_TIMEOUT = Duration.ofSeconds(45);
    public static final Duration DEFAULT_RECONNECT_INITIAL_BACKOFF = Duration.ofMillis(100);
    public static final Duration DEFAULT_RECONNECT_MAX_BACKOFF = Duration.ofSeconds(30);

    private static final Duration ONE_DAY = Duration.ofDays(1);

    /** Checks every value; the messages name the setting and what it allows. */
    public WebSocketConfig {
        ConfigChecks.url(uri, "a ws:// or wss:// URL", "ws", "wss");
        ConfigChecks.name(name);
        if (ringBufferSize < 2 || ringBufferSize > (1 << 24) || Integer.bitCount(ringBufferSize) != 1) {
            throw new InvalidOptionException("ringBufferSize", String.valueOf(ringBufferSize),
                    "must be a power of two between 2 and " + (1 << 24));
        }
        ConfigChecks.notNull("waitStrategy", waitStrategy);
        ConfigChecks.intInRange("maxPendingRequests", maxPendingRequests, 1, 1 << 24);
        ConfigChecks.intInRange("maxFrameSize", maxFrameSize, 1024, MAX_MAX_FRAME_SIZE);
        ConfigChecks.notNull("maxFrameSizeSetting", maxFrameSizeSetting);
        ConfigChecks.positive("requestTimeout", requestTimeout, ONE_DAY);
        ConfigChecks.notNull("transport", transport);
        if (transport == TransportType.EPOLL && !io.netty.channel.epoll.Epoll.isAvailable()) {
            String why = "is not available on this machine (" + io.netty.channel.epoll.Epoll.unavailabilityCause()
                    + "); use AUTO or NIO";
            throw new InvalidOptionException("transport", "EPOLL", why, "transport EPOLL " + why);
        }
        ConfigChecks.intInRange("ioThreads", ioThreads, 1, 256);
        ConfigChecks.positive("connectTimeout", connectTimeout, Duration.ofMinutes(10));
        headers = ConfigChecks.headers(headers);
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
    }

    /** Starts a builder for a {@code ws://} or {@code wss://} URL. */
    public static Builder builder(String url) {
        return new Builder(url);
    }

    /**
     * Always 0: {@link Builder#callerThreadConnections(int)} is ignored.
     * @deprecated caller-thread connections were removed; to be deleted in the next release
     */
    @Deprecated(since = "0.2", forRemoval = true)
    public int callerThreadConnections() { return 0; }

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

        private Builder(String url) {
            this.url = url;
        }

        /** Endpoint name used in metrics and logs (never the URL, which may hold a key). Default "default". */
        public Builder name(String name) { this.name = name; return this; }
        /** Ring buffer slots between callers and the connection's I/O thread; a caller waits while it is full. A power of two. Default 4096. */
        public Builder ringBufferSize(int size) { this.ringBufferSize = size; return this; }
        /**
         * How the connection's I/O thread, the ring's consumer, waits for work: {@link WaitStrategyType#BLOCKING}
         * (the default) and {@code LITE_BLOCKING} sleep in the selector while idle; {@code SLEEPING} polls, yields,
         * then naps briefly; {@code YIELDING} and {@code BUSY_SPIN} keep it on a core for the lowest latency.
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
        public Builder callerThreadConnections(int connections) { return this; }
        /** Netty I/O threads, 1 to 256. Default 1. A WebSocket provider runs one whatever the value: its one
         *  connection is served by one thread, which also drains the ring. */
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
            return new WebSocketConfig(ConfigChecks.parseUrl(url, "a ws:// or wss:// URL"), name, ringBufferSize,
                    waitStrategy, maxPendingRequests, maxFrameSize, maxFrameSizeSetting, requestTimeout, transport,
                    ioThreads, connectTimeout, headers, sslContext, insecureSkipTlsVerification, pingInterval,
                    readIdleTimeout, reconnect, reconnectInitialBackoff, reconnectMaxBackoff, reconnectMaxAttempts,
                    maxRetries, retryInitialBackoff, retryMaxBackoff, callbackExecutor);
        }
    }
}
