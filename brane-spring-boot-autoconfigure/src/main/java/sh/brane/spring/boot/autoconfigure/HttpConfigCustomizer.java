package sh.brane.spring.boot.autoconfigure;

import sh.brane.rpc.HttpConfig;

/**
 * Callback to customize the {@link HttpConfig.Builder} after the {@code brane.*} properties were applied and
 * before the HTTP provider is created, e.g. to switch to HTTP/2. Beans of this type are applied in
 * {@link org.springframework.core.annotation.Order @Order}.
 */
@FunctionalInterface
public interface HttpConfigCustomizer {

    /** Customizes the builder. */
    void customize(HttpConfig.Builder builder);
}
