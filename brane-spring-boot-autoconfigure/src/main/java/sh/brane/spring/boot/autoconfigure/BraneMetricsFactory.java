package sh.brane.spring.boot.autoconfigure;

import sh.brane.rpc.BraneMetrics;
import sh.brane.rpc.BraneProvider;

/**
 * Creates the {@link BraneMetrics} of each provider the auto-configuration creates. The Micrometer
 * auto-configuration contributes one; several are combined, in order.
 */
@FunctionalInterface
public interface BraneMetricsFactory {

    /**
     * @param provider  the provider being created (for gauges of its state)
     * @param endpoint  the endpoint's configured name, never its URL
     * @param transport {@code ws} or {@code http}
     */
    BraneMetrics create(BraneProvider provider, String endpoint, String transport);

    /**
     * The metrics of a provider of one chain ({@code brane.chains.<chain>}, {@code default} for {@code brane.rpc}, the
     * bean name for a provider the application declares). This default ignores the chain.
     *
     * @param chain the chain's configured name, a bounded tag
     */
    default BraneMetrics create(BraneProvider provider, String chain, String endpoint, String transport) {
        return create(provider, endpoint, transport);
    }

    /**
     * What the auto-configuration calls: also says whether each call is already timed by a decorator (the
     * observation, whose meter handler records {@code brane.rpc.requests}), so a factory that would time the calls
     * again leaves its own timer out: one call, one timer sample. This default ignores it.
     *
     * @param callsTimed true when a {@link BraneProviderDecorator} of the provider {@linkplain
     *                   BraneProviderDecorator#timesCalls() times its calls}
     */
    default BraneMetrics create(BraneProvider provider, String chain, String endpoint, String transport,
            boolean callsTimed) {
        return create(provider, chain, endpoint, transport);
    }

    /** One sink forwarding to each of {@code metrics}, in order (the one itself when there is one). */
    static BraneMetrics composite(java.util.List<BraneMetrics> metrics) {
        return (metrics.size() == 1) ? metrics.get(0) : new CompositeBraneMetrics(metrics);
    }
}
