package sh.brane.devnet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Anvil in a session of its own, under a watchdog: a signal to the JVM's process group (Ctrl-C in a terminal, a
 * group kill) does not reach the node, which the JVM's orderly shutdown stops; a JVM killed outright takes its node
 * with it. Real processes throughout: child JVMs running {@link SessionProbeMain}, signalled as a terminal or an
 * operator would.
 */
class AnvilSessionTest {
    /** A liveness bound, not a timing expectation: the watchdog acts in milliseconds. */
    private static final Duration GONE_WITHIN = Duration.ofSeconds(20);
    private static final Duration CHILD_READY = Duration.ofSeconds(60);

    @BeforeAll
    static void linux() {
        assumeTrue(ProcStat.available(), "needs Linux's /proc");
    }

    @Test
    void anvilRunsInASessionOfItsOwnUnderTheWatchdog() {
        assumeTrue(AnvilLauncher.detect().ownSession(), "setsid is not installed");
        try (Anvil anvil = Anvil.start()) {
            ProcStat node = ProcStat.of(anvil.pid());
            ProcStat watchdog = ProcStat.of(node.parent());
            assertThat(node.session()).isNotEqualTo(ProcStat.self().session());
            assertThat(node.processGroup()).isNotEqualTo(ProcStat.self().processGroup());
            // the watchdog leads the new session; its parent is this JVM
            assertThat(node.session()).isEqualTo(node.parent()).isEqualTo(node.processGroup());
            assertThat(watchdog.parent()).isEqualTo(ProcessHandle.current().pid());
            // pid() is the node's own, not the watchdog's (what a benchmark reading its CPU time needs)
            assertThat(ProcessHandle.of(anvil.pid()).flatMap(h -> h.info().command()).orElseThrow()).endsWith("anvil");
            assertThat(anvil.recentOutput()).noneMatch(line -> line.contains(AnvilLauncher.PID_MARKER));
            assertThat(Rpc.result(anvil.httpUrl(), "eth_chainId", "[]")).isEqualTo("0x7a69");
        }
    }

    @Test
    void aSignalToTheJvmsProcessGroupReachesAnvilOnlyThroughTheJvmsShutdown() throws Exception {
        assumeTrue(AnvilLauncher.detect().ownSession(), "setsid is not installed");
        String hook = signalTheGroup("own-session");
        assertThat(hook).isEqualTo("true");
    }

    /** The fallback without setsid, and what the session of its own prevents: the node dies with the JVM's group. */
    @Test
    void withoutSetsidTheSameSignalReachesAnvilBeforeTheShutdownHooks() throws Exception {
        String hook = signalTheGroup("shared-group");
        assertThat(hook).isEqualTo("false");
    }

    @Test
    void aJvmKilledOutrightTakesItsAnvilWithIt() throws Exception {
        try (ChildJvm child = ChildJvm.start(List.of(), SessionProbeMain.class)) {
            long pid = Long.parseLong(child.await("PID (\\d+)", CHILD_READY));
            child.await("READY", CHILD_READY);
            child.trackDescendants();
            List<ProcessHandle> started = child.process().descendants().toList();
            assertThat(started).extracting(ProcessHandle::pid).contains(pid);
            assertThat(ProcStat.of(pid).session()).isNotEqualTo(ProcStat.self().session());

            child.process().destroyForcibly(); // SIGKILL: no code of the child runs, no shutdown hook
            assertThat(child.process().waitFor(GONE_WITHIN.toSeconds(), TimeUnit.SECONDS)).isTrue();

            assertThat(ChildJvm.gone(pid, GONE_WITHIN)).as("anvil pid %s after SIGKILL of its JVM", pid).isTrue();
            for (ProcessHandle h : started) { // the watchdog and its reader go too
                assertThat(ChildJvm.gone(h.pid(), GONE_WITHIN)).as("pid %s", h.pid()).isTrue();
            }
        }
    }

    @Test
    void withoutSetsidTheWatchdogStillStopsAnvil() {
        try (Anvil anvil = Anvil.builder().launcher(new AnvilLauncher(Path.of("/bin/sh"), null, AnvilLauncher.STOP_WAIT))
                .start()) {
            long pid = anvil.pid();
            assertThat(ProcStat.of(pid).session()).isEqualTo(ProcStat.self().session());
            assertThat(ProcStat.of(ProcStat.of(pid).parent()).parent()).isEqualTo(ProcessHandle.current().pid());
            anvil.close();
            assertThat(ProcStat.running(pid)).isFalse();
        }
    }

    @Test
    void withoutAShellAnvilIsAPlainChild() {
        try (Anvil anvil = Anvil.builder().launcher(new AnvilLauncher(null, null, AnvilLauncher.STOP_WAIT)).start()) {
            long pid = anvil.pid();
            assertThat(ProcStat.of(pid).parent()).isEqualTo(ProcessHandle.current().pid());
            assertThat(Rpc.result(anvil.httpUrl(), "eth_chainId", "[]")).isEqualTo("0x7a69");
            anvil.stop();
            assertThat(ProcStat.running(pid)).isFalse();
            anvil.restart();
            assertThat(anvil.pid()).isNotEqualTo(pid);
            assertThat(Rpc.result(anvil.httpUrl(), "eth_chainId", "[]")).isEqualTo("0x7a69");
        }
    }

    @Test
    void aWatchdogKilledFromOutsideStillLeavesNoNodeAfterClose() throws Exception {
        Anvil anvil = Anvil.start();
        ProcessHandle node = ProcessHandle.of(anvil.pid()).orElseThrow();
        try {
            long watchdog = ProcStat.of(node.pid()).parent();
            assertThat(watchdog).isNotEqualTo(ProcessHandle.current().pid());
            ProcessHandle.of(watchdog).orElseThrow().destroyForcibly();
            assertThat(ChildJvm.gone(watchdog, GONE_WITHIN)).isTrue();
            assertThat(ProcStat.running(node.pid())).as("orphaned, still serving").isTrue();

            anvil.close();
            assertThat(ChildJvm.gone(node.pid(), GONE_WITHIN)).isTrue();
        } finally {
            anvil.close();
            node.destroyForcibly(); // a handle of a process we started: it cannot reach a reused PID
        }
    }

    @Test
    void aWatchdogThatEndsBeforeStartingAnvilFailsTheStartWithItsExitCode() {
        // /bin/false in the place of setsid: exits 1 at once, before any watchdog or Anvil runs
        AnvilLauncher broken = new AnvilLauncher(Path.of("/bin/sh"), Path.of("/bin/false"), AnvilLauncher.STOP_WAIT);
        assumeTrue(Files.isExecutable(Path.of("/bin/false")));
        assertThatThrownBy(() -> Anvil.builder().launcher(broken).start())
                .isInstanceOf(AnvilException.class)
                .hasMessageContaining("exited with code 1 before starting Anvil");
    }

    /** A node that ignores SIGTERM is killed by PID, within the bound, and so is what it started. */
    @Test
    void aNodeIgnoringSigtermIsKilledByPid(@TempDir Path dir) throws Exception {
        Path real = AnvilBinaryResolver.defaults().resolve();
        Path stubborn = dir.resolve("anvil");
        Files.writeString(stubborn, "#!/bin/sh\ntrap '' TERM\n'" + real + "' \"$@\" &\nwait $!\n");
        Files.setPosixFilePermissions(stubborn, PosixFilePermissions.fromString("rwx------"));
        AnvilLauncher launcher = AnvilLauncher.detect();
        Anvil anvil = Anvil.builder().binary(stubborn)
                .launcher(new AnvilLauncher(Path.of("/bin/sh"), launcher.ownSession() ? setsid() : null,
                        Duration.ofMillis(300)))
                .start();
        long pid = anvil.pid();
        List<ProcessHandle> node = ProcessHandle.of(pid).orElseThrow().children().toList();
        try {
            assertThat(node).hasSize(1);
            assertThat(Rpc.result(anvil.httpUrl(), "eth_chainId", "[]")).isEqualTo("0x7a69");
            anvil.close();
            assertThat(ProcStat.running(pid)).as("the script ignoring SIGTERM").isFalse();
            assertThat(ChildJvm.gone(node.get(0).pid(), GONE_WITHIN)).as("the anvil it started").isTrue();
            assertThat(anvil.isRunning()).isFalse();
        } finally {
            anvil.close();
            node.forEach(ProcessHandle::destroyForcibly);
        }
    }

    /**
     * Starts {@link SessionProbeMain} in a new session (so its process group is its own, as a terminal's foreground
     * job is), sends SIGTERM to that whole group and returns what its shutdown hook saw: whether Anvil still answered.
     * Afterwards Anvil's PID must be gone.
     */
    private static String signalTheGroup(String mode) throws Exception {
        assumeTrue(setsid() != null, "setsid is not installed");
        try (ChildJvm child = ChildJvm.start(List.of(setsid().toString(), "--wait"), SessionProbeMain.class, mode)) {
            long jvm = Long.parseLong(child.await("JVM (\\d+)", CHILD_READY));
            long pid = Long.parseLong(child.await("PID (\\d+)", CHILD_READY));
            child.await("READY", CHILD_READY);
            child.track(pid);
            long group = ProcStat.of(jvm).processGroup();
            assertThat(group).isEqualTo(jvm).isNotEqualTo(ProcStat.self().processGroup());

            Process kill = new ProcessBuilder(kill(), "-s", "TERM", "--", "-" + group).redirectErrorStream(true).start();
            assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(kill.exitValue()).as(new String(kill.getInputStream().readAllBytes())).isZero();

            assertThat(child.process().waitFor(GONE_WITHIN.toSeconds(), TimeUnit.SECONDS)).as(child.output()).isTrue();
            String alive = child.await("HOOK ANVIL ALIVE (\\w+)", Duration.ofSeconds(5));
            assertThat(ChildJvm.gone(pid, GONE_WITHIN)).as("anvil pid %s", pid).isTrue();
            return alive;
        }
    }

    private static Path setsid() {
        for (String candidate : List.of("/usr/bin/setsid", "/bin/setsid")) {
            if (Files.isExecutable(Path.of(candidate))) {
                return Path.of(candidate);
            }
        }
        return null;
    }

    private static String kill() {
        for (String candidate : List.of("/usr/bin/kill", "/bin/kill")) {
            if (Files.isExecutable(Path.of(candidate))) {
                return candidate;
            }
        }
        assumeTrue(false, "no kill program (procps) to signal a process group");
        return null;
    }
}
