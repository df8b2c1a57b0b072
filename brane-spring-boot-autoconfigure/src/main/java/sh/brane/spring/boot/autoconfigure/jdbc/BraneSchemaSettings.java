package sh.brane.spring.boot.autoconfigure.jdbc;

import java.util.List;

import javax.sql.DataSource;

import org.springframework.boot.jdbc.init.PlatformPlaceholderDatabaseDriverResolver;
import org.springframework.boot.sql.init.DatabaseInitializationMode;
import org.springframework.boot.sql.init.DatabaseInitializationSettings;
import org.springframework.util.StringUtils;

/**
 * Boot's {@link DatabaseInitializationSettings} for one of Brane's schema scripts, with {@code @@platform@@} replaced
 * by the DataSource's platform (h2, postgresql) or the configured one, as Spring Batch's initializer does.
 */
public final class BraneSchemaSettings {

    private BraneSchemaSettings() {
    }

    public static DatabaseInitializationSettings of(DataSource dataSource, DatabaseInitializationMode mode,
            String platform, String schema) {
        PlatformPlaceholderDatabaseDriverResolver resolver = new PlatformPlaceholderDatabaseDriverResolver();
        List<String> locations = StringUtils.hasText(platform) ? resolver.resolveAll(platform, schema)
                : resolver.resolveAll(dataSource, schema);
        DatabaseInitializationSettings settings = new DatabaseInitializationSettings();
        settings.setSchemaLocations(locations);
        settings.setMode(mode);
        // the scripts are idempotent (IF NOT EXISTS): an error is a real one and stops start-up
        settings.setContinueOnError(false);
        return settings;
    }
}
