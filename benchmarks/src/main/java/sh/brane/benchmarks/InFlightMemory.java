package sh.brane.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

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
 * per client and round: bytes per request in flight.
 */
public final class InFlightMemory {
    static final int REQUESTS = 10_000;
    private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

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
            return perRequest(anvil, () -> {
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
                return perRequest(anvil, () -> {
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

    private static long perRequest(Anvil anvil, Start start) throws Exception {
        long before = heapAfterGc();
        signal(anvil, "-STOP");
        List<CompletableFuture<?>> calls;
        long during;
        try {
            calls = start.calls();
            TimeUnit.MILLISECONDS.sleep(500); // every request written and waiting
            during = heapAfterGc();
            if (calls.stream().anyMatch(CompletableFuture::isDone)) {
                throw new IllegalStateException("a call ended while the node was stopped: the measure is void");
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

    private static void signal(Anvil anvil, String signal) throws Exception {
        Process kill = new ProcessBuilder("kill", signal, Long.toString(anvil.pid())).inheritIO().start();
        if (kill.waitFor() != 0) {
            throw new IllegalStateException("kill " + signal + " " + anvil.pid() + " failed");
        }
    }
}
