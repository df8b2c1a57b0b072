package sh.brane.spring.boot.autoconfigure.events;

import javax.sql.DataSource;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.sql.autoconfigure.init.OnDatabaseInitializationCondition;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.type.AnnotatedTypeMetadata;

import sh.brane.spring.boot.autoconfigure.jdbc.BraneDataSource;
import sh.brane.spring.boot.autoconfigure.jdbc.BraneStoreDataSources;

/** The checkpoint table through Boot's script initializer, only when {@code brane.events.store=jdbc}. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "org.springframework.boot.jdbc.init.DataSourceScriptDatabaseInitializer")
@Conditional({ CheckpointSchemaConfiguration.JdbcCheckpointsRequested.class,
        CheckpointSchemaConfiguration.CheckpointSchemaInitialization.class })
class CheckpointSchemaConfiguration {

    @Bean
    @ConditionalOnMissingBean
    BraneCheckpointSchemaInitializer braneCheckpointSchemaInitializer(
            @BraneDataSource ObjectProvider<DataSource> braneDataSource, ObjectProvider<DataSource> dataSources,
            BraneEventsProperties properties) {
        return new BraneCheckpointSchemaInitializer(
                BraneStoreDataSources.resolve(braneDataSource, dataSources, "brane.events.store"), properties);
    }

    static final class JdbcCheckpointsRequested extends SpringBootCondition {
        @Override
        public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
            BraneEventsProperties.StoreType store = Binder.get(context.getEnvironment())
                .bind("brane.events.store", BraneEventsProperties.StoreType.class)
                .orElse(null);
            return (store == BraneEventsProperties.StoreType.JDBC) ? ConditionOutcome.match("brane.events.store=jdbc")
                    : ConditionOutcome.noMatch("brane.events.store is " + store);
        }
    }

    static final class CheckpointSchemaInitialization extends OnDatabaseInitializationCondition {
        CheckpointSchemaInitialization() {
            super("Brane event checkpoints", "brane.events.jdbc.initialize-schema");
        }
    }
}
