package sh.brane.devnet;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A child JVM running a main class of the test classpath, its output collected on a thread; for devnet tests. */
final class ChildJvm implements AutoCloseable {
    private final Process process;
    private final List<String> lines = new ArrayList<>();
    private final List<ProcessHandle> started = new ArrayList<>();

    private ChildJvm(Process process) {
        this.process = process;
        Thread reader = new Thread(this::read, "child-jvm-output");
        reader.setDaemon(true);
        reader.start();
    }

    /** Runs {@code main} with {@code args}, behind {@code prefix} (e.g. {@code setsid}) when not empty. */
    static ChildJvm start(List<String> prefix, Class<?> main, String... args) throws IOException {
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of(java, "-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        return new ChildJvm(new ProcessBuilder(command).redirectErrorStream(true).start());
    }

    private void read() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                synchronized (this) {
                    lines.add(line);
                    notifyAll();
                }
            }
        } catch (IOException e) {
            // the child is gone
        }
    }

    /** Waits (bounded) for a line matching {@code regex}; returns its first group. */
    synchronized String await(String regex, Duration timeout) throws InterruptedException {
        Pattern pattern = Pattern.compile(regex);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            for (String line : lines) {
                Matcher m = pattern.matcher(line);
                if (m.matches()) {
                    return m.groupCount() > 0 ? m.group(1) : line;
                }
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("no line matching " + regex + " within " + timeout + "; output:\n" + output());
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
    }

    synchronized String output() {
        return String.join("\n", lines);
    }

    /** Remembers a process the child started, to be killed in {@link #close()} should it outlive the test. */
    void track(long pid) {
        ProcessHandle.of(pid).ifPresent(started::add);
    }

    void trackDescendants() {
        started.addAll(process.descendants().toList());
    }

    Process process() {
        return process;
    }

    /** Waits up to {@code timeout} for the process to be gone. */
    static boolean gone(long pid, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (isAlive(pid)) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(50);
        }
        return true;
    }

    static boolean isAlive(long pid) {
        return ProcStat.running(pid);
    }

    /** Kills the child and every process of it we know of, should any still run (all started by this test). */
    @Override
    public void close() throws InterruptedException {
        started.addAll(process.descendants().toList());
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
        for (ProcessHandle h : started) {
            if (h.isAlive()) {
                h.destroyForcibly();
            }
        }
    }
}
