package sh.brane.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * The measuring loop of {@link HttpBatchCost} and {@link WsBatchCost}: clients that each make one batch per call take
 * turns, round after round (round 0 warms up), so that a change of load touches all alike; each turn prints the wall
 * time, the calling thread's CPU, the process's CPU and every other thread's CPU per batch. CPU of the calling thread
 * is far steadier than throughput on a shared machine, which is why these exist beside the JMH suites.
 */
final class CostRounds {

    private CostRounds() {
    }

    /** The node of {@code kind}: {@code stub} or {@code anvil} ({@code anvil-silent} is the same: Anvil is silent). */
    static Node node(String kind) {
        return Node.start(kind.equals("anvil-silent") ? "anvil" : kind);
    }

    static void run(List<String> names, List<Callable<?>> clients, int batches) throws Exception {
        for (int round = 0; round < 5; round++) {
            StringBuilder line = new StringBuilder(round == 0 ? "warm-up:" : "round " + round + ":");
            for (int c = 0; c < clients.size(); c++) {
                line.append(measure(names.get(c), batches, clients.get(c)));
            }
            System.out.println(line);
        }
    }

    private static String measure(String name, int batches, Callable<?> call) throws Exception {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long wall = System.nanoTime();
        long caller = threads.getCurrentThreadCpuTime();
        long process = os.getProcessCpuTime();
        Map<String, Long> before = ThreadHops.cpuByThread();
        for (int i = 0; i < batches; i++) {
            call.call();
        }
        long callerCpu = threads.getCurrentThreadCpuTime() - caller;
        long processCpu = os.getProcessCpuTime() - process;
        StringBuilder others = new StringBuilder();
        ThreadHops.cpuByThread().forEach((thread, cpu) -> {
            long used = cpu - before.getOrDefault(thread, 0L);
            if (used / batches >= 2_000 && !thread.equals(Thread.currentThread().getName())) {
                others.append(String.format(" %s %.1f", thread, used / 1e3 / batches));
            }
        });
        return String.format(" %s %.0f us wall, %.1f us caller CPU, %.0f us process CPU per batch (others:%s) |",
                name, (System.nanoTime() - wall) / 1e3 / batches, callerCpu / 1e3 / batches,
                processCpu / 1e3 / batches, others);
    }
}
