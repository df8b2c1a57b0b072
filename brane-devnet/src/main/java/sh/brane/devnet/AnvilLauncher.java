package sh.brane.devnet;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How the Anvil process is started: where possible in a session of its own, under a watchdog.
 *
 * <p>Started as a plain child, Anvil shares the JVM's process group, so Ctrl-C in a terminal (or a signal to the
 * group) reaches it at the same moment as the JVM: it dies first and the clients still connected to it log a lost
 * connection before the application's orderly shutdown has begun. Started through {@code setsid}, no group or
 * terminal signal reaches it, and the JVM's own shutdown (clients first, then the node, by PID) is the only thing
 * that stops it normally.
 *
 * <p>A node in a session of its own would outlive a JVM killed with SIGKILL, so it runs under a small {@code sh}
 * watchdog ({@link #WATCHDOG}) that holds the read end of a pipe whose write end only the JVM holds: when the JVM
 * closes it ({@link AnvilProcess#stop()}) or dies, for whatever reason, the watchdog sees end-of-file and stops
 * Anvil. No code of the JVM needs to run for that.
 */
final class AnvilLauncher {
    private static final Logger LOG = LoggerFactory.getLogger(Anvil.class);

    /** The first line the watchdog prints: the PID of Anvil (the inner {@code sh} prints its own PID, then execs). */
    static final String PID_MARKER = "brane-devnet anvil pid ";

    /**
     * The watchdog, run as {@code sh -c WATCHDOG sh ANVIL ARGS...}. Anvil runs in the background (stdin from
     * /dev/null); a second background job reads the pipe on fd 3 until end-of-file and then sends Anvil SIGTERM;
     * the watchdog itself waits for Anvil and exits with its status, so that a node that dies by itself (a port in
     * use, a bad flag) ends the watchdog too and the JVM sees the exit code. Anvil handles SIGTERM by exiting; a node
     * that does not is killed by the JVM, by PID, when it is still alive ({@link AnvilProcess#stop()}).
     */
    static final String WATCHDOG = String.join("\n",
            "exec 3<&0",
            "sh -c 'echo \"" + PID_MARKER + "$$\"; exec \"$@\"' anvil \"$@\" 3<&- &",
            "a=$!",
            "{ while read -r _; do :; done; kill -TERM \"$a\" 2>/dev/null; } <&3 >/dev/null 2>&1 &",
            "w=$!",
            "exec 3<&-",
            "wait \"$a\"",
            "s=$?",
            "kill \"$w\" 2>/dev/null",
            "exit \"$s\"");

    private static volatile AnvilLauncher detected;

    /** How long each step of stopping waits before the next, harder one ({@link AnvilProcess#stop()}). */
    static final Duration STOP_WAIT = Duration.ofSeconds(5);

    private final Path shell;
    private final Path setsid;
    private final Duration stopWait;

    /**
     * @param shell {@code /bin/sh}, or null to run Anvil as a plain child (no watchdog)
     * @param setsid the {@code setsid} program, or null to leave Anvil in the JVM's process group
     */
    AnvilLauncher(Path shell, Path setsid, Duration stopWait) {
        this.shell = shell;
        this.setsid = setsid;
        this.stopWait = stopWait;
    }

    /** The launcher for this machine, looked up once: {@code /bin/sh} and {@code setsid} when present. */
    static AnvilLauncher detect() {
        AnvilLauncher launcher = detected;
        if (launcher == null) {
            launcher = probe(System.getenv("PATH"));
            detected = launcher;
        }
        return launcher;
    }

    static AnvilLauncher probe(String path) {
        if (File.separatorChar != '/') {
            LOG.info("Anvil runs as a plain child process on this system (no POSIX sh): Ctrl-C reaches it "
                    + "directly, and it is stopped only by the JVM's shutdown");
            return new AnvilLauncher(null, null, STOP_WAIT);
        }
        Path shell = executable(Path.of("/bin/sh"));
        if (shell == null) {
            LOG.info("Anvil runs as a plain child process: /bin/sh not found, so it has no watchdog and a JVM killed "
                    + "with SIGKILL leaves it running");
            return new AnvilLauncher(null, null, STOP_WAIT);
        }
        Path setsid = onPath("setsid", path);
        if (setsid == null) {
            LOG.info("Anvil shares the JVM's process group: 'setsid' (util-linux) not found on PATH, so Ctrl-C "
                    + "reaches the node at the same moment as the JVM and clients may log a lost connection while "
                    + "the application stops; install util-linux to avoid it");
        }
        return new AnvilLauncher(shell, setsid, STOP_WAIT);
    }

    Duration stopWait() {
        return stopWait;
    }

    /** Whether Anvil runs under the watchdog (and its PID comes from {@link #PID_MARKER}). */
    boolean watchdog() {
        return shell != null;
    }

    /** Whether Anvil runs in a session (and so a process group) of its own. */
    boolean ownSession() {
        return setsid != null;
    }

    /** The command that runs {@code anvilCommand} as this launcher does. */
    List<String> command(List<String> anvilCommand) {
        if (shell == null) {
            return List.copyOf(anvilCommand);
        }
        List<String> command = new ArrayList<>(anvilCommand.size() + 5);
        if (setsid != null) {
            command.add(setsid.toString());
            command.add("--wait"); // should setsid have to fork, it stays and reports the watchdog's exit status
        }
        command.add(shell.toString());
        command.add("-c");
        command.add(WATCHDOG);
        command.add("sh"); // $0 of the script
        command.addAll(anvilCommand);
        return command;
    }

    private static Path onPath(String name, String path) {
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                if (!dir.isEmpty()) {
                    Path found = executable(Path.of(dir, name));
                    if (found != null) {
                        return found;
                    }
                }
            }
        }
        for (String dir : List.of("/usr/bin", "/bin", "/usr/sbin", "/sbin")) { // PATH may be trimmed by a launcher
            Path found = executable(Path.of(dir, name));
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    private static Path executable(Path candidate) {
        return Files.isRegularFile(candidate) && Files.isExecutable(candidate) ? candidate : null;
    }

    @Override
    public String toString() {
        return "AnvilLauncher[watchdog=" + watchdog() + ", ownSession=" + ownSession() + "]";
    }
}
