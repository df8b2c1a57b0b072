package sh.brane.spring.boot.autoconfigure.tx;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

import sh.brane.spring.boot.autoconfigure.tx.BraneTransactionProperties.StoreType;

/**
 * Which journal the properties ask for. Nothing set means memory: the starter touches no database unless asked.
 * The deprecated {@code brane.tx.migrate} and {@code brane.tx.store=auto} keep their former meaning for one release.
 */
enum JournalSetup {
    /** In memory. */
    MEMORY,
    /** JDBC, its schema created by Boot's script initializer as {@code brane.tx.jdbc.initialize-schema} says. */
    JDBC,
    /** JDBC, migrated with Flyway at start-up (deprecated {@code brane.tx.migrate=true}, or {@code auto}). */
    JDBC_FLYWAY,
    /** JDBC over tables the application created (deprecated {@code brane.tx.migrate=false}). */
    JDBC_AS_IS;

    @SuppressWarnings("removal")
    static JournalSetup of(BraneTransactionProperties properties, boolean hasDataSource) {
        return of(properties.getStore(), properties.getMigrate(), hasDataSource);
    }

    static JournalSetup of(StoreType store, Boolean migrate, boolean hasDataSource) {
        if (store == StoreType.MEMORY) {
            return MEMORY;
        }
        if (store == StoreType.AUTO) {
            // the former default: JDBC over any DataSource, migrated with Flyway unless brane.tx.migrate=false
            return !hasDataSource ? MEMORY : Boolean.FALSE.equals(migrate) ? JDBC_AS_IS : JDBC_FLYWAY;
        }
        if (migrate != null) {
            return migrate ? JDBC_FLYWAY : JDBC_AS_IS;
        }
        return (store == StoreType.JDBC) ? JDBC : MEMORY;
    }

    /** From the environment, before beans exist (for conditions); AUTO counts as having no DataSource. */
    static JournalSetup of(Environment environment) {
        Binder binder = Binder.get(environment);
        StoreType store = binder.bind("brane.tx.store", StoreType.class).orElse(null);
        Boolean migrate = binder.bind("brane.tx.migrate", Boolean.class).orElse(null);
        return of(store, migrate, false);
    }

    boolean isJdbc() {
        return this != MEMORY;
    }
}
