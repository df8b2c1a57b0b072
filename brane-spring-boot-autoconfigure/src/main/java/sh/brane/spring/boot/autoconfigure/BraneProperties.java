package sh.brane.spring.boot.autoconfigure;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.DeprecatedConfigurationProperty;
import org.springframework.boot.convert.DurationUnit;
import org.springframework.core.io.Resource;
import org.springframework.util.unit.DataSize;

import sh.brane.rpc.TransportType;
import sh.brane.rpc.WaitStrategyType;

/**
 * Configuration properties for Brane, bound from {@code brane.*}.
 *
 * <p>Without {@code brane.rpc.url} (and without {@code brane.devnet.enabled} or a
 * {@link BraneConnectionDetails} bean) the starter is inert: it creates no provider.
 */
@ConfigurationProperties("brane")
public class BraneProperties {

    private final Rpc rpc = new Rpc();

    private final Signer signer = new Signer();

    /**
     * Named signers, e.g. brane.signers.treasury.pkcs11.library: one Signer bean ("<name>Signer") and, with a
     * node, one SigningClient bean ("<name>SigningClient") per name, each qualified by the name.
     */
    private Map<String, BraneSignerProperties> signers = new LinkedHashMap<>();

    /**
     * Several chains, e.g. brane.chains.base.rpc.url: per chain a provider ("<chain>BraneProvider"), a typed client
     * ("<chain>BraneClient"), its signers (brane.chains.<chain>.signers.<signer>.*), its client settings
     * (.client.*) and its health settings (.health.*), the beans qualified by the chain's name, and one entry per
     * chain in the brane health contributor. brane.rpc and brane.signer(s) stay the one-chain shorthand.
     */
    private Map<String, BraneChainProperties> chains = new LinkedHashMap<>();

    private final Client client = new Client();

    private final Metrics metrics = new Metrics();

    private final Observation observation = new Observation();

    private final Health health = new Health();

    private final Shutdown shutdown = new Shutdown();

    private final Devnet devnet = new Devnet();

    public Rpc getRpc() {
        return this.rpc;
    }

    public Signer getSigner() {
        return this.signer;
    }

    public Map<String, BraneSignerProperties> getSigners() {
        return this.signers;
    }

    public void setSigners(Map<String, BraneSignerProperties> signers) {
        this.signers = signers;
    }

    public Map<String, BraneChainProperties> getChains() {
        return this.chains;
    }

    public void setChains(Map<String, BraneChainProperties> chains) {
        this.chains = chains;
    }

    public Client getClient() {
        return this.client;
    }

    public Metrics getMetrics() {
        return this.metrics;
    }

    public Observation getObservation() {
        return this.observation;
    }

    public Health getHealth() {
        return this.health;
    }

    public Shutdown getShutdown() {
        return this.shutdown;
    }

    public Devnet getDevnet() {
        return this.devnet;
    }

    /** The node connection. */
    public static class Rpc {

        /**
         * URL of the Ethereum node. ws:// or wss:// creates a WebSocket provider, http:// or https:// an HTTP
         * provider. The starter creates no provider when neither this nor brane.rpc.endpoints is set.
         */
        private String url;

        /**
         * Name of the endpoint in metrics tags, health details and logs (never the URL, which may hold an API
         * key).
         */
        private String name = "default";

        /** Headers sent with the WebSocket handshake or every HTTP request, e.g. an API key. */
        private Map<String, String> headers = new LinkedHashMap<>();

        /** Timeout of requests sent without one. */
        private Duration requestTimeout = Duration.ofSeconds(30);

        /**
         * Chain id the node must report (eth_chainId). Checked in the background when the node is first reached
         * (start-up does not wait): a mismatch is logged as an ERROR, closes that endpoint's provider and makes
         * health DOWN with the reason. Every health check compares it too. Unset: not checked.
         */
        private Long expectedChainId;

        /**
         * Several nodes behind one fallback provider, instead of brane.rpc.url: each call goes to the healthiest
         * endpoint, failing ones are taken out and probed until they answer again.
         */
        private List<Endpoint> endpoints = new ArrayList<>();

        private final Fallback fallback = new Fallback();

        /** TLS for a wss:// or https:// node (and the default of every endpoint in brane.rpc.endpoints). */
        private final Ssl ssl = new Ssl();

        public Ssl getSsl() {
            return this.ssl;
        }

        private final WebSocket ws = new WebSocket();

        private final Http http = new Http();

        public String getUrl() {
            return this.url;
        }

        public void setUrl(String url) {
            this.url = url;
        }

        public String getName() {
            return this.name;
        }

        public void setName(String name) {
            this.name = name;
        }

        public Map<String, String> getHeaders() {
            return this.headers;
        }

        public void setHeaders(Map<String, String> headers) {
            this.headers = headers;
        }

        public Duration getRequestTimeout() {
            return this.requestTimeout;
        }

        public void setRequestTimeout(Duration requestTimeout) {
            this.requestTimeout = requestTimeout;
        }

        public Long getExpectedChainId() {
            return this.expectedChainId;
        }

        public void setExpectedChainId(Long expectedChainId) {
            this.expectedChainId = expectedChainId;
        }

        public List<Endpoint> getEndpoints() {
            return this.endpoints;
        }

        public void setEndpoints(List<Endpoint> endpoints) {
            this.endpoints = endpoints;
        }

        public Fallback getFallback() {
            return this.fallback;
        }

        public WebSocket getWs() {
            return this.ws;
        }

        public Http getHttp() {
            return this.http;
        }
    }

    /** One node of brane.rpc.endpoints. */
    public static class Endpoint {

        /** Name of the endpoint in metrics tags, health details and logs. */
        private String name;

        /** URL of the node (ws, wss, http or https). */
        private String url;

        /** Headers for this endpoint only, added to brane.rpc.headers. */
        private Map<String, String> headers = new LinkedHashMap<>();

        /** TLS for this endpoint (wss:// or https://); unset: brane.rpc.ssl. */
        private final Ssl ssl = new Ssl();

        public Ssl getSsl() {
            return this.ssl;
        }

        public String getName() {
            return this.name;
        }

        public void setName(String name) {
            this.name = name;
        }

        public String getUrl() {
            return this.url;
        }

        public void setUrl(String url) {
            this.url = url;
        }

        public Map<String, String> getHeaders() {
            return this.headers;
        }

        public void setHeaders(Map<String, String> headers) {
            this.headers = headers;
        }
    }

    /** The fallback provider used with brane.rpc.endpoints. */
    public static class Fallback {

        /** Consecutive transport failures that take an endpoint out of rotation. */
        private int failureThreshold = 3;

        /** How often endpoints out of rotation are probed with eth_chainId. */
        private Duration probeInterval = Duration.ofSeconds(5);

        public int getFailureThreshold() {
            return this.failureThreshold;
        }

        public void setFailureThreshold(int failureThreshold) {
            this.failureThreshold = failureThreshold;
        }

        public Duration getProbeInterval() {
            return this.probeInterval;
        }

        public void setProbeInterval(Duration probeInterval) {
            this.probeInterval = probeInterval;
        }
    }

    /** Settings of the WebSocket provider (used for ws:// and wss:// URLs). */
    public static class WebSocket {

        /** Slots in the ring buffer carrying calls to the event loop; a power of two between 2 and 16777216. */
        private int ringBufferSize = 4096;

        /**
         * No effect any more, kept so existing configuration binds: the ring is drained by the event loop once per
         * wake-up, so no writer thread waits (none burns a core while idle).
         */
        private WaitStrategyType waitStrategy = WaitStrategyType.BLOCKING;

        /** Requests in flight beyond which new ones fail at once with a BackpressureException. */
        private int maxPendingRequests = 65536;

        /** Largest incoming message (all its frames together), from 1KB up to 512MB. */
        private DataSize maxFrameSize = DataSize.ofKilobytes(64);

        /** Socket transport: AUTO (native epoll on Linux when available, else NIO), NIO or EPOLL. */
        private TransportType transport = TransportType.AUTO;

        /** Netty I/O threads. */
        private int ioThreads = 1;

        /** TCP connect plus WebSocket handshake timeout. */
        private Duration connectTimeout = Duration.ofSeconds(10);

        /** Sends a WebSocket ping after this long without writing; 0 turns pings off. */
        private Duration pingInterval = Duration.ofSeconds(15);

        /**
         * Declares the connection dead (half-open) after this long without reading anything; 0 turns the check
         * off. Must be longer than the ping interval.
         */
        private Duration readIdleTimeout = Duration.ofSeconds(45);

        /** Whether to reconnect after the connection is lost. */
        private boolean reconnect = true;

        /** First reconnect delay; doubled per failed attempt up to the maximum, with jitter. */
        private Duration reconnectInitialBackoff = Duration.ofMillis(100);

        /** Largest reconnect delay. */
        private Duration reconnectMaxBackoff = Duration.ofSeconds(30);

        /** Reconnect attempts before giving up; 0 retries forever. */
        private int reconnectMaxAttempts = 0;

        /** Ignored: every call goes over the endpoint's one connection. */
        private Integer callerThreadConnections;

        /**
         * Times a call the node answered "not now" (code -32005 or 429, "header not found") is sent again under its
         * id; transaction submissions never are. 0 turns these retries off.
         */
        private int maxRetries = 3;

        /** First delay before such a retry; doubled each time up to the maximum. */
        private Duration retryInitialBackoff = Duration.ofMillis(100);

        /** Largest delay before such a retry. */
        private Duration retryMaxBackoff = Duration.ofSeconds(5);

        @DeprecatedConfigurationProperty(
                reason = "Caller-thread connections were removed: every call goes over the endpoint's one connection",
                since = "0.2")
        @Deprecated(since = "0.2", forRemoval = true)
        public Integer getCallerThreadConnections() {
            return this.callerThreadConnections;
        }

        public void setCallerThreadConnections(Integer callerThreadConnections) {
            this.callerThreadConnections = callerThreadConnections;
        }

        public int getMaxRetries() {
            return this.maxRetries;
        }

        public void setMaxRetries(int maxRetries) {
            this.maxRetries = maxRetries;
        }

        public Duration getRetryInitialBackoff() {
            return this.retryInitialBackoff;
        }

        public void setRetryInitialBackoff(Duration retryInitialBackoff) {
            this.retryInitialBackoff = retryInitialBackoff;
        }

        public Duration getRetryMaxBackoff() {
            return this.retryMaxBackoff;
        }

        public void setRetryMaxBackoff(Duration retryMaxBackoff) {
            this.retryMaxBackoff = retryMaxBackoff;
        }

        /**
         * Accept any wss:// certificate and host name. Anyone on the network path can then read and change the
         * traffic: only for a local node with a self-signed certificate. Logged as a WARN at every start.
         */
        private boolean insecureSkipTlsVerification = false;

        public boolean isInsecureSkipTlsVerification() {
            return this.insecureSkipTlsVerification;
        }

        public void setInsecureSkipTlsVerification(boolean insecureSkipTlsVerification) {
            this.insecureSkipTlsVerification = insecureSkipTlsVerification;
        }

        public int getRingBufferSize() {
            return this.ringBufferSize;
        }

        public void setRingBufferSize(int ringBufferSize) {
            this.ringBufferSize = ringBufferSize;
        }

        public WaitStrategyType getWaitStrategy() {
            return this.waitStrategy;
        }

        public void setWaitStrategy(WaitStrategyType waitStrategy) {
            this.waitStrategy = waitStrategy;
        }

        public int getMaxPendingRequests() {
            return this.maxPendingRequests;
        }

        public void setMaxPendingRequests(int maxPendingRequests) {
            this.maxPendingRequests = maxPendingRequests;
        }

        public DataSize getMaxFrameSize() {
            return this.maxFrameSize;
        }

        public void setMaxFrameSize(DataSize maxFrameSize) {
            this.maxFrameSize = maxFrameSize;
        }

        public TransportType getTransport() {
            return this.transport;
        }

        public void setTransport(TransportType transport) {
            this.transport = transport;
        }

        public int getIoThreads() {
            return this.ioThreads;
        }

        public void setIoThreads(int ioThreads) {
            this.ioThreads = ioThreads;
        }

        public Duration getConnectTimeout() {
            return this.connectTimeout;
        }

        public void setConnectTimeout(Duration connectTimeout) {
            this.connectTimeout = connectTimeout;
        }

        public Duration getPingInterval() {
            return this.pingInterval;
        }

        public void setPingInterval(Duration pingInterval) {
            this.pingInterval = pingInterval;
        }

        public Duration getReadIdleTimeout() {
            return this.readIdleTimeout;
        }

        public void setReadIdleTimeout(Duration readIdleTimeout) {
            this.readIdleTimeout = readIdleTimeout;
        }

        public boolean isReconnect() {
            return this.reconnect;
        }

        public void setReconnect(boolean reconnect) {
            this.reconnect = reconnect;
        }

        public Duration getReconnectInitialBackoff() {
            return this.reconnectInitialBackoff;
        }

        public void setReconnectInitialBackoff(Duration reconnectInitialBackoff) {
            this.reconnectInitialBackoff = reconnectInitialBackoff;
        }

        public Duration getReconnectMaxBackoff() {
            return this.reconnectMaxBackoff;
        }

        public void setReconnectMaxBackoff(Duration reconnectMaxBackoff) {
            this.reconnectMaxBackoff = reconnectMaxBackoff;
        }

        public int getReconnectMaxAttempts() {
            return this.reconnectMaxAttempts;
        }

        public void setReconnectMaxAttempts(int reconnectMaxAttempts) {
            this.reconnectMaxAttempts = reconnectMaxAttempts;
        }
    }

    /** Settings of the HTTP provider (used for http:// and https:// URLs). */
    public static class Http {

        /** TCP (and TLS) connect timeout. */
        private Duration connectTimeout = Duration.ofSeconds(10);

        /** How long sendAsyncBatch waits to gather concurrent calls into one JSON-RPC batch; 0 sends at once. */
        private Duration batchWindow = Duration.ofMillis(2);

        /** Most calls in one coalesced batch; a full batch is sent at once. */
        private int maxBatchSize = 100;

        /**
         * Whether concurrent async calls (BraneAsyncClient, sendAsync) are sent together as one JSON-RPC batch.
         * Submissions and blocking calls are never batched.
         */
        private boolean autoBatch = true;

        /** How long an automatic batch waits for more calls; 0 adds no wait beyond the sender's start-up. */
        private Duration autoBatchWindow = Duration.ZERO;

        /** Retries after HTTP 429/503 or a retry-safe connection failure; 0 turns retries off. */
        private int maxRetries = 3;

        /** First retry delay when the node sends no Retry-After; doubled each time. */
        private Duration retryInitialBackoff = Duration.ofMillis(100);

        /** Largest computed retry delay. */
        private Duration retryMaxBackoff = Duration.ofSeconds(5);

        /** Longest Retry-After honoured; a longer one fails the call with a RateLimitedException. */
        private Duration maxRetryAfter = Duration.ofSeconds(30);

        /** Calls in flight beyond which new ones fail at once with a BackpressureException. */
        private int maxPendingRequests = 65536;

        /**
         * Most HTTP/1.1 connections open to the node at once (1 to 1024); calls beyond them wait, within their
         * timeout, for one to come free.
         */
        private int maxConnections = 64;

        /** How long an unused keep-alive connection stays open before it is closed (up to 1h). */
        private Duration idleTimeout = Duration.ofSeconds(30);

        /** Ignored: a caller waits for its answer without spinning. */
        private Duration answerSpin;

        @DeprecatedConfigurationProperty(reason = "Answer spinning was removed: a caller waits without spinning",
                since = "0.2")
        @Deprecated(since = "0.2", forRemoval = true)
        public Duration getAnswerSpin() {
            return this.answerSpin;
        }

        public void setAnswerSpin(Duration answerSpin) {
            this.answerSpin = answerSpin;
        }

        public Duration getConnectTimeout() {
            return this.connectTimeout;
        }

        public void setConnectTimeout(Duration connectTimeout) {
            this.connectTimeout = connectTimeout;
        }

        public Duration getBatchWindow() {
            return this.batchWindow;
        }

        public void setBatchWindow(Duration batchWindow) {
            this.batchWindow = batchWindow;
        }

        public int getMaxBatchSize() {
            return this.maxBatchSize;
        }

        public void setMaxBatchSize(int maxBatchSize) {
            this.maxBatchSize = maxBatchSize;
        }

        public boolean isAutoBatch() {
            return this.autoBatch;
        }

        public void setAutoBatch(boolean autoBatch) {
            this.autoBatch = autoBatch;
        }

        public Duration getAutoBatchWindow() {
            return this.autoBatchWindow;
        }

        public void setAutoBatchWindow(Duration autoBatchWindow) {
            this.autoBatchWindow = autoBatchWindow;
        }

        public int getMaxRetries() {
            return this.maxRetries;
        }

        public void setMaxRetries(int maxRetries) {
            this.maxRetries = maxRetries;
        }

        public Duration getRetryInitialBackoff() {
            return this.retryInitialBackoff;
        }

        public void setRetryInitialBackoff(Duration retryInitialBackoff) {
            this.retryInitialBackoff = retryInitialBackoff;
        }

        public Duration getRetryMaxBackoff() {
            return this.retryMaxBackoff;
        }

        public void setRetryMaxBackoff(Duration retryMaxBackoff) {
            this.retryMaxBackoff = retryMaxBackoff;
        }

        public Duration getMaxRetryAfter() {
            return this.maxRetryAfter;
        }

        public void setMaxRetryAfter(Duration maxRetryAfter) {
            this.maxRetryAfter = maxRetryAfter;
        }

        public int getMaxPendingRequests() {
            return this.maxPendingRequests;
        }

        public void setMaxPendingRequests(int maxPendingRequests) {
            this.maxPendingRequests = maxPendingRequests;
        }

        public int getMaxConnections() {
            return this.maxConnections;
        }

        public void setMaxConnections(int maxConnections) {
            this.maxConnections = maxConnections;
        }

        public Duration getIdleTimeout() {
            return this.idleTimeout;
        }

        public void setIdleTimeout(Duration idleTimeout) {
            this.idleTimeout = idleTimeout;
        }
    }

    /**
     * The signer named "default": exactly one of a private key, a keystore file with its password, a mnemonic
     * with an account index, or a key in a PKCS#11 token. Shorthand for {@code brane.signers.default.*}.
     */
    public static class Signer extends BraneSignerProperties {

    }

    /** The typed client ({@code BraneClient}) and the signing client ({@code SigningClient}). */
    public static class Client {

        /** How often receipts are polled on a provider that cannot push new heads (HTTP). */
        private Duration pollInterval = Duration.ofMillis(250);

        /** Extra gas over the estimate when the signing client fills in the gas limit, in percent (0 to 1000). */
        private int gasMarginPercent = 20;

        /** How long the signing client's send waits for the receipt. */
        private Duration receiptTimeout = Duration.ofSeconds(120);

        public Duration getPollInterval() {
            return this.pollInterval;
        }

        public void setPollInterval(Duration pollInterval) {
            this.pollInterval = pollInterval;
        }

        public int getGasMarginPercent() {
            return this.gasMarginPercent;
        }

        public void setGasMarginPercent(int gasMarginPercent) {
            this.gasMarginPercent = gasMarginPercent;
        }

        public Duration getReceiptTimeout() {
            return this.receiptTimeout;
        }

        public void setReceiptTimeout(Duration receiptTimeout) {
            this.receiptTimeout = receiptTimeout;
        }
    }

    /** Micrometer metrics. */
    public static class Metrics {

        /** Deprecated: whether to record brane.* meters when a MeterRegistry is present. */
        private boolean enabled = true;

        /**
         * @deprecated Boot's own switch covers every brane meter (brane.rpc.*, brane.tx.*, brane.events.*):
         * {@code management.metrics.enable.brane=false}
         */
        @Deprecated(forRemoval = true)
        @org.springframework.boot.context.properties.DeprecatedConfigurationProperty(
                replacement = "management.metrics.enable.brane",
                reason = "Boot's meter filter turns off every brane.* meter (brane.rpc, brane.tx, brane.events); "
                        + "this switch covered brane.rpc and brane.events only")
        public boolean isEnabled() {
            return this.enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
    }

    /** Micrometer Observation (tracing) of JSON-RPC calls. */
    public static class Observation {

        /**
         * Whether each call through the provider is a Micrometer Observation named brane.rpc.requests (for traces)
         * when an ObservationRegistry is present. Deprecated: use management.observations.enable.brane.
         */
        private boolean enabled = true;

        @DeprecatedConfigurationProperty(replacement = "management.observations.enable.brane",
                reason = "Observations follow Boot's management.observations.enable.<name-prefix>", since = "0.1.0")
        @Deprecated(since = "0.1.0")
        public boolean isEnabled() {
            return this.enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
    }

    /** The "brane" health contributor. */
    public static class Health {

        /**
         * Reports DOWN when the latest block is older than this (the node stopped following the chain). Unset:
         * not checked. Pick a few block times of your chain, e.g. 1m on mainnet.
         */
        private Duration maxHeadAge;

        /** Timeout of the health check's calls to the node. */
        private Duration timeout = Duration.ofSeconds(2);

        public Duration getMaxHeadAge() {
            return this.maxHeadAge;
        }

        public void setMaxHeadAge(Duration maxHeadAge) {
            this.maxHeadAge = maxHeadAge;
        }

        public Duration getTimeout() {
            return this.timeout;
        }

        public void setTimeout(Duration timeout) {
            this.timeout = timeout;
        }
    }

    /** Shutdown of the provider. */
    public static class Shutdown {

        /** How long shutdown waits for in-flight requests to finish before closing the provider. */
        private Duration timeout = Duration.ofSeconds(10);

        public Duration getTimeout() {
            return this.timeout;
        }

        public void setTimeout(Duration timeout) {
            this.timeout = timeout;
        }
    }

    /** A local Anvil node for development, started before the provider and stopped on shutdown. */
    public static class Devnet {

        /**
         * Whether to start a local Anvil (found on PATH, ANVIL_BIN, or installed from npm) and connect to it
         * instead of brane.rpc.url. Needs sh.brane:brane-devnet on the classpath (a development-time dependency,
         * left out of packaged jars). Not in tests: see brane.devnet.in-tests.
         */
        private boolean enabled = false;

        /**
         * Whether to start the local Anvil when the application runs in a test (JUnit, Spring's test framework),
         * where brane.devnet.enabled is ignored so that a test starts a node only when it asks for one; set by
         * @AutoConfigureBrane(devnet = true).
         */
        private boolean inTests = false;

        /** Chain id of the local node. */
        private long chainId = 31337;

        /**
         * Time between blocks, in whole seconds (a bare number is seconds, as before: 1 = 1s); 0 mines a block
         * per transaction.
         */
        @DurationUnit(ChronoUnit.SECONDS)
        private Duration blockTime = Duration.ZERO;

        /** Number of funded dev accounts. */
        private int accounts = 10;

        /** Connect over WebSocket (true) or HTTP (false). */
        private boolean websocket = true;

        public boolean isEnabled() {
            return this.enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public boolean isInTests() {
            return this.inTests;
        }

        public void setInTests(boolean inTests) {
            this.inTests = inTests;
        }

        public long getChainId() {
            return this.chainId;
        }

        public void setChainId(long chainId) {
            this.chainId = chainId;
        }

        public Duration getBlockTime() {
            return this.blockTime;
        }

        public void setBlockTime(Duration blockTime) {
            this.blockTime = blockTime;
        }

        public int getAccounts() {
            return this.accounts;
        }

        public void setAccounts(int accounts) {
            this.accounts = accounts;
        }

        public boolean isWebsocket() {
            return this.websocket;
        }

        public void setWebsocket(boolean websocket) {
            this.websocket = websocket;
        }
    }

    /** TLS settings of a node connection. */
    public static class Ssl {

        /**
         * Name of the SSL bundle (spring.ssl.bundle.*) with the trust material for the node's certificate (e.g. a
         * private CA) and, for mutual TLS, the client certificate. Only for wss:// and https:// URLs.
         */
        private String bundle;

        public String getBundle() {
            return this.bundle;
        }

        public void setBundle(String bundle) {
            this.bundle = bundle;
        }
    }
}
