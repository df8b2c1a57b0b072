package sh.brane.devnet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

/**
 * {@link LocalPostgres} starts a real server on 127.0.0.1 and stops it by its PID. A port that is free when picked
 * may be taken before the server binds it (parallel test JVMs): the server must notice, whether its postmaster
 * exits or another PostgreSQL answers on that port, and try another port, never taking the other server for its
 * own and never stopping it.
 */
class LocalPostgresTest {

    @Test
    void aPortTakenByAnotherServerIsNoticedAndAnotherOneTried() throws Exception {
        assumeTrue(LocalPostgres.binaries().isPresent(), LocalPostgres.NOT_INSTALLED);
        try (LocalPostgres first = LocalPostgres.start()) {
            AtomicInteger picks = new AtomicInteger();
            // the first port offered to the second server is the first server's
            LocalPostgres.PortPicker ports = () -> picks.getAndIncrement() == 0 ? first.port() : freePort();
            Path secondData;
            try (LocalPostgres second = LocalPostgres.start(ports)) {
                assertThat(picks.get()).as("ports tried").isEqualTo(2);
                assertThat(second.port()).isNotEqualTo(first.port());
                secondData = dataDirectory(second);
                assertThat(secondData).isNotEqualTo(dataDirectory(first));
            }
            assertThat(Files.exists(secondData)).as("the second server's directory is removed").isFalse();
            assertThat(dataDirectory(first)).as("the first server still runs").isNotNull();
        }
    }

    private static Path dataDirectory(LocalPostgres pg) throws Exception {
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl(), "postgres", "");
             ResultSet r = c.createStatement().executeQuery("SHOW data_directory")) {
            r.next();
            return Path.of(r.getString(1));
        }
    }

    private static int freePort() throws java.io.IOException {
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
