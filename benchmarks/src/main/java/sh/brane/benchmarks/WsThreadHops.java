package sh.brane.benchmarks;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.web3j.protocol.Web3j;
import org.web3j.protocol.websocket.WebSocketService;

import sh.brane.rpc.WebSocketConfig;
import sh.brane.rpc.WebSocketProvider;

/**
 * {@link ThreadHops} for WebSocket: the context switches and the CPU per thread kind of one invocation of the
 * {@link WebSocketRpcBenchmark} cases (sequential, 10 and 100 {@code sendAsync} in flight, 100 {@code sendAsyncBatch},
 * a JSON batch of 100), for Brane, web3j and the {@link RawWebSocketClient} floor, against the in-process stub.
 * Every figure is per invocation (divide by 10 or 100 for a call).
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar sh.brane.benchmarks.WsThreadHops [invocations]} (Linux).
 */
public final class WsThreadHops {

    private WsThreadHops() {
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 5_000;
        try (Node node = Node.start("stub");
             WebSocketProvider brane = WebSocketProvider.create(WebSocketConfig.builder(node.wsUrl()).build());
             RawWebSocketClient raw = new RawWebSocketClient(node.wsUrl())) {
            WebSocketService service = new WebSocketService(node.wsUrl(), false);
            service.connect();
            Web3j web3j = Web3j.build(service);
            byte[] one = RawWebSocketClient.frames(List.of(RawWebSocketClient.request(1, "eth_chainId")));
            StringBuilder batch = new StringBuilder("[");
            for (int i = 1; i <= 100; i++) {
                batch.append(i == 1 ? "" : ",").append(RawWebSocketClient.request(i, "eth_chainId"));
            }
            byte[] hundred = RawWebSocketClient.frames(List.of(batch.append(']').toString()));
            List<Object> none = List.of();
            for (int round = 0; round < 3; round++) {
                boolean report = round > 0;
                ThreadHops.measure("raw sequential", n, report, () -> raw.call(one, 1));
                ThreadHops.measure("brane sequential", n, report, () -> brane.send("eth_chainId", none));
                ThreadHops.measure("web3j sequential", n, report, () -> web3j.ethChainId().send());
                ThreadHops.measure("brane inFlight10", n / 4, report, () -> {
                    CompletableFuture<?>[] f = new CompletableFuture[10];
                    for (int i = 0; i < f.length; i++) {
                        f[i] = brane.sendAsync("eth_chainId", none);
                    }
                    return WebSocketRpcBenchmark.joinAll(f);
                });
                ThreadHops.measure("web3j inFlight10", n / 4, report, () -> {
                    CompletableFuture<?>[] f = new CompletableFuture[10];
                    for (int i = 0; i < f.length; i++) {
                        f[i] = web3j.ethChainId().sendAsync();
                    }
                    return WebSocketRpcBenchmark.joinAll(f);
                });
                ThreadHops.measure("raw jsonBatch100", n / 10, report, () -> raw.call(hundred, 1));
                ThreadHops.measure("brane asyncBatch100", n / 10, report, () -> {
                    CompletableFuture<?>[] f = new CompletableFuture[100];
                    for (int i = 0; i < f.length; i++) {
                        f[i] = brane.sendAsyncBatch("eth_chainId", none);
                    }
                    return WebSocketRpcBenchmark.joinAll(f);
                });
                ThreadHops.measure("brane jsonBatch100", n / 10, report, () -> brane.sendBatch(WebSocketRpcBenchmark.BATCH_100)
                        .getLast().join());
                ThreadHops.measure("web3j jsonBatch100", n / 10, report, () -> WebSocketRpcBenchmark.web3jBatch(web3j, 100));
            }
            web3j.shutdown();
            Web3jThreads.release();
        }
    }
}
