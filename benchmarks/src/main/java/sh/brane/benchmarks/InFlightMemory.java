package sh.brane.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import javax.management.ObjectName;

import org.web3j.protocol.Web3j;
import org.web3j.protocol.core.DefaultBlockParameterName;
import org.web3j.protocol.websocket.WebSocketService;

import sh.brane.devnet.Anvil;
import sh.brane.rpc.WebSocketConfig;
import sh.brane.rpc.WebSocketProvider;

/**
 * Memory per request in flight (seed 004's measure): {@value #REQUESTS} {@code eth_getBalance} calls in flight on one
 * WebSocket connection, the heap after a full GC less the heap before, divided by the requests; Brane against
 * web3j, each against its own local Anvil held still with SIGSTOP while the calls wait (so that none is answered),
 * then released with SIGCONT and every call joined. Run it in a JVM of its own:
 * {@code java -cp benchmarks/target/benchmarks.jar sh.brane.benchmarks.InFlightMemory [rounds]}; it prints one line
 * per client and round: bytes per request in flight. With {@code -Dinflight.histogram=N} it also prints, per client
 * and round, the {@code N} classes whose heap grew most while the calls were in flight (a class histogram taken
 * before, less one taken while they wait), with bytes per request: where a request's bytes go.
 */
public final class InFlightMemory {
    static final int REQUESTS = 10_000;
    private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();
    private static final int HISTOGRAM_LINES = Integer.getInteger("inflight.histogram", 0);

    private InFlightMemory() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        for (int round = 1; round <= rounds; round++) {
            long brane = brane();
            long web3j = web3j();
            System.out.printf("round %d: brane %d B/request, web3j %d B/request, ratio %.2f%n", round, brane, web3j,
                    (double) brane / web3j);
        }
        System.exit(0);
    }

    /** Brane's bytes per request in flight. */
    static long brane() throws Exception {
        try (Anvil anvil = Anvil.builder().extraArgs("--silent").start();
                WebSocketProvider provider = WebSocketProvider.create(WebSocketConfig.builder(anvil.wsUrl()).build())) {
            List<Object> params = List.of(anvil.account(1).address(), "latest");
            provider.send("eth_getBalance", params);
            return perRequest("brane", anvil, () -> {
                List<CompletableFuture<?>> calls = new ArrayList<>(REQUESTS);
                for (int i = 0; i < REQUESTS; i++) {
                    calls.add(provider.sendAsync("eth_getBalance", params));
                }
                return calls;
            });
        }
    }

    /** web3j's bytes per request in flight. */
    static long web3j() throws Exception {
        ScheduledExecutorService scheduler = java.util.concurrent.Executors.newSingleThreadScheduledExecutor();
        try (Anvil anvil = Anvil.builder().extraArgs("--silent").start()) {
            WebSocketService service = new WebSocketService(anvil.wsUrl(), false);
            service.connect();
            Web3j web3j = Web3j.build(service, 15_000, scheduler);
            String account = anvil.account(1).address();
            try {
                web3j.ethGetBalance(account, DefaultBlockParameterName.LATEST).send();
                return perRequest("web3j", anvil, () -> {
                    List<CompletableFuture<?>> calls = new ArrayList<>(REQUESTS);
                    for (int i = 0; i < REQUESTS; i++) {
                        calls.add(web3j.ethGetBalance(account, DefaultBlockParameterName.LATEST).sendAsync());
                    }
                    return calls;
                });
            } finally {
                Web3jThreads.shutdown(web3j, service, scheduler);
            }
        }
    }

    private interface Start {
        List<CompletableFuture<?>> calls() throws Exception;
    }

    private static long perRequest(String client, Anvil anvil, Start start) throws Exception {
        // kept in a file, so that it holds nothing on the heap the second histogram reads
        java.nio.file.Path histogramBefore = null;
        if (HISTOGRAM_LINES > 0) {
            histogramBefore = java.nio.file.Files.createTempFile("inflight-histogram", ".txt");
            java.nio.file.Files.writeString(histogramBefore, histogram());
        }
        long before = heapAfterGc();
        signal(anvil, "-STOP");
        List<CompletableFuture<?>> calls;
        long during;
        try {
            calls = start.calls();
            TimeUnit.MILLISECONDS.sleep(500); // every request written and waiting
            during = heapAfterGc();
            if (HISTOGRAM_LINES > 0) {
                String whileWaiting = histogram();
                printGrowth(client, parse(java.nio.file.Files.readString(histogramBefore)), parse(whileWaiting));
                java.nio.file.Files.delete(histogramBefore);
            }
            long ended = calls.stream().filter(CompletableFuture::isDone).count();
            if (ended > 0) {
                CompletableFuture<?> first = calls.stream().filter(CompletableFuture::isDone).findFirst().orElseThrow();
                throw new IllegalStateException(client + ": " + ended + " calls ended while the node was stopped (the"
                        + " measure is void), the first with " + first.handle((v, e) -> e != null ? e : v).join());
            }
        } finally {
            signal(anvil, "-CONT");
        }
        CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
        return (during - before) / REQUESTS;
    }

    private static long heapAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            TimeUnit.MILLISECONDS.sleep(50);
        }
        return MEMORY.getHeapMemoryUsage().getUsed();
    }

    /** {@code jcmd PID GC.class_histogram}'s text, after a full GC (the command runs one first). */
    private static String histogram() throws Exception {
        return (String) ManagementFactory.getPlatformMBeanServer().invoke(
                new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
                new Object[] {new String[0]}, new String[] {String[].class.getName()});
    }

    /** Instances and bytes by class name. */
    private static Map<String, long[]> parse(String text) {
        Map<String, long[]> byClass = new HashMap<>();
        for (String line : text.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 4 && f[0].endsWith(":") && Character.isDigit(f[0].charAt(0))) {
                byClass.put(f[3], new long[] {Long.parseLong(f[1]), Long.parseLong(f[2])});
            }
        }
        return byClass;
    }

    private static void printGrowth(String client, Map<String, long[]> before, Map<String, long[]> during) {
        List<Map.Entry<String, long[]>> grown = new ArrayList<>();
        during.forEach((name, now) -> {
            long[] was = before.getOrDefault(name, new long[2]);
            grown.add(Map.entry(name, new long[] {now[0] - was[0], now[1] - was[1]}));
        });
        grown.sort(Comparator.comparingLong((Map.Entry<String, long[]> e) -> e.getValue()[1]).reversed());
        System.out.printf("%s: classes grown while %d calls wait (instances, bytes, bytes/request)%n", client, REQUESTS);
        for (Map.Entry<String, long[]> e : grown.subList(0, Math.min(HISTOGRAM_LINES, grown.size()))) {
            long[] d = e.getValue();
            System.out.printf("  %9d %11d %7.1f  %s%n", d[0], d[1], (double) d[1] / REQUESTS, e.getKey());
        }
    }

    private static void signal(Anvil anvil, String signal) throws Exception {
        Process kill = new ProcessBuilder("kill", signal, Long.toString(anvil.pid())).inheritIO().start();
        if (kill.waitFor() != 0) {
            throw new IllegalStateException("kill " + signal + " " + anvil.pid() + " failed");
        }
    }
}
