package sh.brane.spring.boot.autoconfigure;

import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.Supplier;

import sh.brane.rpc.HttpConfig;
import sh.brane.rpc.WebSocketConfig;

/**
 * Maps {@code brane.*} properties onto the engine's config builders, and the builders' validation errors
 * (whose messages start with the option's name) back onto the property that set the value.
 */
final class ProviderConfigMapper {

    private static final String WS = "brane.rpc.ws.";

    private static final String HTTP = "brane.rpc.http.";

    private ProviderConfigMapper() {
    }

    static WebSocketConfig webSocket(BraneUrl url, String name, Map<String, String> headers,
            BraneProperties properties, Executor callbackExecutor, Iterable<WebSocketConfigCustomizer> customizers) {
        BraneProperties.Rpc rpc = properties.getRpc();
        BraneProperties.WebSocket ws = rpc.getWs();
        long frame = ws.getMaxFrameSize().toBytes();
        if (frame < 1024 || frame > WebSocketConfig.MAX_MAX_FRAME_SIZE) {
            throw new InvalidBranePropertyException(WS + "max-frame-size", ws.getMaxFrameSize().toString(),
                    "must be between 1KB and 512MB");
        }
        WebSocketConfig.Builder builder = WebSocketConfig.builder(url.uri().toString())
            .name(name)
            .requestTimeout(rpc.getRequestTimeout())
            .ringBufferSize(ws.getRingBufferSize())
            .waitStrategy(ws.getWaitStrategy())
            .maxPendingRequests(ws.getMaxPendingRequests())
            .maxFrameSize((int) frame)
            .transport(ws.getTransport())
            .ioThreads(ws.getIoThreads())
            .connectTimeout(ws.getConnectTimeout())
            .pingInterval(ws.getPingInterval())
            .readIdleTimeout(ws.getReadIdleTimeout())
            .reconnect(ws.isReconnect())
            .reconnectInitialBackoff(ws.getReconnectInitialBackoff())
            .reconnectMaxBackoff(ws.getReconnectMaxBackoff())
            .reconnectMaxAttempts(ws.getReconnectMaxAttempts())
            .callbackExecutor(callbackExecutor);
        if (ws.isInsecureSkipTlsVerification()) {
            builder.insecureSkipTlsVerification();
        }
        headers.forEach(builder::header);
        customizers.forEach((customizer) -> customizer.customize(builder));
        return build(builder::build, (option) -> switch (option) {
            case "ringBufferSize" -> property(WS + "ring-buffer-size", ws.getRingBufferSize());
            case "waitStrategy" -> property(WS + "wait-strategy", ws.getWaitStrategy());
            case "maxPendingRequests" -> property(WS + "max-pending-requests", ws.getMaxPendingRequests());
            case "maxFrameSize" -> property(WS + "max-frame-size", ws.getMaxFrameSize());
            case "transport" -> property(WS + "transport", ws.getTransport());
            case "ioThreads" -> property(WS + "io-threads", ws.getIoThreads());
            case "connectTimeout" -> property(WS + "connect-timeout", ws.getConnectTimeout());
            case "pingInterval" -> property(WS + "ping-interval", ws.getPingInterval());
            case "readIdleTimeout" -> property(WS + "read-idle-timeout", ws.getReadIdleTimeout());
            case "reconnectInitialBackoff" ->
                property(WS + "reconnect-initial-backoff", ws.getReconnectInitialBackoff());
            case "reconnectMaxBackoff" -> property(WS + "reconnect-max-backoff", ws.getReconnectMaxBackoff());
            case "reconnectMaxAttempts" -> property(WS + "reconnect-max-attempts", ws.getReconnectMaxAttempts());
            default -> common(option, rpc);
        });
    }

    static HttpConfig http(BraneUrl url, String name, Map<String, String> headers, BraneProperties properties,
            Executor callbackExecutor, Iterable<HttpConfigCustomizer> customizers) {
        BraneProperties.Rpc rpc = properties.getRpc();
        BraneProperties.Http http = rpc.getHttp();
        HttpConfig.Builder builder = HttpConfig.builder(url.uri().toString())
            .name(name)
            .requestTimeout(rpc.getRequestTimeout())
            .connectTimeout(http.getConnectTimeout())
            .batchWindow(http.getBatchWindow())
            .maxBatchSize(http.getMaxBatchSize())
            .autoBatch(http.isAutoBatch())
            .autoBatchWindow(http.getAutoBatchWindow())
            .maxRetries(http.getMaxRetries())
            .retryInitialBackoff(http.getRetryInitialBackoff())
            .retryMaxBackoff(http.getRetryMaxBackoff())
            .maxRetryAfter(http.getMaxRetryAfter())
            .maxPendingRequests(http.getMaxPendingRequests())
            .callbackExecutor(callbackExecutor);
        headers.forEach(builder::header);
        customizers.forEach((customizer) -> customizer.customize(builder));
        return build(builder::build, (option) -> switch (option) {
            case "connectTimeout" -> property(HTTP + "connect-timeout", http.getConnectTimeout());
            case "batchWindow" -> property(HTTP + "batch-window", http.getBatchWindow());
            case "maxBatchSize" -> property(HTTP + "max-batch-size", http.getMaxBatchSize());
            case "autoBatchWindow" -> property(HTTP + "auto-batch-window", http.getAutoBatchWindow());
            case "maxRetries" -> property(HTTP + "max-retries", http.getMaxRetries());
            case "retryInitialBackoff" -> property(HTTP + "retry-initial-backoff", http.getRetryInitialBackoff());
            case "retryMaxBackoff" -> property(HTTP + "retry-max-backoff", http.getRetryMaxBackoff());
            case "maxRetryAfter" -> property(HTTP + "max-retry-after", http.getMaxRetryAfter());
            case "maxPendingRequests" -> property(HTTP + "max-pending-requests", http.getMaxPendingRequests());
            default -> common(option, rpc);
        });
    }

    private static String[] common(String option, BraneProperties.Rpc rpc) {
        return switch (option) {
            case "name" -> property("brane.rpc.name", rpc.getName());
            case "requestTimeout" -> property("brane.rpc.request-timeout", rpc.getRequestTimeout());
            // header values may be API keys: never shown
            case "header" -> new String[] { "brane.rpc.headers", "******" };
            default -> null;
        };
    }

    private static String[] property(String name, Object value) {
        return new String[] { name, String.valueOf(value) };
    }

    private static <T> T build(Supplier<T> build, Function<String, String[]> propertyOfOption) {
        try {
            return build.get();
        } catch (IllegalArgumentException ex) {
            String message = String.valueOf(ex.getMessage());
            int space = message.indexOf(' ');
            String option = (space > 0) ? message.substring(0, space) : message;
            String[] property = propertyOfOption.apply(option);
            if (property == null) {
                // set by a customizer, or an option without a property: report the engine's own words
                throw new InvalidBranePropertyException("brane.rpc", "(see reason)", message);
            }
            throw new InvalidBranePropertyException(property[0], property[1], message);
        }
    }
}
