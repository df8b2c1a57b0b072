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

    /** One sink forwarding to each of {@code metrics}, in order (the one itself when there is one). */
    static BraneMetrics composite(java.util.List<BraneMetrics> metrics) {
        return (metrics.size() == 1) ? metrics.get(0) : new CompositeBraneMetrics(metrics);
    }
}
