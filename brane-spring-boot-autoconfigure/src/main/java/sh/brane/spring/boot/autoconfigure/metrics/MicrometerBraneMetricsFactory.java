package sh.brane.spring.boot.autoconfigure.metrics;

import io.micrometer.core.instrument.MeterRegistry;

import sh.brane.rpc.BraneMetrics;
import sh.brane.rpc.BraneProvider;
import sh.brane.spring.boot.autoconfigure.BraneMetricsFactory;

/** {@link MicrometerBraneMetrics} for each provider, tagged with its chain. */
final class MicrometerBraneMetricsFactory implements BraneMetricsFactory {

    private final MeterRegistry registry;

    MicrometerBraneMetricsFactory(MeterRegistry registry) {
        this.registry = registry;
    }

    @Override
    public BraneMetrics create(BraneProvider provider, String endpoint, String transport) {
        return new MicrometerBraneMetrics(this.registry, provider, endpoint, transport);
    }

    @Override
    public BraneMetrics create(BraneProvider provider, String chain, String endpoint, String transport) {
        return new MicrometerBraneMetrics(this.registry, provider, chain, endpoint, transport);
    }

    @Override
    public BraneMetrics create(BraneProvider provider, String chain, String endpoint, String transport,
            boolean callsTimed) {
        return new MicrometerBraneMetrics(this.registry, provider, chain, endpoint, transport, !callsTimed);
    }
}
