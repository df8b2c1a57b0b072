package sh.brane.benchmarks;

import java.lang.management.ManagementFactory;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Process CPU time of a benchmark's calls, summed per iteration ({@code cpuNanos}, with the number of invocations in
 * {@code calls}): CPU per invocation is their quotient (divide by the operations per invocation for a batch). It
 * counts every thread of the process (I/O threads, the in-process stub, GC), because a client's cost is not only on
 * the caller's thread; the stub serves every client the same bytes, so its share is the same on all sides.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class CallCpu {
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    public long cpuNanos;
    public long calls;
    private long start;

    @Setup(Level.Iteration)
    public void reset() {
        cpuNanos = 0;
        calls = 0;
    }

    void begin() {
        start = OS.getProcessCpuTime();
    }

    void end() {
        cpuNanos += OS.getProcessCpuTime() - start;
        calls++;
    }
}
