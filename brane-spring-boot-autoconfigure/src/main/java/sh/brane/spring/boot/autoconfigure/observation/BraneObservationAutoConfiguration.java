package sh.brane.spring.boot.autoconfigure.observation;

import io.micrometer.observation.ObservationRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.BraneProviderDecorator;

/**
 * {@link EnableAutoConfiguration Auto-configuration} for Micrometer Observation support (traces), as Boot's own
 * clients do it: with an {@link ObservationRegistry}, every call through an auto-configured provider is an
 * observation ({@link ObservationBraneProvider}) named and keyed by a {@link BraneObservationConvention} bean, or
 * {@link DefaultBraneObservationConvention}. {@code management.observations.enable.brane=false} turns the
 * observations off (Boot's registry drops them); the deprecated {@code brane.observation.enabled=false} removes the
 * decorator altogether.
 */
@AutoConfiguration(before = BraneAutoConfiguration.class,
        afterName = "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration")
@ConditionalOnClass(ObservationRegistry.class)
@ConditionalOnBean(ObservationRegistry.class)
@ConditionalOnBooleanProperty(name = "brane.observation.enabled", matchIfMissing = true)
public final class BraneObservationAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean(name = "braneObservationDecorator")
    BraneProviderDecorator braneObservationDecorator(ObservationRegistry registry,
            ObjectProvider<BraneObservationConvention> convention) {
        BraneObservationConvention custom = convention.getIfUnique();
        return (provider, endpoint, transport) -> new ObservationBraneProvider(provider, registry, endpoint,
                transport, custom);
    }
}
