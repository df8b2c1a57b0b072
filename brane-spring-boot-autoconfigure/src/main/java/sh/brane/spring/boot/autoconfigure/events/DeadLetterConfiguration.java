package sh.brane.spring.boot.autoconfigure.events;

import javax.sql.DataSource;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.jdbc.init.DataSourceScriptDatabaseInitializer;
import org.springframework.boot.sql.autoconfigure.init.OnDatabaseInitializationCondition;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

import sh.brane.spring.boot.autoconfigure.jdbc.BraneDataSource;
import sh.brane.spring.boot.autoconfigure.jdbc.BraneSchemaSettings;
import sh.brane.spring.boot.autoconfigure.jdbc.BraneStoreDataSources;

/**
 * {@code brane.events.listener.recoverer=jdbc}: the {@link JdbcLogRecoverer} over the events' database (the
 * {@code @BraneDataSource} one, else the application's single DataSource), and its table through Boot's script
 * initializer as {@code brane.events.jdbc.initialize-schema} says (EMBEDDED by default), as the checkpoints' table.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "brane.events.listener.recoverer", havingValue = "jdbc")
class DeadLetterConfiguration {

    @Bean
    @ConditionalOnMissingBean(BraneLogRecoverer.class)
    JdbcLogRecoverer braneLogRecoverer(@BraneDataSource ObjectProvider<DataSource> braneDataSource,
            ObjectProvider<DataSource> dataSources, ApplicationEventPublisher publisher) {
        return new JdbcLogRecoverer(
                BraneStoreDataSources.resolve(braneDataSource, dataSources, "brane.events.listener.recoverer"),
                publisher);
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "org.springframework.boot.jdbc.init.DataSourceScriptDatabaseInitializer")
    @Conditional(DeadLetterSchemaInitialization.class)
    static class Schema {

        @Bean
        @ConditionalOnMissingBean(name = "braneDeadLetterSchemaInitializer")
        DataSourceScriptDatabaseInitializer braneDeadLetterSchemaInitializer(
                @BraneDataSource ObjectProvider<DataSource> braneDataSource, ObjectProvider<DataSource> dataSources,
                BraneEventsProperties properties) {
            DataSource dataSource = BraneStoreDataSources.resolve(braneDataSource, dataSources,
                    "brane.events.listener.recoverer");
            BraneEventsProperties.Jdbc jdbc = properties.getJdbc();
            return new DataSourceScriptDatabaseInitializer(dataSource, BraneSchemaSettings.of(dataSource,
                    jdbc.getInitializeSchema(), jdbc.getPlatform(), properties.getListener().getDeadLetterSchema()));
        }
    }

    static final class DeadLetterSchemaInitialization extends OnDatabaseInitializationCondition {
        DeadLetterSchemaInitialization() {
            super("Brane listener dead letters", "brane.events.jdbc.initialize-schema");
        }
    }
}
