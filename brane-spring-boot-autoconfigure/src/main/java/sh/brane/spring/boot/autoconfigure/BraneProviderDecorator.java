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

    /**
     * What the auto-configuration calls: also names the chain the endpoint serves. By default the chain is
     * ignored ({@link #decorate(BraneProvider, String, String)}); override it to use it, e.g. as a tag.
     *
     * @param chain the configured chain's name: {@code default} for {@code brane.rpc}, else the name under
     *              {@code brane.chains} (the {@code chain} tag of the meters)
     */
    default BraneProvider decorate(BraneProvider provider, String chain, String endpoint, String transport) {
        return decorate(provider, endpoint, transport);
    }

    /**
     * Whether the wrapper records each call's {@code brane.rpc.requests} timer itself (the observation does, through
     * Boot's meter observation handler); the metrics then leave theirs out. False by default.
     */
    default boolean timesCalls() {
        return false;
    }
}
