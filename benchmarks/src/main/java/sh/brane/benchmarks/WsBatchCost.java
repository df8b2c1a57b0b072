package sh.brane.benchmarks;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

import sh.brane.devnet.Anvil;
import sh.brane.rpc.WebSocketConfig;
import sh.brane.rpc.WebSocketProvider;

/**
 * What 100 WebSocket calls cost each thread of this process, beside their wall time: the raw-socket floor (one frame
 * holding a JSON batch of 100, {@link RawWebSocketClient}), 100 {@code sendAsyncBatch} calls joined at once, and a JSON
 * batch of 100 ({@code sendBatch}) joined at once: the two batch rows of {@link WebSocketRpcBenchmark}. The WebSocket
 * twin of {@link HttpBatchCost}, and measured the same way ({@link HttpBatchCost#measure}).
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar sh.brane.benchmarks.WsBatchCost [stub|anvil|anvil-silent]
 * [batches per round]}.
 */
public final class WsBatchCost {

    private WsBatchCost() {
    }

    public static void main(String[] args) throws Exception {
        String kind = args.length > 0 ? args[0] : "anvil-silent";
        int batches = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
        boolean silent = kind.equals("anvil-silent");
        Anvil quiet = silent ? Anvil.builder().extraArgs("--silent").start() : null;
        Node node = silent ? null : Node.start(kind);
        String url = silent ? quiet.wsUrl() : node.wsUrl();
        List<Object> none = List.of();
        try (WebSocketProvider brane = WebSocketProvider.create(WebSocketConfig.builder(url).build());
             RawWebSocketClient raw = new RawWebSocketClient(url)) {
            StringBuilder batch = new StringBuilder("[");
            for (int i = 1; i <= 100; i++) {
                batch.append(i == 1 ? "" : ",").append(RawWebSocketClient.request(i, WebSocketRpcBenchmark.METHOD));
            }
            byte[] rawBatch = RawWebSocketClient.frames(List.of(batch.append(']').toString()));
            String[] names = {"raw", "sendAsyncBatch+join", "sendBatch+join"};
            List<Callable<?>> clients = List.of(
                    () -> raw.call(rawBatch, 1),
                    () -> {
                        CompletableFuture<?>[] futures = new CompletableFuture[100];
                        for (int i = 0; i < futures.length; i++) {
                            futures[i] = brane.sendAsyncBatch(WebSocketRpcBenchmark.METHOD, none);
                        }
                        WebSocketRpcBenchmark.joinAll(futures);
                        return futures;
                    },
                    () -> {
                        WebSocketRpcBenchmark.joinAll(
                                brane.sendBatch(WebSocketRpcBenchmark.BATCH_100).toArray(new CompletableFuture[0]));
                        return null;
                    });
            // round 0 warms up; the clients take turns so that a change of load touches all alike
            for (int round = 0; round < 5; round++) {
                StringBuilder line = new StringBuilder(round == 0 ? "warm-up:" : "round " + round + ":");
                for (int c = 0; c < clients.size(); c++) {
                    line.append(HttpBatchCost.measure(names[c], batches, clients.get(c)));
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
}
