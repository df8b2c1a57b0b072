package sh.brane.devnet;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Fields of Linux's {@code /proc/PID/stat} that the JDK does not expose: state, process group and session. */
record ProcStat(char state, long parent, long processGroup, long session) {

    /** The stat of {@code pid}, or null when there is no such process. */
    static ProcStat of(long pid) {
        String text;
        try {
            text = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            return null;
        }
        // "pid (comm) state ppid pgrp session ...": comm may contain spaces and parentheses, so split after the last ')'
        String[] f = text.substring(text.lastIndexOf(')') + 2).split(" ");
        return new ProcStat(f[0].charAt(0), Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]));
    }

    static ProcStat self() {
        return of(ProcessHandle.current().pid());
    }

    /** Whether {@code pid} is a running process (a zombie, dead but not yet reaped, is not). */
    static boolean running(long pid) {
        ProcStat stat = of(pid);
        return stat != null && stat.state != 'Z' && stat.state != 'X';
    }

    static boolean available() {
        return Files.isReadable(Path.of("/proc/self/stat"));
    }
}
