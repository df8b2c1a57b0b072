package sh.brane.benchmarks;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

import sh.brane.rpc.WebSocketConfig;
import sh.brane.rpc.WebSocketProvider;

/**
 * What 100 WebSocket calls cost each thread, beside their wall time ({@link CostRounds}): the raw-socket floor (one
 * frame holding a JSON batch of 100, {@link RawWebSocketClient}), 100 {@code sendAsyncBatch} calls joined at once, and
 * a JSON batch of 100 ({@code sendBatch}) joined at once: the two batch rows of {@link WebSocketRpcBenchmark}. The
 * WebSocket twin of {@link HttpBatchCost}.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar sh.brane.benchmarks.WsBatchCost [stub|anvil]
 * [batches per round]}.
 */
public final class WsBatchCost {

    private WsBatchCost() {
    }

    public static void main(String[] args) throws Exception {
        String kind = args.length > 0 ? args[0] : "anvil";
        int batches = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
        List<Object> none = List.of();
        try (Node node = CostRounds.node(kind);
             WebSocketProvider brane = WebSocketProvider.create(WebSocketConfig.builder(node.wsUrl()).build());
             RawWebSocketClient raw = new RawWebSocketClient(node.wsUrl())) {
            StringBuilder batch = new StringBuilder("[");
            for (int i = 1; i <= 100; i++) {
                batch.append(i == 1 ? "" : ",").append(RawWebSocketClient.request(i, WebSocketRpcBenchmark.METHOD));
            }
            byte[] rawBatch = RawWebSocketClient.frames(List.of(batch.append(']').toString()));
            List<Callable<?>> clients = List.of(
                    () -> raw.call(rawBatch, 1),
                    () -> {
                        CompletableFuture<?>[] futures = new CompletableFuture[100];
                        for (int i = 0; i < futures.length; i++) {
                            futures[i] = brane.sendAsyncBatch(WebSocketRpcBenchmark.METHOD, none);
                        }
                        return WebSocketRpcBenchmark.joinAll(futures);
                    },
                    () -> WebSocketRpcBenchmark.joinAll(
                            brane.sendBatch(WebSocketRpcBenchmark.BATCH_100).toArray(new CompletableFuture[0])));
            CostRounds.run(List.of("raw", "sendAsyncBatch+join", "sendBatch+join"), clients, batches);
        }
    }
}
