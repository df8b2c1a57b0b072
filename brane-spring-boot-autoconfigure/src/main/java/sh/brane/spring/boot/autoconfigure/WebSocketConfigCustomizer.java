package sh.brane.spring.boot.autoconfigure;

import sh.brane.rpc.WebSocketConfig;

/**
 * Callback to customize the {@link WebSocketConfig.Builder} after the {@code brane.*} properties were applied
 * and before the WebSocket provider is created, e.g. to set a TLS context. Beans of this type are applied in
 * {@link org.springframework.core.annotation.Order @Order}.
 */
@FunctionalInterface
public interface WebSocketConfigCustomizer {

    /** Customizes the builder. */
    void customize(WebSocketConfig.Builder builder);
}
