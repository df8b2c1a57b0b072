package sh.brane.spring.boot.autoconfigure.observation;

import io.micrometer.observation.ObservationRegistry;

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
 * {@link EnableAutoConfiguration Auto-configuration} for Micrometer Observation support (traces): with
 * {@code brane.observation.enabled=true} and an {@link ObservationRegistry}, every call through the
 * auto-configured provider is an observation ({@link ObservationBraneProvider}). Off by default: the
 * {@code brane.rpc.requests} meters already measure every call, and Boot's default meter handler would turn
 * each observation into a second timer.
 */
@AutoConfiguration(before = BraneAutoConfiguration.class,
        afterName = "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration")
@ConditionalOnClass(ObservationRegistry.class)
@ConditionalOnBean(ObservationRegistry.class)
@ConditionalOnBooleanProperty("brane.observation.enabled")
public final class BraneObservationAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean(name = "braneObservationDecorator")
    BraneProviderDecorator braneObservationDecorator(ObservationRegistry registry) {
        return (provider, endpoint, transport) -> new ObservationBraneProvider(provider, registry, endpoint,
                transport);
    }
}
