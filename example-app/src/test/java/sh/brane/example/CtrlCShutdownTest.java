package sh.brane.example;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The service on its devnet, stopped as Ctrl-C in a terminal stops it: a signal to its whole process group (SIGTERM
 * here, since a test's processes may ignore SIGINT; the JVM shuts down the same way on both). Anvil runs in a session
 * of its own, so the signal reaches only the JVM, which closes the provider before it stops the node: the log has
 * no "connection ... lost" warning. Before, Anvil shared the group, died first and the provider logged that warning
 * some milliseconds before the shutdown began. The service runs in a child JVM in a new session, started from
 * {@code main} (so the devnet starts as it does for a user), and only its group is signalled.
 */
class CtrlCShutdownTest {

    @Test
    void aSignalToTheProcessGroupStopsTheServiceBeforeItsNode(@TempDir Path dir) throws Exception {
        Path setsid = firstExecutable("/usr/bin/setsid", "/bin/setsid");
        Path kill = firstExecutable("/usr/bin/kill", "/bin/kill");
        assumeTrue(setsid != null && kill != null && Files.isReadable(Path.of("/proc/self/stat")),
                "needs Linux, setsid (util-linux) and kill (procps)");
        Path log = dir.resolve("app.log");
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process app = new ProcessBuilder(setsid.toString(), "--wait", java, "-cp", System.getProperty("java.class.path"),
                ExampleApplication.class.getName(), "--server.port=0", "--app.traffic.enabled=false",
                "--spring.datasource.url=jdbc:h2:mem:ctrl-c-shutdown")
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
        List<ProcessHandle> started = List.of();
        try {
            awaitLine(app, log, "service is up");
            started = app.descendants().toList();
            // setsid ran the JVM as the leader of a new session and group: its PID is the group's id
            long group = started.stream().filter((h) -> h.info().command().orElse("").equals(java))
                .mapToLong(ProcessHandle::pid).findFirst().orElse(app.pid());
            // never signal a group this test runs in
            assertThat(processGroup(group)).isEqualTo(group).isNotEqualTo(processGroup(ProcessHandle.current().pid()));
            Process signal = new ProcessBuilder(kill.toString(), "-s", "TERM", "--", "-" + group).start();
            assertThat(signal.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(signal.exitValue()).isZero();
            assertThat(app.waitFor(60, TimeUnit.SECONDS)).isTrue();
            for (ProcessHandle h : started) { // Anvil and its watchdog stopped with the service (a liveness bound)
                h.onExit().get(20, TimeUnit.SECONDS);
            }
        }
        finally {
            app.destroyForcibly();
            for (ProcessHandle h : started) { // all started by this test, through the child
                if (h.isAlive()) {
                    h.destroyForcibly();
                }
            }
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(output).contains("Brane devnet: Anvil").contains("Commencing graceful shutdown");
        assertThat(output).doesNotContainPattern("connection to .* lost").doesNotContain("is down for good");
    }

    private static void awaitLine(Process app, Path log, String text) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        while (!Files.readString(log, StandardCharsets.UTF_8).contains(text)) {
            assertThat(app.isAlive()).as(Files.readString(log, StandardCharsets.UTF_8)).isTrue();
            assertThat(System.nanoTime() < deadline).as("the service did not start within 180 s").isTrue();
            Thread.sleep(200);
        }
    }

    /** The process group of {@code pid}, from Linux's {@code /proc/PID/stat} (fields after the command's ')'). */
    private static long processGroup(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII);
        return Long.parseLong(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[2]);
    }

    private static Path firstExecutable(String... candidates) {
        for (String candidate : candidates) {
            if (Files.isExecutable(Path.of(candidate))) {
                return Path.of(candidate);
            }
        }
        return null;
    }
}
