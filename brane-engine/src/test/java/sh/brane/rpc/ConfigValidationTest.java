package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.function.UnaryOperator;

import org.junit.jupiter.api.Test;

class ConfigValidationTest {

    private static void wsRejects(UnaryOperator<WebSocketConfig.Builder> change, String... messageParts) {
        assertThatThrownBy(() -> change.apply(WebSocketConfig.builder("ws://127.0.0.1:8545")).build())
                .isInstanceOf(IllegalArgumentException.class)
                .satisfies(e -> {
                    for (String part : messageParts) {
                        assertThat(e.getMessage()).contains(part);
                    }
                });
    }

    private static void httpRejects(UnaryOperator<HttpConfig.Builder> change, String... messageParts) {
        assertThatThrownBy(() -> change.apply(HttpConfig.builder("http://127.0.0.1:8545")).build())
                .isInstanceOf(IllegalArgumentException.class)
                .satisfies(e -> {
                    for (String part : messageParts) {
                        assertThat(e.getMessage()).contains(part);
                    }
                });
    }

    @Test
    void webSocketDefaults() {
        WebSocketConfig c = WebSocketConfig.builder("ws://127.0.0.1:8545").build();
        assertThat(c.ringBufferSize()).isEqualTo(4096);
        assertThat(c.waitStrategy()).isEqualTo(WaitStrategyType.BLOCKING);
        assertThat(c.maxPendingRequests()).isEqualTo(65536);
        assertThat(c.maxFrameSize()).isEqualTo(64 * 1024);
        assertThat(c.requestTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(c.transport()).isEqualTo(TransportType.AUTO);
        assertThat(c.ioThreads()).isEqualTo(1);
        assertThat(c.connectTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(c.pingInterval()).isEqualTo(Duration.ofSeconds(15));
        assertThat(c.readIdleTimeout()).isEqualTo(Duration.ofSeconds(45));
        assertThat(c.reconnect()).isTrue();
        assertThat(c.reconnectInitialBackoff()).isEqualTo(Duration.ofMillis(100));
        assertThat(c.reconnectMaxBackoff()).isEqualTo(Duration.ofSeconds(30));
        assertThat(c.reconnectMaxAttempts()).isZero();
        assertThat(c.headers()).isEmpty();
        assertThat(c.callbackExecutor()).isNull();
        assertThat(c.sslContext()).isNull();
        assertThat(c.name()).isEqualTo("default");
    }

    @Test
    void webSocketConfigNeverShowsTheFullUrl() {
        WebSocketConfig c = WebSocketConfig.builder("wss://eth.example.com/v2/SECRETKEY").build();
        assertThat(c.toString()).doesNotContain("SECRETKEY").contains("eth.example.com:443");
    }

    @Test
    void invalidValuesCarryTheirOptionValueAndReason() {
        assertThatThrownBy(() -> HttpConfig.builder("http://x").maxBatchSize(0).build())
                .isInstanceOfSatisfying(InvalidOptionException.class, e -> {
                    assertThat(e.option()).isEqualTo("maxBatchSize");
                    assertThat(e.value()).isEqualTo("0");
                    assertThat(e.reason()).isEqualTo("must be between 1 and 10000");
                });
        assertThatThrownBy(() -> WebSocketConfig.builder("ws://x").pingInterval(java.time.Duration.ofSeconds(30))
                .readIdleTimeout(java.time.Duration.ofSeconds(10)).build())
                .isInstanceOfSatisfying(InvalidOptionException.class, e -> {
                    assertThat(e.option()).isEqualTo("readIdleTimeout");
                    assertThat(e.value()).isEqualTo("PT10S");
                });
        assertThatThrownBy(() -> WebSocketConfig.builder("ws://x").header("X-Api-Key", null).build())
                .isInstanceOfSatisfying(InvalidOptionException.class, e -> assertThat(e.option()).isEqualTo("header"));
    }

    @Test
    void webSocketInvalidValuesAreNamed() {
        assertThatThrownBy(() -> WebSocketConfig.builder("http://x").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("url must be a ws:// or wss:// URL, got scheme http");
        assertThatThrownBy(() -> WebSocketConfig.builder(null).build()).hasMessageContaining("url must be");
        assertThatThrownBy(() -> WebSocketConfig.builder("ws://exa mple").build()).hasMessageContaining("malformed URL");
        wsRejects(b -> b.ringBufferSize(1000), "ringBufferSize must be a power of two", "got 1000");
        wsRejects(b -> b.ringBufferSize(0), "ringBufferSize", "got 0");
        wsRejects(b -> b.maxPendingRequests(0), "maxPendingRequests must be between 1 and", "got 0");
        wsRejects(b -> b.maxFrameSize(100), "maxFrameSize must be between 1024 and 536870912, got 100");
        wsRejects(b -> b.maxFrameSize(Integer.MAX_VALUE), "maxFrameSize", "got 2147483647");
        wsRejects(b -> b.requestTimeout(Duration.ZERO), "requestTimeout must be a positive duration", "got PT0S");
        wsRejects(b -> b.requestTimeout(null), "requestTimeout", "got null");
        wsRejects(b -> b.waitStrategy(null), "waitStrategy must not be null");
        wsRejects(b -> b.transport(null), "transport must not be null");
        wsRejects(b -> b.ioThreads(0), "ioThreads must be between 1 and 256, got 0");
        wsRejects(b -> b.connectTimeout(Duration.ofSeconds(-1)), "connectTimeout", "got PT-1S");
        wsRejects(b -> b.pingInterval(Duration.ofSeconds(-1)), "pingInterval must be zero (off) or a positive duration");
        wsRejects(b -> b.pingInterval(Duration.ofSeconds(10)).readIdleTimeout(Duration.ofSeconds(5)),
                "readIdleTimeout must be longer than pingInterval (PT10S)", "got PT5S");
        wsRejects(b -> b.reconnectInitialBackoff(Duration.ofSeconds(5)).reconnectMaxBackoff(Duration.ofSeconds(1)),
                "reconnectMaxBackoff must be at least reconnectInitialBackoff (PT5S), got PT1S");
        wsRejects(b -> b.reconnectMaxAttempts(-1), "reconnectMaxAttempts must be 0 (unlimited) or positive, got -1");
        wsRejects(b -> b.name(" "), "name must be non-blank");
        assertThatThrownBy(() -> WebSocketConfig.builder("ws://x").header("", "v"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("header name");
        assertThatThrownBy(() -> WebSocketConfig.builder("ws://x").header("X-Key", null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("header name");
    }

    @Test
    void webSocketAcceptsTheDocumentedRange() {
        WebSocketConfig c = WebSocketConfig.builder("wss://node.example/ws").ringBufferSize(16384)
                .maxFrameSize(64 * 1024 * 1024).waitStrategy(WaitStrategyType.YIELDING)
                .pingInterval(Duration.ZERO).readIdleTimeout(Duration.ZERO).transport(TransportType.NIO).build();
        assertThat(c.maxFrameSize()).isEqualTo(64 * 1024 * 1024);
        assertThat(c.ringBufferSize()).isEqualTo(16384);
    }

    @Test
    void forcedEpollIsEitherAvailableOrAClearError() {
        if (io.netty.channel.epoll.Epoll.isAvailable()) {
            assertThat(WebSocketConfig.builder("ws://x").transport(TransportType.EPOLL).build().transport())
                    .isEqualTo(TransportType.EPOLL);
        } else {
            wsRejects(b -> b.transport(TransportType.EPOLL), "transport EPOLL is not available", "use AUTO or NIO");
        }
    }

    @Test
    void httpDefaultsAndInvalidValues() {
        HttpConfig c = HttpConfig.builder("http://127.0.0.1:8545").build();
        assertThat(c.requestTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(c.connectTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(c.batchWindow()).isEqualTo(Duration.ofMillis(2));
        assertThat(c.maxBatchSize()).isEqualTo(100);
        assertThat(c.maxRetries()).isEqualTo(3);
        assertThat(c.maxRetryAfter()).isEqualTo(Duration.ofSeconds(30));
        assertThat(c.maxPendingRequests()).isEqualTo(65536);
        assertThat(c.version()).isEqualTo(java.net.http.HttpClient.Version.HTTP_1_1);

        assertThatThrownBy(() -> HttpConfig.builder("ws://x").build())
                .hasMessage("url must be an http:// or https:// URL, got scheme ws");
        httpRejects(b -> b.maxBatchSize(0), "maxBatchSize must be between 1 and 10000, got 0");
        httpRejects(b -> b.maxRetries(-1), "maxRetries must be between 0 and 100, got -1");
        httpRejects(b -> b.batchWindow(Duration.ofSeconds(5)), "batchWindow", "at most PT1S", "got PT5S");
        httpRejects(b -> b.requestTimeout(Duration.ZERO), "requestTimeout must be a positive duration");
        httpRejects(b -> b.retryInitialBackoff(Duration.ofSeconds(2)).retryMaxBackoff(Duration.ofSeconds(1)),
                "retryMaxBackoff must be at least retryInitialBackoff (PT2S), got PT1S");
        httpRejects(b -> b.version(null), "version must not be null");
        httpRejects(b -> b.maxPendingRequests(-3), "maxPendingRequests", "got -3");
    }

    @Test
    void perRequestTimeoutMustBePositive() throws Exception {
        try (HttpProvider p = HttpProvider.create("http://127.0.0.1:1")) {
            assertThatThrownBy(() -> p.sendAsync("eth_chainId", java.util.List.of(), Duration.ZERO))
                    .isInstanceOf(IllegalArgumentException.class).hasMessage("timeout must be a positive duration, got PT0S");
        }
    }
}
