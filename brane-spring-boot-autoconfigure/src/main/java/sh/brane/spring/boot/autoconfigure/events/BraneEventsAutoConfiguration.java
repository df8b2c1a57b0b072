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
import org.springframework.context.annotation.Lazy;

import sh.brane.client.events.CheckpointStore;
import sh.brane.client.events.InMemoryCheckpointStore;
import sh.brane.client.events.JdbcCheckpointStore;
import sh.brane.client.events.LogStream;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.contract.BraneContractsAutoConfiguration;

/**
 * {@link BraneEventListener} methods: a {@link CheckpointStore} (JDBC over the application's {@link DataSource} when
 * it has exactly one, in the journal's tables and schema history; else in memory; {@code brane.events.store} forces
 * one) and the container that runs a log stream per method.
 */
@AutoConfiguration(after = { BraneAutoConfiguration.class, BraneContractsAutoConfiguration.class },
        afterName = { "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
                "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration" })
@ConditionalOnClass(LogStream.class)
@EnableConfigurationProperties(BraneEventsProperties.class)
public final class BraneEventsAutoConfiguration {
    private static final Logger logger = LoggerFactory.getLogger(BraneEventsAutoConfiguration.class);

    /** Lazy: made (and its table migrated) only when a listener stream starts, so an application without one is untouched. */
    @Bean
    @Lazy
    @ConditionalOnMissingBean
    CheckpointStore braneCheckpointStore(ObjectProvider<DataSource> dataSources, BraneEventsProperties properties) {
        DataSource dataSource = dataSources.getIfUnique();
        BraneEventsProperties.StoreType type = properties.getStore();
        if (type == BraneEventsProperties.StoreType.MEMORY
                || (type == BraneEventsProperties.StoreType.AUTO && dataSource == null)) {
            logger.debug("Brane event checkpoints: in memory (a restart reads again from each stream's from-block)");
            return new InMemoryCheckpointStore();
        }
        if (dataSource == null) {
            throw new InvalidConfigurationPropertyValueException("brane.events.store", "JDBC",
                    "the application has no single DataSource bean; configure spring.datasource.* or set "
                            + "brane.events.store=MEMORY");
        }
        try {
            JdbcCheckpointStore.migrate(dataSource);
        } catch (NoClassDefFoundError ex) {
            throw new InvalidConfigurationPropertyValueException("brane.events.store", type.name(),
                    "Flyway is not on the classpath: add org.flywaydb:flyway-core (and flyway-database-postgresql on"
                            + " PostgreSQL), or set brane.events.store=MEMORY");
        }
        return new JdbcCheckpointStore(dataSource);
    }

    @Bean
    static BraneEventListenerContainer braneEventListenerContainer() {
        return new BraneEventListenerContainer();
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
