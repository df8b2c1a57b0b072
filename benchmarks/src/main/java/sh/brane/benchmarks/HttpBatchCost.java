package sh.brane.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

import sh.brane.devnet.Anvil;
import sh.brane.rpc.HttpConfig;
import sh.brane.rpc.HttpProvider;

import tools.jackson.databind.JsonNode;

/**
 * What an HTTP batch of 100 {@code eth_chainId} calls costs the calling thread, beside its wall time: the raw-socket
 * floor ({@link RawSocketClient}), {@code sendBatchAndWait} (the whole exchange on the caller's thread, so its CPU is
 * the client's whole cost on the critical path) and {@code sendBatch} plus joins (the event loop reads and parses; the
 * caller writes the request and completes the futures). CPU of the calling thread is far steadier than throughput on
 * a shared machine, which is why this exists beside {@link HttpRpcBenchmark}.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar sh.brane.benchmarks.HttpBatchCost [stub|anvil|anvil-silent]
 * [batches per round]}. {@code anvil-silent} starts Anvil with {@code --silent}: without it Anvil logs every call, and
 * this JVM's thread pumping that log costs every client alike.
 */
public final class HttpBatchCost {

    private HttpBatchCost() {
    }

    public static void main(String[] args) throws Exception {
        String kind = args.length > 0 ? args[0] : "anvil";
        int batches = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
        boolean silent = kind.equals("anvil-silent");
        Anvil quiet = silent ? Anvil.builder().extraArgs("--silent").start() : null;
        Node node = silent ? null : Node.start(kind);
        String url = silent ? quiet.httpUrl() : node.httpUrl();
        try (HttpProvider brane = HttpProvider.create(HttpConfig.builder(url).build());
             RawSocketClient raw = new RawSocketClient(url)) {
            StringBuilder body = new StringBuilder("[");
            for (int i = 0; i < 100; i++) {
                body.append(i == 0 ? "" : ",").append("{\"jsonrpc\":\"2.0\",\"id\":").append(i + 1)
                        .append(",\"method\":\"eth_chainId\",\"params\":[]}");
            }
            byte[] rawBatch = RawSocketClient.request(url, body.append(']').toString());
            String[] names = {"raw", "sendBatchAndWait", "sendBatch+join"};
            List<Callable<?>> clients = List.of(
                    () -> raw.call(rawBatch),
                    () -> last(brane.sendBatchAndWait(WebSocketRpcBenchmark.BATCH_100)),
                    () -> last(brane.sendBatch(WebSocketRpcBenchmark.BATCH_100)));
            // round 0 warms up; the clients take turns so that a change of load touches all alike
            for (int round = 0; round < 5; round++) {
                StringBuilder line = new StringBuilder(round == 0 ? "warm-up:" : "round " + round + ":");
                for (int c = 0; c < clients.size(); c++) {
                    line.append(measure(names[c], batches, clients.get(c)));
                }
                System.out.println(line);
            }
        } finally {
            if (node != null) {
                node.close();
            }
            if (quiet != null) {
                quiet.close();
            }
        }
    }

    static String measure(String name, int batches, Callable<?> call) throws Exception {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long wall = System.nanoTime();
        long caller = threads.getCurrentThreadCpuTime();
        long process = os.getProcessCpuTime();
        java.util.Map<String, Long> before = ThreadHops.cpuByThread();
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

    private static JsonNode last(List<CompletableFuture<JsonNode>> futures) {
        JsonNode last = null;
        for (CompletableFuture<JsonNode> f : futures) {
            last = f.join();
        }
        return last;
    }
}
