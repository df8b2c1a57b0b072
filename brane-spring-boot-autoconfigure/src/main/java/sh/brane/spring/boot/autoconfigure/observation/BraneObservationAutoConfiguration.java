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
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;

import sh.brane.rpc.BraneProvider;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.BraneProviderDecorator;
import sh.brane.spring.boot.autoconfigure.HttpConfigCustomizer;

/**
 * {@link EnableAutoConfiguration Auto-configuration} for Micrometer Observation support (traces), as Boot's own
 * clients do it: with an {@link ObservationRegistry}, every call through an auto-configured provider is an
 * observation ({@link ObservationBraneProvider}) named and keyed by a {@link BraneObservationConvention} bean, or
 * {@link DefaultBraneObservationConvention}. {@code management.observations.enable.brane=false} turns the
 * observations off (Boot's registry drops them); the deprecated {@code brane.observation.enabled=false} removes the
 * decorator altogether. Over HTTP each call's request carries its trace context ({@code traceparent}): Micrometer
 * Tracing's propagating handler writes it into the observation's carrier, and {@link TraceRequestHeaders} hands it
 * to the engine's per-call request headers.
 *
 * <p>One timer per call: Boot's meter observation handler records the observation as the {@code brane.rpc.requests}
 * timer (same tags as before, plus Boot's {@code error}), and the Micrometer metrics of an observed provider leave
 * their own timer out; with {@code management.observations.enable.brane=false} the metrics time the calls again.
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
            ObjectProvider<BraneObservationConvention> convention, Environment environment) {
        BraneObservationConvention custom = convention.getIfUnique();
        // with the observations turned off by Boot's switch, the metrics keep timing the calls themselves
        boolean observed = environment.getProperty("management.observations.enable.brane", Boolean.class, true);
        return new BraneProviderDecorator() {

            @Override
            public BraneProvider decorate(BraneProvider provider, String endpoint, String transport) {
                return new ObservationBraneProvider(provider, registry, endpoint, transport, custom);
            }

            @Override
            public BraneProvider decorate(BraneProvider provider, String chain, String endpoint, String transport) {
                return new ObservationBraneProvider(provider, registry, chain, endpoint, transport, custom);
            }

            @Override
            public boolean timesCalls() {
                return observed;
            }
        };
    }

    /** First in order, so that a user's customizer that sets its own request headers replaces these. */
    @Bean
    @Order(0)
    @ConditionalOnMissingBean(name = "braneTraceHeadersCustomizer")
    HttpConfigCustomizer braneTraceHeadersCustomizer(ObservationRegistry registry) {
        TraceRequestHeaders headers = new TraceRequestHeaders(registry);
        return (builder) -> builder.requestHeaders(headers);
    }
}
