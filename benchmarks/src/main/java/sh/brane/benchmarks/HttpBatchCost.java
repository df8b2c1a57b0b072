package sh.brane.benchmarks;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

import sh.brane.rpc.HttpConfig;
import sh.brane.rpc.HttpProvider;

import tools.jackson.databind.JsonNode;

/**
 * What an HTTP batch of 100 {@code eth_chainId} calls costs each thread, beside its wall time ({@link CostRounds}):
 * the raw-socket floor ({@link RawSocketClient}), {@code sendBatchAndWait} (the whole exchange on the caller's thread,
 * so its CPU is the client's whole cost on the critical path) and {@code sendBatch} plus joins.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar sh.brane.benchmarks.HttpBatchCost [stub|anvil]
 * [batches per round]} ({@code anvil-silent}, its old name, is {@code anvil}: the benchmarks' Anvil logs nothing).
 */
public final class HttpBatchCost {

    private HttpBatchCost() {
    }

    public static void main(String[] args) throws Exception {
        String kind = args.length > 0 ? args[0] : "anvil";
        int batches = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
        try (Node node = CostRounds.node(kind);
             HttpProvider brane = HttpProvider.create(HttpConfig.builder(node.httpUrl()).build());
             RawSocketClient raw = new RawSocketClient(node.httpUrl())) {
            StringBuilder body = new StringBuilder("[");
            for (int i = 0; i < 100; i++) {
                body.append(i == 0 ? "" : ",").append("{\"jsonrpc\":\"2.0\",\"id\":").append(i + 1)
                        .append(",\"method\":\"eth_chainId\",\"params\":[]}");
            }
            byte[] rawBatch = RawSocketClient.request(node.httpUrl(), body.append(']').toString());
            List<Callable<?>> clients = List.of(
                    () -> raw.call(rawBatch),
                    () -> last(brane.sendBatchAndWait(WebSocketRpcBenchmark.BATCH_100)),
                    () -> last(brane.sendBatch(WebSocketRpcBenchmark.BATCH_100)));
            CostRounds.run(List.of("raw", "sendBatchAndWait", "sendBatch+join"), clients, batches);
        }
    }

    private static JsonNode last(List<CompletableFuture<JsonNode>> futures) {
        JsonNode last = null;
        for (CompletableFuture<JsonNode> f : futures) {
            last = f.join();
        }
        return last;
    }
}
