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
}
