package sh.brane.devnet;

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
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * A real PostgreSQL server for tests and benchmarks (the JDBC journal's multi-instance tests, the transfer
 * benchmark): the Debian package's binaries ({@code /usr/lib/postgresql/<v>/bin}),
 * a fresh data directory under /tmp, trust authentication, a free port on 127.0.0.1. initdb refuses to run as
 * root, so under root both run as the {@code postgres} user through {@code runuser}. Stopped by the postmaster's
 * PID (read from its pid file), also when the test fails. The JDBC driver ({@code org.postgresql:postgresql}) must be
 * on the class path.
 */
public final class LocalPostgres implements AutoCloseable {
    private final Path dir;
    private final int port;
    private final Process launcher;
    /** This attempt's server log: its own file, so that an earlier attempt's process cannot write into it. */
    private final Path log;

    private LocalPostgres(Path dir, int port, Process launcher, Path log) {
        this.dir = dir;
        this.port = port;
        this.launcher = launcher;
        this.log = log;
    }

    /** The binaries directory, or empty when PostgreSQL is not installed. */
    public static Optional<Path> binaries() {
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

    /** Why {@link #start()} cannot run here, for a test's assumption message. */
    public static final String NOT_INSTALLED = "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb); "
            + "scripts/test-all installs the Debian package postgresql";

    /**
     * Starts a server on a free port with a fresh data directory.
     *
     * @throws IllegalStateException when PostgreSQL is not installed ({@link #binaries()} is empty)
     */
    public static LocalPostgres start() throws Exception {
        return start(LocalPostgres::freePort);
    }

    /** Where {@link #start(PortPicker)} gets each port it tries (a test can hand it a taken one). */
    @FunctionalInterface
    interface PortPicker {
        int next() throws IOException;
    }

    static LocalPostgres start(PortPicker ports) throws Exception {
        Optional<Path> bin = binaries();
        if (bin.isEmpty()) {
            throw new IllegalStateException(NOT_INSTALLED);
        }
        boolean root = "root".equals(System.getProperty("user.name"));
        Path dir = Files.createTempDirectory("brane-pg");
        if (root) {
            run(List.of("chown", "postgres", dir.toString()));
        }
        Path data = dir.resolve("data");
        run(as(root, List.of(bin.get().resolve("initdb").toString(), "-D", data.toString(), "-A", "trust", "-U",
                "postgres", "--no-sync", "-E", "UTF8")));
        // the port is free when picked but may be taken before postgres binds it (parallel tests, other JVMs):
        // then postgres exits, or, worse, another server answers on it; both are detected and a new port tried
        PortTaken taken = null;
        for (int attempt = 0; attempt < 5; attempt++) {
            int port = ports.next();
            ProcessBuilder pb = new ProcessBuilder(as(root, List.of(bin.get().resolve("postgres").toString(), "-D",
                    data.toString(), "-p", Integer.toString(port), "-k", dir.toString(), "-c",
                    "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "synchronous_commit=off", "-c",
                    "max_connections=200")));
            // a log per attempt: a postmaster of the attempt before may still be writing its "could not bind" into
            // its own log as it exits, which read as this attempt's would take a port for taken that is not
            Path log = dir.resolve("server-" + attempt + ".log");
            pb.redirectErrorStream(true).redirectOutput(log.toFile());
            LocalPostgres pg = new LocalPostgres(dir, port, pb.start(), log);
            // also stopped when the test JVM exits without reaching close() (e.g. Ctrl-C)
            Thread hook = new Thread(pg::stopQuietly, "stop-test-postgres");
            Runtime.getRuntime().addShutdownHook(hook);
            try {
                pg.awaitReady(Duration.ofSeconds(30), data);
                return pg;
            } catch (PortTaken e) {
                taken = e;
                pg.stopServer();
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (Exception e) {
                pg.close();
                throw e;
            }
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
        throw new IllegalStateException("PostgreSQL found each of 5 free ports taken before it could bind", taken);
    }

    /** The picked port was taken by another process before this server bound it. */
    private static final class PortTaken extends Exception {
        PortTaken(String message) {
            super(message);
        }
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

    private void awaitReady(Duration timeout, Path data) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        SQLException last = null;
        while (System.nanoTime() < deadline) {
            if (!launcher.isAlive()) {
                String output = Files.readString(log);
                if (output.contains("could not bind") || output.contains("already in use")) {
                    throw new PortTaken("port " + port + " was taken: " + output);
                }
                throw new IllegalStateException("postgres exited: " + output);
            }
            try (Connection c = DriverManager.getConnection(jdbcUrl(), "postgres", "");
                 java.sql.ResultSet r = c.createStatement().executeQuery("SHOW data_directory")) {
                r.next();
                // an answer from another server on the same port must not pass for this one
                if (!Path.of(r.getString(1)).toRealPath().equals(data.toRealPath())) {
                    throw new PortTaken("port " + port + " is served by another PostgreSQL (" + r.getString(1) + ")");
                }
                return;
            } catch (SQLException e) {
                last = e;
                Thread.sleep(100);
            }
        }
        throw new IllegalStateException("postgres did not accept connections within " + timeout, last);
    }

    /** The port this server listens on, on 127.0.0.1. */
    public int port() {
        return port;
    }

    public String jdbcUrl() {
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
        stopServer();
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    /** Stops this server (by its postmaster's PID, from its pid file) and its launcher; keeps the directory. */
    private void stopServer() throws Exception {
        // the processes this launcher started (runuser's postmaster and its workers), looked up before anything is
        // stopped: a postmaster still starting has no pid file yet (or a half-written one), and one left running
        // would hold the data directory's lock against the next attempt
        List<ProcessHandle> started = launcher.descendants().toList();
        OptionalLong pid = postmasterPid();
        if (pid.isPresent()) {
            ProcessHandle.of(pid.getAsLong()).ifPresent(h -> {
                // SIGINT, PostgreSQL's fast shutdown: it disconnects clients. SIGTERM (smart) would wait for pools
                // that close only after the test (a Spring test context's), then for the timeout below.
                try {
                    run(List.of("kill", "-INT", Long.toString(pid.getAsLong())));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    h.destroy();
                } catch (IOException | IllegalStateException e) {
                    h.destroy(); // SIGTERM: smart shutdown, then the forced stop below
                }
                awaitExit(h);
            });
        }
        launcher.destroy();
        launcher.waitFor();
        // without a pid to stop it by (still starting), the postmaster is the launcher's child: stopped as one
        launcher.children().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroy);
        started.forEach(LocalPostgres::awaitExit);
    }

    /** The postmaster's PID from its pid file; empty while the file is missing or not written yet. */
    private OptionalLong postmasterPid() throws IOException {
        Path pidFile = dir.resolve("data").resolve("postmaster.pid");
        if (!Files.exists(pidFile)) {
            return OptionalLong.empty();
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(pidFile);
        } catch (java.nio.file.NoSuchFileException gone) {
            return OptionalLong.empty();
        }
        if (lines.isEmpty() || !lines.get(0).strip().matches("[0-9]+")) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(Long.parseLong(lines.get(0).strip()));
    }

    /** Waits up to 20 s for {@code h} to exit, then kills it. */
    private static void awaitExit(ProcessHandle h) {
        if (h.isAlive()) {
            h.onExit().orTimeout(20, java.util.concurrent.TimeUnit.SECONDS).exceptionally(t -> {
                h.destroyForcibly();
                return h;
            }).join();
        }
    }
}
