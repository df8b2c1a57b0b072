package sh.brane.spring.boot.autoconfigure.events;

import javax.sql.DataSource;

import org.springframework.boot.jdbc.init.DataSourceScriptDatabaseInitializer;
import org.springframework.boot.sql.init.DatabaseInitializationSettings;

import sh.brane.spring.boot.autoconfigure.jdbc.BraneSchemaSettings;

/**
 * Creates the JDBC checkpoint table through Boot's script initializer, as {@code brane.events.jdbc.initialize-schema}
 * says (EMBEDDED by default: an in-memory database only). May be declared as a bean to replace the starter's.
 */
public class BraneCheckpointSchemaInitializer extends DataSourceScriptDatabaseInitializer {

    public BraneCheckpointSchemaInitializer(DataSource dataSource, BraneEventsProperties properties) {
        this(dataSource, settings(dataSource, properties.getJdbc()));
    }

    public BraneCheckpointSchemaInitializer(DataSource dataSource, DatabaseInitializationSettings settings) {
        super(dataSource, settings);
    }

    public static DatabaseInitializationSettings settings(DataSource dataSource, BraneEventsProperties.Jdbc jdbc) {
        return BraneSchemaSettings.of(dataSource, jdbc.getInitializeSchema(), jdbc.getPlatform(), jdbc.getSchema());
    }
}
