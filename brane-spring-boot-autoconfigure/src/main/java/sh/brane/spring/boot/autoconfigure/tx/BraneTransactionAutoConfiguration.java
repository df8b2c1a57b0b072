package sh.brane.spring.boot.autoconfigure.tx;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

import javax.sql.DataSource;

import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.sql.autoconfigure.init.OnDatabaseInitializationCondition;
import org.springframework.boot.sql.init.dependency.DatabaseInitializationDependencyConfigurer;
import org.springframework.context.annotation.ConditionContext;

import sh.brane.client.tx.InMemoryTransactionStore;
import sh.brane.client.tx.JdbcTransactionStore;
import sh.brane.client.tx.TransactionListener;
import sh.brane.client.tx.TransactionSender;
import sh.brane.client.tx.TransactionStore;
import sh.brane.spring.boot.autoconfigure.BraneChainIdVerdicts;
import sh.brane.spring.boot.autoconfigure.BraneProperties;
import sh.brane.spring.boot.autoconfigure.BraneProviderBeans;
import sh.brane.spring.boot.autoconfigure.jdbc.BraneDataSource;
import sh.brane.spring.boot.autoconfigure.jdbc.BraneStoreDataSources;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;

/**
 * The transaction lifecycle: a {@link TransactionStore} (in memory unless {@code brane.tx.store=jdbc}: then over the
 * {@link BraneDataSource} DataSource or the application's single one, its tables created by
 * {@link BraneJournalSchemaInitializer} as {@code brane.tx.jdbc.initialize-schema} says),
 * {@link BraneTransactionSenders} that signer configurations build their senders with, application events,
 * {@code brane.tx.*} meters and the {@code brane} Actuator endpoint.
 */
@AutoConfiguration(afterName = { "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration" })
@EnableConfigurationProperties(BraneTransactionProperties.class)
@Import(DatabaseInitializationDependencyConfigurer.class)
public final class BraneTransactionAutoConfiguration {
    private static final Logger logger = LoggerFactory.getLogger(BraneTransactionAutoConfiguration.class);

    @Bean
    @ConditionalOnMissingBean
    TransactionStore braneTransactionStore(@BraneDataSource ObjectProvider<DataSource> braneDataSource,
            ObjectProvider<DataSource> dataSources, BraneTransactionProperties properties) {
        Duration retention = retention(properties);
        boolean hasDataSource = braneDataSource.getIfAvailable(dataSources::getIfUnique) != null;
        JournalSetup setup = JournalSetup.of(properties, hasDataSource);
        warnIfDeprecated(properties);
        if (!setup.isJdbc()) {
            logger.info("Brane transaction journal: in memory (not durable, one instance only); "
                    + "brane.tx.store=jdbc keeps it in a database");
            return new InMemoryTransactionStore(Clock.systemUTC(),
                    retention != null ? retention : InMemoryTransactionStore.DEFAULT_RETENTION);
        }
        DataSource dataSource = BraneStoreDataSources.resolve(braneDataSource, dataSources, "brane.tx.store");
        if (setup == JournalSetup.JDBC_FLYWAY) {
            migrateWithFlyway(dataSource);
        }
        return new JdbcTransactionStore(dataSource);
    }

    @SuppressWarnings("removal")
    private static void warnIfDeprecated(BraneTransactionProperties properties) {
        if (properties.getStore() == BraneTransactionProperties.StoreType.AUTO) {
            logger.warn("brane.tx.store=auto is deprecated: set brane.tx.store=jdbc for a journal in the database, "
                    + "or leave it unset for one in memory");
        }
        if (properties.getMigrate() != null) {
            logger.warn("brane.tx.migrate is deprecated: set brane.tx.store=jdbc with brane.tx.jdbc.initialize-schema "
                    + "(embedded, always, never), or run classpath:sh/brane/client/tx/schema-<platform>.sql from your "
                    + "own Flyway or Liquibase");
        }
    }

    private static void migrateWithFlyway(DataSource dataSource) {
        try {
            JdbcTransactionStore.migrate(dataSource);
        }
        catch (NoClassDefFoundError ex) {
            throw new InvalidConfigurationPropertyValueException("brane.tx.migrate", "true",
                    "Flyway is not on the classpath: remove brane.tx.migrate and set brane.tx.store=jdbc with "
                            + "brane.tx.jdbc.initialize-schema=always (Boot's script initializer, no Flyway), or add "
                            + "org.flywaydb:flyway-core (and flyway-database-postgresql on PostgreSQL)");
        }
    }

    /** The journal's schema through Boot's script initializer, only when a JDBC journal is asked for. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "org.springframework.boot.jdbc.init.DataSourceScriptDatabaseInitializer")
    @Conditional({ JdbcJournalRequested.class, JournalSchemaInitialization.class })
    static final class JournalSchema {

        @Bean
        @ConditionalOnMissingBean
        BraneJournalSchemaInitializer braneJournalSchemaInitializer(
                @BraneDataSource ObjectProvider<DataSource> braneDataSource, ObjectProvider<DataSource> dataSources,
                BraneTransactionProperties properties) {
            return new BraneJournalSchemaInitializer(
                    BraneStoreDataSources.resolve(braneDataSource, dataSources, "brane.tx.store"), properties);
        }
    }

    static final class JdbcJournalRequested extends SpringBootCondition {
        @Override
        public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
            JournalSetup setup = JournalSetup.of(context.getEnvironment());
            return (setup == JournalSetup.JDBC) ? ConditionOutcome.match("brane.tx.store=jdbc")
                    : ConditionOutcome.noMatch("journal " + setup + " (brane.tx.store is not jdbc, or the deprecated "
                            + "brane.tx.migrate decides)");
        }
    }

    static final class JournalSchemaInitialization extends OnDatabaseInitializationCondition {
        JournalSchemaInitialization() {
            super("Brane journal", "brane.tx.jdbc.initialize-schema");
        }
    }

    private static Duration retention(BraneTransactionProperties properties) {
        Duration retention = properties.getRetention();
        if (retention != null && retention.toMillis() < 1) {
            throw new InvalidConfigurationPropertyValueException("brane.tx.retention", retention,
                    "must be at least 1ms (e.g. 30d), or unset to keep every finished entry in a JDBC journal");
        }
        return retention;
    }

    @Bean
    TransactionListener braneTransactionEvents(ApplicationEventPublisher publisher) {
        return new ApplicationEventTransactionListener(publisher);
    }

    @Bean
    @ConditionalOnMissingBean
    BraneTransactionSenders braneTransactionSenders(TransactionStore store,
            ObjectProvider<TransactionListener> listeners, BraneTransactionProperties properties,
            ObjectProvider<BraneChainIdVerdicts> chainIdVerdicts) {
        int confirmations = properties.getConfirmations();
        if (confirmations < 1 || confirmations > 10_000) {
            throw new InvalidConfigurationPropertyValueException("brane.tx.confirmations", String.valueOf(confirmations),
                    "must be 1..10000 blocks");
        }
        retention(properties);
        int bump = properties.getReplacementBumpPercent();
        if (bump < 10 || bump > 1000) {
            throw new InvalidConfigurationPropertyValueException("brane.tx.replacement-bump-percent", String.valueOf(bump),
                    "must be 10..1000 percent (nodes refuse replacements raised by less than 10%)");
        }
        int window = properties.getBroadcastWindow();
        if (window < 1 || window > TransactionSender.MAX_BROADCAST_WINDOW) {
            throw new InvalidConfigurationPropertyValueException("brane.tx.broadcast-window", String.valueOf(window),
                    "must be 1.." + TransactionSender.MAX_BROADCAST_WINDOW + " transactions (1 waits for each answer)");
        }
        BraneTransactionSenders senders = new BraneTransactionSenders(store, listeners.orderedStream().toList(),
                properties);
        chainIdVerdicts.ifAvailable(senders::chainIdVerdicts);
        return senders;
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(MeterRegistry.class)
    @ConditionalOnBean(MeterRegistry.class)
    static final class Meters {
        @Bean
        TransactionListener braneTransactionMeters(MeterRegistry registry, ConfigurableListableBeanFactory beans,
                ObjectProvider<BraneProperties> properties) {
            return new MicrometerTransactionListener(registry, new ChainNames(() -> {
                BraneProperties settings = properties.getIfAvailable();
                return (settings != null) ? BraneProviderBeans.all(beans, settings) : List.of();
            }));
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(Endpoint.class)
    static final class ActuatorEndpoint {
        @Bean
        @ConditionalOnMissingBean
        @ConditionalOnAvailableEndpoint
        BraneTransactionsEndpoint braneTransactionsEndpoint(BraneTransactionSenders senders) {
            return new BraneTransactionsEndpoint(senders);
        }
    }
}
