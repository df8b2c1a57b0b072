package sh.brane.spring.boot.autoconfigure.tx;

import javax.sql.DataSource;

import org.springframework.boot.jdbc.init.DataSourceScriptDatabaseInitializer;
import org.springframework.boot.sql.init.DatabaseInitializationSettings;

import sh.brane.spring.boot.autoconfigure.jdbc.BraneSchemaSettings;

/**
 * Creates the JDBC journal's tables through Boot's script initializer, as {@code brane.tx.jdbc.initialize-schema}
 * says (EMBEDDED by default: an in-memory database only). May be declared as a bean to replace the starter's.
 */
public class BraneJournalSchemaInitializer extends DataSourceScriptDatabaseInitializer {

    public BraneJournalSchemaInitializer(DataSource dataSource, BraneTransactionProperties properties) {
        this(dataSource, settings(dataSource, properties.getJdbc()));
    }

    public BraneJournalSchemaInitializer(DataSource dataSource, DatabaseInitializationSettings settings) {
        super(dataSource, settings);
    }

    public static DatabaseInitializationSettings settings(DataSource dataSource, BraneTransactionProperties.Jdbc jdbc) {
        return BraneSchemaSettings.of(dataSource, jdbc.getInitializeSchema(), jdbc.getPlatform(), jdbc.getSchema());
    }
}
