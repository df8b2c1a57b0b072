package sh.brane.spring.boot.autoconfigure.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.sql.DataSource;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationListener;

import sh.brane.client.BraneClient;
import sh.brane.client.SigningClient;
import sh.brane.client.TxRequest;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.LocalPostgres;
import sh.brane.primitives.Hex;
import sh.brane.rpc.HttpProvider;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;
import sh.brane.spring.eventfixtures.Emitter;
import sh.brane.spring.eventfixtures.ScriptedDeposits;

/**
 * {@code brane.events.listener.recoverer=jdbc}: a log whose listener always fails becomes one row of
 * {@code brane_event_dead_letter} (created by Boot's script initializer from the platform's script) on H2 and on
 * PostgreSQL, the failure event is still published, and the stream goes on; without the property nothing is created.
 */
class DeadLetterRecovererTests {
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class, BraneAutoConfiguration.class,
                    BraneEventsAutoConfiguration.class));

    static Anvil anvil;
    static HttpProvider provider;
    static BraneClient client;
    static SigningClient sender;
    static int emitters;

    @BeforeAll
    static void startAnvil() {
        anvil = Anvil.start();
        provider = HttpProvider.create(anvil.httpUrl());
        client = new BraneClient(provider, Duration.ofMillis(20));
        sender = new SigningClient(client, PrivateKey.fromHex(anvil.account(1).privateKey()));
    }

    @AfterAll
    static void stopAnvil() {
        client.close();
        provider.close();
        anvil.close();
    }

    @Test
    void onH2AFailedLogIsOneRowOfTheDeadLetterTable() throws Exception {
        recordsADeadLetter("spring.datasource.url=jdbc:h2:mem:dead-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    }

    @Test
    void onPostgresqlAFailedLogIsOneRowOfTheDeadLetterTable() throws Exception {
        assumeTrue(LocalPostgres.binaries().isPresent(), LocalPostgres.NOT_INSTALLED);
        try (LocalPostgres postgres = LocalPostgres.start()) {
            String url = postgres.createDatabase("dead_letters");
            // not an embedded database: the script runs because it is asked to
            recordsADeadLetter("spring.datasource.url=" + url, "spring.datasource.username=postgres",
                    "brane.events.jdbc.initialize-schema=always");
        }
    }

    @Test
    void withoutThePropertyTheRecovererLogsAndNoTableIsCreated() {
        this.runner.withBean(ScriptedDeposits.class)
                .withPropertyValues(emitter("spring.datasource.url=jdbc:h2:mem:none-" + UUID.randomUUID()
                        + ";DB_CLOSE_DELAY=-1"))
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBean(BraneLogRecoverer.class)).isInstanceOf(LoggingLogRecoverer.class);
                    assertThat(rows(context.getBean(DataSource.class),
                            "SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES WHERE LOWER(TABLE_NAME) = 'brane_event_dead_letter'"))
                            .containsExactly(Map.of("1", "0"));
                });
    }

    private void recordsADeadLetter(String... database) throws Exception {
        List<BraneListenerFailedEvent> events = new CopyOnWriteArrayList<>();
        List<String> properties = new ArrayList<>(List.of(database));
        properties.addAll(List.of("brane.events.listener.recoverer=jdbc",
                "brane.events.listener.retry.initial-interval=10ms", "brane.events.listener.retry.max-attempts=2"));
        this.runner.withBean(ScriptedDeposits.class)
                .withBean("failures", ApplicationListener.class,
                        () -> (ApplicationListener<BraneListenerFailedEvent>) events::add)
                .withPropertyValues(emitter(properties.toArray(String[]::new)))
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBean(BraneLogRecoverer.class)).isInstanceOf(JdbcLogRecoverer.class);
                    ScriptedDeposits listener = context.getBean(ScriptedDeposits.class);
                    listener.failures.put(41L, -1);
                    long failing = send(emitterOf(context), 41);
                    send(emitterOf(context), 42);
                    waitUpTo20sWhile(() -> listener.applied.isEmpty() || events.isEmpty());
                    assertThat(listener.applied).containsExactly(42L);
                    assertThat(events).singleElement()
                            .satisfies(e -> assertThat(e.log().blockNumber()).isEqualTo(failing));
                    List<Map<String, String>> rows = rows(context.getBean(DataSource.class),
                            "SELECT listener_id, block_number, attempts, error, address,"
                                    + " CASE WHEN removed THEN 1 ELSE 0 END FROM brane_event_dead_letter");
                    assertThat(rows).singleElement().satisfies(row -> {
                        assertThat(row.get("1")).isEqualTo("scripted");
                        assertThat(row.get("2")).isEqualTo(Long.toString(failing));
                        assertThat(row.get("3")).isEqualTo("2");
                        assertThat(row.get("4")).isEqualTo(
                                "java.lang.IllegalStateException: scripted failure of amount 41");
                        assertThat(row.get("5")).isEqualToIgnoringCase(emitterOf(context));
                        assertThat(row.get("6")).as("removed").isEqualTo("0");
                    });
                });
    }

    /** Each row as column position (1-based, as text) to value. */
    private static List<Map<String, String>> rows(DataSource dataSource, String sql) throws Exception {
        List<Map<String, String>> rows = new ArrayList<>();
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery(sql)) {
            int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                Map<String, String> row = new java.util.HashMap<>();
                for (int i = 1; i <= columns; i++) {
                    row.put(Integer.toString(i), result.getString(i));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    /** A fresh emitter (so each test reads only its own transfers) and the properties that point the listener at it. */
    private static String[] emitter(String... more) {
        String address = String.format("0x%040x", 0xd00 + ++emitters);
        provider.send("anvil_setCode", List.of(address, Emitter.RUNTIME));
        List<String> props = new ArrayList<>(List.of("brane.rpc.url=" + anvil.httpUrl(), "emitter.address=" + address,
                "scripted.from-block=" + (client.blockNumber() + 1)));
        props.addAll(List.of(more));
        return props.toArray(String[]::new);
    }

    private static long send(String emitterAddress, long amount) {
        Address to = Address.of(anvil.account(2).address());
        byte[] data = Hex.decode("0x" + "0".repeat(24) + to.toHex().substring(2) + String.format("%064x", amount));
        sender.send(TxRequest.builder().to(Address.of(emitterAddress)).data(data).build());
        return client.blockNumber();
    }

    private static String emitterOf(AssertableApplicationContext context) {
        return context.getEnvironment().getProperty("emitter.address");
    }

    /** Waits while {@code pending} holds, 20 s at most; the assertions after it say what was missing. */
    private static void waitUpTo20sWhile(Callable<Boolean> pending) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (pending.call() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
    }
}
