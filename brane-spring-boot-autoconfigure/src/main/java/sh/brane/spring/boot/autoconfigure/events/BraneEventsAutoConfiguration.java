package sh.brane.spring.boot.autoconfigure.events;

import javax.sql.DataSource;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Lazy;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.core.env.Environment;
import org.springframework.boot.thread.Threading;
import io.micrometer.observation.ObservationRegistry;

import sh.brane.client.events.CheckpointStore;
import sh.brane.client.events.InMemoryCheckpointStore;
import sh.brane.client.events.JdbcCheckpointStore;
import sh.brane.client.events.LogStream;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.contract.BraneContractsAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.jdbc.BraneDataSource;
import sh.brane.spring.boot.autoconfigure.jdbc.BraneStoreDataSources;

/**
 * {@link BraneEventListener} methods: a {@link CheckpointStore} (in memory unless {@code brane.events.store=jdbc})
 * and the container that runs a log stream per method.
 */
@AutoConfiguration(after = { BraneAutoConfiguration.class, BraneContractsAutoConfiguration.class },
        afterName = { "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
                "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration",
                "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration" })
@ConditionalOnClass(LogStream.class)
@EnableConfigurationProperties(BraneEventsProperties.class)
@Import({ CheckpointSchemaConfiguration.class, DeadLetterConfiguration.class })
public final class BraneEventsAutoConfiguration {
    private static final Logger logger = LoggerFactory.getLogger(BraneEventsAutoConfiguration.class);

    /**
     * Lazy: made only when a listener stream starts, so an application without one is untouched. In memory unless
     * {@code brane.events.store=jdbc} (its table from {@link BraneCheckpointSchemaInitializer}); the deprecated
     * {@code auto} keeps its former meaning (JDBC over any DataSource, migrated with Flyway).
     */
    @Bean
    @Lazy
    @ConditionalOnMissingBean
    CheckpointStore braneCheckpointStore(@BraneDataSource ObjectProvider<DataSource> braneDataSource,
            ObjectProvider<DataSource> dataSources, BraneEventsProperties properties) {
        BraneEventsProperties.StoreType type = properties.getStore();
        boolean auto = type == BraneEventsProperties.StoreType.AUTO;
        if (auto) {
            logger.warn("brane.events.store=auto is deprecated: set brane.events.store=jdbc for checkpoints in the "
                    + "database, or leave it unset for checkpoints in memory");
        }
        if (type != BraneEventsProperties.StoreType.JDBC
                && !(auto && braneDataSource.getIfAvailable(dataSources::getIfUnique) != null)) {
            logger.debug("Brane event checkpoints: in memory (a restart reads again from each stream's from-block)");
            return new InMemoryCheckpointStore();
        }
        DataSource dataSource = BraneStoreDataSources.resolve(braneDataSource, dataSources, "brane.events.store");
        if (auto) {
            try {
                JdbcCheckpointStore.migrate(dataSource);
            } catch (NoClassDefFoundError ex) {
                throw new InvalidConfigurationPropertyValueException("brane.events.store", type.name(),
                        "Flyway is not on the classpath: set brane.events.store=jdbc (Boot's script initializer, "
                                + "brane.events.jdbc.initialize-schema) or brane.events.store=memory");
            }
        }
        return new JdbcCheckpointStore(dataSource);
    }

    /** The registry of listener containers, and the post-processor that finds the methods. */
    @Bean
    static BraneEventListenerContainer braneEventListenerContainer() {
        return new BraneEventListenerContainer();
    }

    /** Log and skip (with a {@link BraneListenerFailedEvent}) once a listener's retries are spent. */
    @Bean
    @ConditionalOnMissingBean
    BraneLogRecoverer braneLogRecoverer(ApplicationEventPublisher publisher) {
        return new LoggingLogRecoverer(publisher);
    }

    /** Retries with {@code brane.events.listener.retry.*}, then the recoverer. */
    @Bean
    @ConditionalOnMissingBean
    BraneListenerErrorHandler braneListenerErrorHandler(BraneEventsProperties properties,
            BraneLogRecoverer recoverer) {
        return new BraneListenerErrorHandler(ListenerRetry.backOff(properties.getListener().getRetry()), recoverer);
    }

    @Bean
    @ConditionalOnMissingBean
    BraneListenerContainerFactory braneListenerContainerFactory(BraneListenerErrorHandler errorHandler,
            BraneEventsProperties properties, Environment environment) {
        BraneListenerContainerFactory factory = new BraneListenerContainerFactory(errorHandler);
        factory.setAutoStartup(properties.isAutoStartup());
        factory.setVirtualThreads(Threading.VIRTUAL.isActive(environment));
        return factory;
    }

    /** One observation per delivery when Micrometer's Observation API and a registry are present. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(ObservationRegistry.class)
    @ConditionalOnBean(ObservationRegistry.class)
    static class Observations {

        @Bean
        @ConditionalOnMissingBean
        DeliveryObservation braneEventDeliveryObservation(ObservationRegistry registry) {
            return new MicrometerDeliveryObservation(registry);
        }
    }

    /** The listener streams' {@code brane.events.*} meters, as the providers' {@code brane.rpc.*} ones. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(MeterRegistry.class)
    @ConditionalOnBean(MeterRegistry.class)
    @ConditionalOnBooleanProperty(name = "brane.metrics.enabled", matchIfMissing = true)
    static class Meters {

        @Bean
        @ConditionalOnMissingBean
        StreamMeters braneEventStreamMeters(MeterRegistry registry) {
            return new MicrometerStreamMeters(registry);
        }
    }
}
