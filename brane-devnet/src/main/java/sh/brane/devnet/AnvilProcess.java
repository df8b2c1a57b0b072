package sh.brane.devnet;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One running Anvil as {@link AnvilLauncher} started it: the process the JVM spawned (the watchdog, or Anvil itself
 * where there is no {@code sh}), Anvil's own PID, the pipe whose closing stops it, and the drain of its output.
 *
 * <p>Stopping is orderly first (close the pipe: the watchdog sends Anvil SIGTERM and exits once it has), then by
 * PID, with a bound on every wait: SIGTERM to Anvil, SIGKILL to Anvil, SIGKILL to the watchdog and to whatever
 * else it started. Only processes descending from the one this JVM spawned are ever signalled.
 */
final class AnvilProcess {
    private static final long PID_WAIT_MILLIS = 10_000;
    private static final long KILL_WAIT_MILLIS = 5_000;

    private final Process process;
    private final long stopWaitMillis;
    private final OutputStream lifeline;
    private final long pid;
    private final Optional<ProcessHandle> anvil;
    private final OutputDrain output;

    private AnvilProcess(Process process, long stopWaitMillis, OutputStream lifeline, long pid,
            Optional<ProcessHandle> anvil, OutputDrain output) {
        this.process = process;
        this.stopWaitMillis = stopWaitMillis;
        this.lifeline = lifeline;
        this.pid = pid;
        this.anvil = anvil;
        this.output = output;
    }

    /**
     * Starts {@code anvilCommand} and returns once Anvil's PID is known (not once it answers).
     *
     * @throws AnvilException when the watchdog ends or stalls before it started Anvil
     */
    static AnvilProcess start(AnvilLauncher launcher, List<String> anvilCommand, int outputLines, String threadName)
            throws IOException, InterruptedException {
        Process p = new ProcessBuilder(launcher.command(anvilCommand)).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.PIPE).start();
        OutputDrain drain = new OutputDrain(p.getInputStream(), outputLines, threadName, launcher.watchdog());
        if (!launcher.watchdog()) {
            p.getOutputStream().close(); // Anvil reads nothing
            return new AnvilProcess(p, launcher.stopWait().toMillis(), null, p.pid(), Optional.of(p.toHandle()), drain);
        }
        long pid;
        try {
            pid = drain.awaitPid(PID_WAIT_MILLIS);
        } catch (InterruptedException e) {
            kill(p);
            throw e;
        }
        if (pid <= 0) {
            // an output that ended is a watchdog that exits: the JDK may not have reaped it yet, so wait a little
            boolean exited = p.waitFor(1, TimeUnit.SECONDS);
            String why = exited ? "exited with code " + p.exitValue() + " before starting Anvil"
                    : "did not report Anvil's PID within " + PID_WAIT_MILLIS + " ms";
            kill(p);
            drain.join(500);
            throw new AnvilException("The watchdog that runs Anvil (" + launcher + ", pid " + p.pid() + ") " + why
                    + ". Last output:\n" + drain.tailText());
        }
        // a handle taken while the node is alive is tied to its start time, so a later signal can never reach a
        // process that reused the PID; only a descendant of the process spawned here qualifies
        Optional<ProcessHandle> anvil = p.descendants().filter(h -> h.pid() == pid).findFirst();
        return new AnvilProcess(p, launcher.stopWait().toMillis(), p.getOutputStream(), pid, anvil, drain);
    }

    /** Anvil's own PID (not the watchdog's). */
    long pid() {
        return pid;
    }

    /** Whether Anvil runs: the watchdog lives as long as Anvil does (it waits for it and exits with it). */
    boolean isAlive() {
        return process.isAlive();
    }

    /** Anvil's exit status (the watchdog exits with it). */
    int exitValue() {
        return process.exitValue();
    }

    OutputDrain output() {
        return output;
    }

    /** Stops Anvil and the watchdog; returns when both are gone or every bounded attempt has been made. */
    void stop() {
        List<ProcessHandle> descendants = process.descendants().toList();
        boolean interrupted = false;
        try {
            if (lifeline != null) {
                closeQuietly(lifeline);
            } else {
                process.destroy(); // Anvil itself: SIGTERM
            }
            // both gone: the usual case. The node alone outliving a watchdog killed from outside is caught too.
            boolean gone = process.waitFor(stopWaitMillis, TimeUnit.MILLISECONDS) && await(anvil, stopWaitMillis);
            if (!gone) {
                // the watchdog did not get Anvil to exit: Anvil by PID, then everything left
                anvil.ifPresent(ProcessHandle::destroy);
                if (!await(anvil, stopWaitMillis)) {
                    anvil.ifPresent(ProcessHandle::destroyForcibly);
                }
                if (!process.waitFor(stopWaitMillis, TimeUnit.MILLISECONDS)) {
                    process.destroyForcibly();
                    process.waitFor(KILL_WAIT_MILLIS, TimeUnit.MILLISECONDS);
                }
            }
        } catch (InterruptedException e) {
            interrupted = true;
            anvil.ifPresent(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        for (ProcessHandle d : descendants) {
            if (d.isAlive()) {
                d.destroyForcibly();
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean await(Optional<ProcessHandle> handle, long millis) throws InterruptedException {
        if (handle.isEmpty()) {
            return true;
        }
        try {
            handle.get().onExit().get(millis, TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            return !handle.get().isAlive();
        }
    }

    private static void kill(Process p) {
        List<ProcessHandle> descendants = p.descendants().toList();
        p.destroyForcibly();
        descendants.forEach(ProcessHandle::destroyForcibly);
        try {
            p.waitFor(KILL_WAIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(OutputStream stream) {
        try {
            stream.close();
        } catch (IOException e) {
            // the watchdog is gone already: the pipe is closed either way
        }
    }
}
