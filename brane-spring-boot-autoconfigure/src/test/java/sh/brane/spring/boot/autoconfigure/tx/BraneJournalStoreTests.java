package sh.brane.spring.boot.autoconfigure.tx;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import javax.sql.DataSource;

import org.flywaydb.core.Flyway;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;

import sh.brane.client.events.CheckpointStore;
import sh.brane.client.events.InMemoryCheckpointStore;
import sh.brane.client.events.JdbcCheckpointStore;
import sh.brane.client.tx.InMemoryTransactionStore;
import sh.brane.client.tx.JdbcTransactionStore;
import sh.brane.client.tx.TransactionStore;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.contract.BraneContractsAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.events.BraneEventsAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.health.BraneHealthContributorAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.jdbc.BraneDataSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The starter is inert until asked: an application with its own DataSource and no brane.* property keeps its
 * database untouched, without Flyway; {@code brane.tx.store=jdbc} / {@code brane.events.store=jdbc} create their
 * tables through Boot's script initializer as {@code initialize-schema} says; the deprecated {@code brane.tx.migrate}
 * keeps its Flyway path for one release.
 */
@ExtendWith(OutputCaptureExtension.class)
class BraneJournalStoreTests {

    /** An application as users have it: Boot's DataSource from spring.datasource.*, and every Brane auto-configuration. */
    private final ApplicationContextRunner app = new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class, BraneAutoConfiguration.class,
                BraneTransactionAutoConfiguration.class, BraneContractsAutoConfiguration.class,
                BraneEventsAutoConfiguration.class))
        .withPropertyValues("spring.datasource.url=jdbc:h2:mem:app-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");

    private final ApplicationContextRunner withoutFlyway = this.app.withClassLoader(new FilteredClassLoader(Flyway.class));

    @Test
    void anApplicationsDatabaseIsUntouchedWithoutBraneProperties() {
        this.withoutFlyway.run((context) -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(TransactionStore.class)).isInstanceOf(InMemoryTransactionStore.class);
            assertThat(context.getBean(CheckpointStore.class)).isInstanceOf(InMemoryCheckpointStore.class);
            assertThat(context).doesNotHaveBean(BraneJournalSchemaInitializer.class);
            assertThat(tables(context.getBean(DataSource.class))).isEmpty();
        });
    }

    @Test
    void aJdbcJournalOnAnEmbeddedDatabaseGetsItsTablesFromBootsInitializerWithoutFlyway() {
        this.withoutFlyway.withPropertyValues("brane.tx.store=jdbc").run((context) -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(TransactionStore.class)).isInstanceOf(JdbcTransactionStore.class);
            assertThat(context.getBean(CheckpointStore.class)).isInstanceOf(InMemoryCheckpointStore.class);
            assertThat(tables(context.getBean(DataSource.class))).containsExactlyInAnyOrder("BRANE_TX_CHAIN",
                    "BRANE_TX_IDEMPOTENCY", "BRANE_TX_JOURNAL", "BRANE_TX_NONCE", "BRANE_TX_RELEASED_NONCE");
        });
    }

    @Test
    void jdbcCheckpointsGetTheirTableFromBootsInitializerWithoutFlyway() {
        this.withoutFlyway.withPropertyValues("brane.events.store=jdbc").run((context) -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(CheckpointStore.class)).isInstanceOf(JdbcCheckpointStore.class);
            assertThat(context.getBean(TransactionStore.class)).isInstanceOf(InMemoryTransactionStore.class);
            assertThat(tables(context.getBean(DataSource.class))).containsExactly("BRANE_EVENT_CHECKPOINT");
        });
    }

    @Test
    void initializeSchemaNeverLeavesTheTablesToTheApplication() {
        this.withoutFlyway.withPropertyValues("brane.tx.store=jdbc", "brane.tx.jdbc.initialize-schema=never")
            .run((context) -> {
                assertThat(context).hasNotFailed();
                assertThat(context.getBean(TransactionStore.class)).isInstanceOf(JdbcTransactionStore.class);
                assertThat(tables(context.getBean(DataSource.class))).isEmpty();
            });
    }

    @Test
    void aDatabaseThatIsNotEmbeddedIsInitializedOnlyWhenAskedAndTheScriptsRunTwice(@TempDir Path dir) {
        ApplicationContextRunner fileDatabase = this.withoutFlyway.withPropertyValues(
                "spring.datasource.url=jdbc:h2:file:" + dir.resolve("journal"), "brane.tx.store=jdbc",
                "brane.events.store=jdbc");
        fileDatabase.run((context) -> assertThat(tables(context.getBean(DataSource.class))).as("embedded only")
            .isEmpty());
        for (int run = 0; run < 2; run++) {
            fileDatabase.withPropertyValues("brane.tx.jdbc.initialize-schema=always",
                    "brane.events.jdbc.initialize-schema=always").run((context) -> {
                        assertThat(context).hasNotFailed();
                        assertThat(tables(context.getBean(DataSource.class))).hasSize(6);
                    });
        }
    }

    @Test
    void aBraneDataSourceHoldsTheJournalAndTheApplicationsStaysUntouched() {
        this.withoutFlyway.withUserConfiguration(TwoDataSources.class)
            .withPropertyValues("brane.tx.store=jdbc", "brane.events.store=jdbc")
            .run((context) -> {
                assertThat(context).hasNotFailed();
                context.getBean(CheckpointStore.class);
                assertThat(tables(context.getBean("appDataSource", DataSource.class))).isEmpty();
                assertThat(tables(context.getBean("journalDataSource", DataSource.class))).hasSize(6);
            });
    }

    @Test
    void theScriptsCreateTheSameColumnsAsTheFlywayMigrations() throws Exception {
        DataSource migrated = h2();
        JdbcTransactionStore.migrate(migrated);
        this.withoutFlyway.withPropertyValues("brane.tx.store=jdbc", "brane.events.store=jdbc").run((context) -> {
            DataSource scripted = context.getBean(DataSource.class);
            context.getBean(CheckpointStore.class);
            assertThat(columns(scripted)).isEqualTo(columns(migrated).stream()
                .filter((column) -> !column.startsWith("brane_tx_schema_history."))
                .toList());
        });
    }

    @Test
    @SuppressWarnings("removal")
    void theDeprecatedMigratePropertyStillMigratesWithFlyway() {
        this.app.withPropertyValues("brane.tx.migrate=true").run((context) -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(TransactionStore.class)).isInstanceOf(JdbcTransactionStore.class);
            assertThat(tables(context.getBean(DataSource.class))).contains("BRANE_TX_JOURNAL",
                    "brane_tx_schema_history");
        });
    }

    @Test
    void theDeprecatedAutoStoreKeepsItsFormerMeaningAndSaysItIsDeprecated(CapturedOutput output) {
        this.app.withPropertyValues("brane.tx.store=auto").run((context) -> {
            assertThat(context.getBean(TransactionStore.class)).isInstanceOf(JdbcTransactionStore.class);
            assertThat(output).contains("brane.tx.store=auto is deprecated");
        });
    }

    @Test
    void aSignerWithAnInMemoryJournalWarnsNamingThePropertyThatMakesItDurable(CapturedOutput output) {
        this.withoutFlyway
            .withPropertyValues("brane.rpc.url=http://127.0.0.1:9",
                    "brane.signer.private-key=0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
                    "brane.rpc.expected-chain-id=31337")
            .run((context) -> {
                assertThat(context).hasNotFailed();
                assertThat(output).contains("in-memory journal, not durable").contains("brane.tx.store=jdbc");
            });
    }

    @Test
    void healthShowsTheJournalsKind() {
        ApplicationContextRunner health = this.withoutFlyway
            .withConfiguration(AutoConfigurations.of(BraneHealthContributorAutoConfiguration.class))
            .withPropertyValues("brane.rpc.url=http://127.0.0.1:9");
        health.run((context) -> assertThat(journalDetail(context)).isEqualTo("memory"));
        health.withPropertyValues("brane.tx.store=jdbc").run((context) -> assertThat(journalDetail(context))
            .isEqualTo("jdbc"));
    }

    private static Object journalDetail(org.springframework.context.ApplicationContext context) {
        return context.getBean("braneHealthContributor", HealthIndicator.class).health(true).getDetails().get("journal");
    }

    static DataSource h2() {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:brane-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
        return ds;
    }

    @Configuration(proxyBeanMethods = false)
    static class TwoDataSources {
        @Bean
        @Primary
        DataSource appDataSource() {
            return h2();
        }

        @Bean
        @BraneDataSource
        DataSource journalDataSource() {
            return h2();
        }
    }

    private static List<String> tables(DataSource dataSource) throws Exception {
        List<String> names = new ArrayList<>();
        try (Connection c = dataSource.getConnection();
                ResultSet rs = c.createStatement().executeQuery("SELECT TABLE_NAME FROM INFORMATION_SCHEMA.TABLES "
                        + "WHERE TABLE_SCHEMA = 'PUBLIC' ORDER BY TABLE_NAME")) {
            while (rs.next()) {
                names.add(rs.getString(1));
            }
        }
        return names;
    }

    /** table.column type nullable, lower case, in a stable order. */
    private static List<String> columns(DataSource dataSource) throws Exception {
        List<String> columns = new ArrayList<>();
        try (Connection c = dataSource.getConnection();
                ResultSet rs = c.createStatement().executeQuery("SELECT TABLE_NAME, COLUMN_NAME, DATA_TYPE, "
                        + "IS_NULLABLE FROM INFORMATION_SCHEMA.COLUMNS WHERE TABLE_SCHEMA = 'PUBLIC' "
                        + "ORDER BY LOWER(TABLE_NAME), ORDINAL_POSITION")) {
            while (rs.next()) {
                columns.add((rs.getString(1) + "." + rs.getString(2) + " " + rs.getString(3) + " " + rs.getString(4))
                    .toLowerCase(java.util.Locale.ROOT));
            }
        }
        return columns;
    }
}
