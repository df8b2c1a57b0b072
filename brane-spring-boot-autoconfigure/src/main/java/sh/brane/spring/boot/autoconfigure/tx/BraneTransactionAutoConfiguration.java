package sh.brane.spring.boot.autoconfigure.tx;

import java.time.Clock;
import java.time.Duration;

import javax.sql.DataSource;

import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import sh.brane.client.tx.InMemoryTransactionStore;
import sh.brane.client.tx.JdbcTransactionStore;
import sh.brane.client.tx.TransactionListener;
import sh.brane.client.tx.TransactionSender;
import sh.brane.client.tx.TransactionStore;
import sh.brane.spring.boot.autoconfigure.BraneChainIdVerdicts;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;

/**
 * The transaction lifecycle: a {@link TransactionStore} (JDBC over the application's {@link DataSource} when there
 * is exactly one, else in memory; {@code brane.tx.store} forces one), {@link BraneTransactionSenders} that signer
 * configurations build their senders with, application events, {@code brane.tx.*} meters and the {@code brane}
 * Actuator endpoint.
 */
@AutoConfiguration(afterName = { "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration" })
@EnableConfigurationProperties(BraneTransactionProperties.class)
public final class BraneTransactionAutoConfiguration {
    private static final Logger logger = LoggerFactory.getLogger(BraneTransactionAutoConfiguration.class);

    @Bean
    @ConditionalOnMissingBean
    TransactionStore braneTransactionStore(ObjectProvider<DataSource> dataSources,
            BraneTransactionProperties properties) {
        Duration retention = retention(properties);
        DataSource dataSource = dataSources.getIfUnique();
        BraneTransactionProperties.StoreType type = properties.getStore();
        if (type == BraneTransactionProperties.StoreType.MEMORY
                || (type == BraneTransactionProperties.StoreType.AUTO && dataSource == null)) {
            logger.info("Brane transaction journal: in memory (not durable, one instance only); give the application "
                    + "a DataSource for a durable journal shared by instances");
            return new InMemoryTransactionStore(Clock.systemUTC(),
                    retention != null ? retention : InMemoryTransactionStore.DEFAULT_RETENTION);
        }
        if (dataSource == null) {
            throw new InvalidConfigurationPropertyValueException("brane.tx.store", "JDBC",
                    "the application has no single DataSource bean; configure spring.datasource.* or set "
                            + "brane.tx.store=MEMORY");
        }
        if (properties.isMigrate()) {
            try {
                JdbcTransactionStore.migrate(dataSource);
            }
            catch (NoClassDefFoundError ex) {
                throw new InvalidConfigurationPropertyValueException("brane.tx.migrate", "true",
                        "Flyway is not on the classpath: add org.flywaydb:flyway-core (and "
                                + "flyway-database-postgresql on PostgreSQL), or set brane.tx.migrate=false and create "
                                + "the tables from classpath:sh/brane/client/tx/db/V1__brane_tx_journal.sql");
            }
        }
        return new JdbcTransactionStore(dataSource);
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
        TransactionListener braneTransactionMeters(MeterRegistry registry) {
            return new MicrometerTransactionListener(registry);
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
