package sh.brane.spring.boot.autoconfigure.jdbc;

import java.util.Set;

import org.springframework.boot.sql.init.dependency.AbstractBeansOfTypeDependsOnDatabaseInitializationDetector;

import sh.brane.client.events.CheckpointStore;
import sh.brane.client.tx.TransactionStore;

/**
 * Makes Brane's JDBC stores wait for every database initializer of the context (Boot's script initializers, the
 * application's Flyway or Liquibase), so the tables exist before a store is used. By the stores' interfaces: the
 * bean methods declare those, and the in-memory stores waiting costs nothing.
 */
class BraneStoresDependOnDatabaseInitializationDetector
        extends AbstractBeansOfTypeDependsOnDatabaseInitializationDetector {

    @Override
    protected Set<Class<?>> getDependsOnDatabaseInitializationBeanTypes() {
        return Set.of(TransactionStore.class, CheckpointStore.class);
    }
}
