package sh.brane.spring.boot.autoconfigure;

import sh.brane.rpc.BraneProvider;

/**
 * Wraps each provider the auto-configuration creates (each endpoint's, under a fallback provider), e.g. to
 * observe its calls. Beans of this type are applied in {@code @Order}; a wrapper should implement
 * {@link DecoratedBraneProvider} so the health check can reach the provider underneath.
 */
@FunctionalInterface
public interface BraneProviderDecorator {

    /**
     * @param provider  the provider (or the previous decorator's wrapper)
     * @param endpoint  the endpoint's configured name, never its URL
     * @param transport {@code ws} or {@code http}
     */
    BraneProvider decorate(BraneProvider provider, String endpoint, String transport);
}
