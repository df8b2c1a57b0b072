package sh.brane.spring.boot.autoconfigure.metrics;

import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.BraneMetricsFactory;

/**
 * {@link EnableAutoConfiguration Auto-configuration} for Brane's Micrometer metrics: contributes the
 * {@link BraneMetricsFactory} the provider is created with, when a {@link MeterRegistry} bean exists and
 * {@code brane.metrics.enabled} is not false.
 */
@AutoConfiguration(before = BraneAutoConfiguration.class,
        afterName = "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration")
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean(MeterRegistry.class)
@ConditionalOnBooleanProperty(name = "brane.metrics.enabled", matchIfMissing = true)
public final class BraneMetricsAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean(name = "braneMicrometerMetricsFactory")
    BraneMetricsFactory braneMicrometerMetricsFactory(MeterRegistry registry) {
        return new MicrometerBraneMetricsFactory(registry);
    }

    /** Metrics for the providers the application declares itself, as for the auto-configured ones. */
    @Bean
    static BraneDeclaredProviderMetrics braneDeclaredProviderMetrics(ObjectProvider<BraneMetricsFactory> factories) {
        return new BraneDeclaredProviderMetrics(factories);
    }
}
