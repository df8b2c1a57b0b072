package sh.brane.client.tx;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;

/**
 * A real PostgreSQL server for tests: the Debian package's binaries ({@code /usr/lib/postgresql/<v>/bin}),
 * a fresh data directory under /tmp, trust authentication, a free port on 127.0.0.1. initdb refuses to run as
 * root, so under root both run as the {@code postgres} user through {@code runuser}. Stopped by the postmaster's
 * PID (read from its pid file), also when the test fails.
 */
public final class LocalPostgres implements AutoCloseable {
    private final Path dir;
    private final int port;
    private final Process launcher;

    private LocalPostgres(Path dir, int port, Process launcher) {
        this.dir = dir;
        this.port = port;
        this.launcher = launcher;
    }

    /** The binaries directory, or empty when PostgreSQL is not installed. */
    static Optional<Path> binaries() {
        Path root = Paths.get("/usr/lib/postgresql");
        if (!Files.isDirectory(root)) {
            return Optional.empty();
        }
        try (Stream<Path> versions = Files.list(root)) {
            return versions.map(v -> v.resolve("bin")).filter(b -> Files.isExecutable(b.resolve("initdb")))
                    .max(Comparator.naturalOrder());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Starts a server, or aborts the test (skipped, with the reason) when PostgreSQL is not installed. */
    public static LocalPostgres startOrSkip() throws Exception {
        Optional<Path> bin = binaries();
        Assumptions.assumeTrue(bin.isPresent(), "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb); "
                + "scripts/test-all installs the Debian package postgresql");
        boolean root = "root".equals(System.getProperty("user.name"));
        Path dir = Files.createTempDirectory("brane-pg");
        if (root) {
            run(List.of("chown", "postgres", dir.toString()));
        }
        Path data = dir.resolve("data");
        run(as(root, List.of(bin.get().resolve("initdb").toString(), "-D", data.toString(), "-A", "trust", "-U",
                "postgres", "--no-sync", "-E", "UTF8")));
        int port = freePort();
        ProcessBuilder pb = new ProcessBuilder(as(root, List.of(bin.get().resolve("postgres").toString(), "-D",
                data.toString(), "-p", Integer.toString(port), "-k", dir.toString(), "-c", "listen_addresses=127.0.0.1",
                "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "max_connections=200")));
        pb.redirectErrorStream(true).redirectOutput(dir.resolve("server.log").toFile());
        LocalPostgres pg = new LocalPostgres(dir, port, pb.start());
        // also stopped when the test JVM exits without reaching close() (e.g. Ctrl-C)
        Runtime.getRuntime().addShutdownHook(new Thread(pg::stopQuietly, "stop-test-postgres"));
        try {
            pg.awaitReady(Duration.ofSeconds(30));
        } catch (Exception e) {
            pg.close();
            throw e;
        }
        return pg;
    }

    private static List<String> as(boolean root, List<String> command) {
        if (!root) {
            return command;
        }
        List<String> out = new ArrayList<>(List.of("runuser", "-u", "postgres", "--"));
        out.addAll(command);
        return out;
    }

    private static void run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new IllegalStateException(command + " failed: " + output);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private void awaitReady(Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        SQLException last = null;
        while (System.nanoTime() < deadline) {
            if (!launcher.isAlive()) {
                throw new IllegalStateException("postgres exited: " + Files.readString(dir.resolve("server.log")));
            }
            try (Connection c = DriverManager.getConnection(jdbcUrl(), "postgres", "")) {
                return;
            } catch (SQLException e) {
                last = e;
                Thread.sleep(100);
            }
        }
        throw new IllegalStateException("postgres did not accept connections within " + timeout, last);
    }

    String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
    }

    /** Creates a database and returns its JDBC URL. */
    public String createDatabase(String name) throws SQLException {
        try (Connection c = DriverManager.getConnection(jdbcUrl(), "postgres", "")) {
            c.createStatement().execute("CREATE DATABASE " + name);
        }
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + name;
    }

    private void stopQuietly() {
        try {
            close();
        } catch (Exception e) {
            // the JVM is exiting; nothing else to do
        }
    }

    @Override
    public synchronized void close() throws Exception {
        if (!Files.exists(dir)) {
            return;
        }
        Path pidFile = dir.resolve("data").resolve("postmaster.pid");
        if (Files.exists(pidFile)) {
            long pid = Long.parseLong(Files.readAllLines(pidFile).get(0).strip());
            ProcessHandle.of(pid).ifPresent(h -> {
                h.destroy(); // SIGTERM: PostgreSQL's smart shutdown
                h.onExit().orTimeout(20, java.util.concurrent.TimeUnit.SECONDS).exceptionally(t -> {
                    h.destroyForcibly();
                    return h;
                }).join();
            });
        }
        launcher.destroy();
        launcher.waitFor();
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
