package sh.brane.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import org.web3j.protocol.Web3j;
import org.web3j.protocol.http.HttpService;

import sh.brane.rpc.HttpConfig;
import sh.brane.rpc.HttpProvider;

/**
 * Why a sequential HTTP call costs what it costs: the context switches per call, summed over every thread of the
 * process (the in-process stub's included, the same for every client), for Brane's {@link HttpProvider}, web3j and
 * the {@link RawSocketClient} floor. Each switch is a thread that went to sleep and had to be woken and scheduled
 * again: on a busy machine each costs a wait for a core, which is what separates a client from the floor there.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar sh.brane.benchmarks.ThreadHops [calls]} (Linux only:
 * it reads {@code /proc/self/task/N/status}).
 */
public final class ThreadHops {

    private ThreadHops() {
    }

    public static void main(String[] args) throws Exception {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        try (Node node = Node.start("stub");
             HttpProvider brane = HttpProvider.create(HttpConfig.builder(node.httpUrl()).build());
             RawSocketClient raw = new RawSocketClient(node.httpUrl())) {
            Web3j web3j = Web3j.build(new HttpService(node.httpUrl()));
            byte[] rawOne = RawSocketClient.request(node.httpUrl(),
                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_chainId\",\"params\":[]}");
            // the first round warms up; then three rounds, the clients in turn, so that a change of load in between
            // touches all three alike
            for (int round = 0; round < 4; round++) {
                boolean report = round > 0;
                measure("raw", calls, report, () -> raw.call(rawOne));
                measure("brane", calls, report, () -> brane.send(WebSocketRpcBenchmark.METHOD,
                        WebSocketRpcBenchmark.NO_PARAMS));
                measure("web3j", calls, report, () -> web3j.ethChainId().send());
            }
            web3j.shutdown();
            Web3jThreads.release();
        }
    }

    static void measure(String name, int calls, boolean report, Callable<?> call) throws Exception {
        long before = switches();
        java.util.Map<String, Long> cpuBefore = cpuByThread();
        long start = System.nanoTime();
        for (int i = 0; i < calls; i++) {
            call.call();
        }
        long nanos = System.nanoTime() - start;
        long after = switches();
        java.util.Map<String, Long> cpuAfter = cpuByThread();
        if (report) {
            System.out.printf("%-6s %8.2f context switches/call  %8.1f us/call  (%d calls; loadavg %s)%n", name,
                    (after - before) / (double) calls, nanos / 1000.0 / calls, calls, loadAverage());
            cpuAfter.forEach((thread, cpu) -> {
                long used = cpu - cpuBefore.getOrDefault(thread, 0L);
                if (used > calls * 1000L) { // over 1 us per call
                    System.out.printf("         %8.1f us CPU/call on %s%n", used / 1000.0 / calls, thread);
                }
            });
        }
    }

    /** CPU time of every live thread, by thread kind (its name without trailing numbers); {@link HttpBatchCost} too. */
    static java.util.Map<String, Long> cpuByThread() {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        java.util.Map<String, Long> out = new java.util.TreeMap<>();
        for (long id : mx.getAllThreadIds()) {
            java.lang.management.ThreadInfo info = mx.getThreadInfo(id);
            long cpu = mx.getThreadCpuTime(id);
            if (info != null && cpu > 0) {
                out.merge(info.getThreadName().replaceAll("[-0-9]+$", ""), cpu, Long::sum);
            }
        }
        return out;
    }

    /** Voluntary and involuntary context switches of every thread alive now. */
    private static long switches() throws IOException {
        long sum = 0;
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path t : (Iterable<Path>) tasks::iterator) {
                try {
                    for (String line : Files.readAllLines(t.resolve("status"))) {
                        if (line.startsWith("voluntary_ctxt_switches:") || line.startsWith("nonvoluntary_ctxt_switches:")) {
                            sum += Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                        }
                    }
                } catch (IOException ended) {
                    // the thread ended meanwhile
                }
            }
        }
        return sum;
    }

    private static String loadAverage() throws IOException {
        String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
        return f[0] + " " + f[1] + " " + f[2];
    }
}
