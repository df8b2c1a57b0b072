package sh.brane.spring.boot.autoconfigure;

import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.Supplier;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;

import sh.brane.rpc.HttpConfig;
import sh.brane.rpc.InvalidOptionException;
import sh.brane.rpc.WebSocketConfig;

/**
 * Maps {@code brane.*} properties onto the engine's config builders, and the builders' typed validation errors
 * ({@link InvalidOptionException}, by option) back onto the property that set the value.
 */
final class ProviderConfigMapper {

    private ProviderConfigMapper() {
    }

    static WebSocketConfig webSocket(BraneUrl url, String name, Map<String, String> headers,
            BraneProperties.Rpc rpc, String prefix, Executor callbackExecutor,
            Iterable<WebSocketConfigCustomizer> customizers, NodeTls tls) {
        String wsPrefix = prefix + ".ws.";
        BraneProperties.WebSocket ws = rpc.getWs();
        long frame = ws.getMaxFrameSize().toBytes();
        if (frame < 1024 || frame > WebSocketConfig.MAX_MAX_FRAME_SIZE) {
            throw new InvalidConfigurationPropertyValueException(wsPrefix + "max-frame-size", ws.getMaxFrameSize(),
                    "must be between 1KB and 512MB");
        }
        WebSocketConfig.Builder builder = WebSocketConfig.builder(url.uri().toString())
            .name(name)
            .requestTimeout(rpc.getRequestTimeout())
            .ringBufferSize(ws.getRingBufferSize())
            .waitStrategy(ws.getWaitStrategy())
            .maxPendingRequests(ws.getMaxPendingRequests())
            .maxFrameSize((int) frame)
            // the error of an answer over the limit names the property to raise, not the engine's builder
            .maxFrameSizeSetting(wsPrefix + "max-frame-size")
            .transport(ws.getTransport())
            .ioThreads(ws.getIoThreads())
            .connectTimeout(ws.getConnectTimeout())
            .pingInterval(ws.getPingInterval())
            .readIdleTimeout(ws.getReadIdleTimeout())
            .reconnect(ws.isReconnect())
            .reconnectInitialBackoff(ws.getReconnectInitialBackoff())
            .reconnectMaxBackoff(ws.getReconnectMaxBackoff())
            .reconnectMaxAttempts(ws.getReconnectMaxAttempts())
            .maxRetries(ws.getMaxRetries())
            .retryInitialBackoff(ws.getRetryInitialBackoff())
            .retryMaxBackoff(ws.getRetryMaxBackoff())
            .callbackExecutor(callbackExecutor);
        if (tls != null) {
            if (ws.isInsecureSkipTlsVerification()) {
                throw new InvalidConfigurationPropertyValueException(wsPrefix + "insecure-skip-tls-verification", true,
                        "an SSL bundle checks the node's certificate: remove one of the two settings");
            }
            builder.sslContext(tls.nettyContext());
        }
        else if (ws.isInsecureSkipTlsVerification()) {
            builder.insecureSkipTlsVerification();
        }
        headers.forEach(builder::header);
        customizers.forEach((customizer) -> customizer.customize(builder));
        return build(builder::build, prefix, (option) -> switch (option) {
            case "ringBufferSize" -> property(wsPrefix + "ring-buffer-size", ws.getRingBufferSize());
            case "waitStrategy" -> property(wsPrefix + "wait-strategy", ws.getWaitStrategy());
            case "maxPendingRequests" -> property(wsPrefix + "max-pending-requests", ws.getMaxPendingRequests());
            case "maxFrameSize" -> property(wsPrefix + "max-frame-size", ws.getMaxFrameSize());
            case "transport" -> property(wsPrefix + "transport", ws.getTransport());
            case "ioThreads" -> property(wsPrefix + "io-threads", ws.getIoThreads());
            case "connectTimeout" -> property(wsPrefix + "connect-timeout", ws.getConnectTimeout());
            case "pingInterval" -> property(wsPrefix + "ping-interval", ws.getPingInterval());
            case "readIdleTimeout" -> property(wsPrefix + "read-idle-timeout", ws.getReadIdleTimeout());
            case "reconnectInitialBackoff" ->
                property(wsPrefix + "reconnect-initial-backoff", ws.getReconnectInitialBackoff());
            case "reconnectMaxBackoff" -> property(wsPrefix + "reconnect-max-backoff", ws.getReconnectMaxBackoff());
            case "reconnectMaxAttempts" -> property(wsPrefix + "reconnect-max-attempts", ws.getReconnectMaxAttempts());
            case "maxRetries" -> property(wsPrefix + "max-retries", ws.getMaxRetries());
            case "retryInitialBackoff" -> property(wsPrefix + "retry-initial-backoff", ws.getRetryInitialBackoff());
            case "retryMaxBackoff" -> property(wsPrefix + "retry-max-backoff", ws.getRetryMaxBackoff());
            default -> common(option, rpc, prefix);
        });
    }

    static HttpConfig http(BraneUrl url, String name, Map<String, String> headers, BraneProperties.Rpc rpc,
            String prefix, Executor callbackExecutor, Iterable<HttpConfigCustomizer> customizers, NodeTls tls) {
        String httpPrefix = prefix + ".http.";
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
            .maxConnections(http.getMaxConnections())
            .idleTimeout(http.getIdleTimeout())
            .callbackExecutor(callbackExecutor);
        if (tls != null) {
            builder.tls(tls.managers().getKeyManagerFactory(), tls.managers().getTrustManagerFactory());
        }
        headers.forEach(builder::header);
        customizers.forEach((customizer) -> customizer.customize(builder));
        return build(builder::build, prefix, (option) -> switch (option) {
            case "connectTimeout" -> property(httpPrefix + "connect-timeout", http.getConnectTimeout());
            case "batchWindow" -> property(httpPrefix + "batch-window", http.getBatchWindow());
            case "maxBatchSize" -> property(httpPrefix + "max-batch-size", http.getMaxBatchSize());
            case "autoBatchWindow" -> property(httpPrefix + "auto-batch-window", http.getAutoBatchWindow());
            case "maxRetries" -> property(httpPrefix + "max-retries", http.getMaxRetries());
            case "retryInitialBackoff" -> property(httpPrefix + "retry-initial-backoff", http.getRetryInitialBackoff());
            case "retryMaxBackoff" -> property(httpPrefix + "retry-max-backoff", http.getRetryMaxBackoff());
            case "maxRetryAfter" -> property(httpPrefix + "max-retry-after", http.getMaxRetryAfter());
            case "maxPendingRequests" -> property(httpPrefix + "max-pending-requests", http.getMaxPendingRequests());
            case "maxConnections" -> property(httpPrefix + "max-connections", http.getMaxConnections());
            case "idleTimeout" -> property(httpPrefix + "idle-timeout", http.getIdleTimeout());
            default -> common(option, rpc, prefix);
        });
    }

    private static String[] common(String option, BraneProperties.Rpc rpc, String prefix) {
        return switch (option) {
            case "name" -> property(prefix + ".name", rpc.getName());
            case "requestTimeout" -> property(prefix + ".request-timeout", rpc.getRequestTimeout());
            // header values may be API keys: never shown
            case "header" -> new String[] { prefix + ".headers", "******" };
            default -> null;
        };
    }

    private static String[] property(String name, Object value) {
        return new String[] { name, String.valueOf(value) };
    }

    /** Builds, mapping the engine's typed error onto the property by its option (never by its message). */
    private static <T> T build(Supplier<T> build, String prefix, Function<String, String[]> propertyOfOption) {
        try {
            return build.get();
        }
        catch (InvalidOptionException ex) {
            String[] property = propertyOfOption.apply(ex.option());
            if (property == null) {
                // an option without a property, set by a customizer: the engine's own words
                throw new InvalidConfigurationPropertyValueException(prefix, "(set by a customizer)",
                        ex.getMessage());
            }
            if ("header".equals(ex.option())) {
                // not Boot's exception: its failure analyzer would print the value found in the environment
                throw new InvalidBranePropertyException(property[0], property[1], ex.reason());
            }
            throw new InvalidConfigurationPropertyValueException(property[0], property[1], ex.reason());
        }
    }
}
