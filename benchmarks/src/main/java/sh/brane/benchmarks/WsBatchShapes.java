package sh.brane.benchmarks;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLongArray;

import sh.brane.rpc.BraneMetrics;
import sh.brane.rpc.RpcCall;
import sh.brane.rpc.WebSocketConfig;
import sh.brane.rpc.WebSocketProvider;

/**
 * How the WebSocket provider's writes are shaped in the {@link WebSocketRpcBenchmark} batch rows: for 100
 * {@code sendAsyncBatch} calls and for a JSON batch of 100 ({@code sendBatch}), the number of socket writes per
 * invocation and how many calls each carried ({@link BraneMetrics#onBatchSize}, one report per drain pass). A
 * {@code sendAsyncBatch} burst that leaves in more than one write costs the node more messages than the JSON batch's
 * one: this tells whether that explains a gap between the two rows against a node (Anvil) that shares the cores.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar sh.brane.benchmarks.WsBatchShapes [stub|anvil]
 * [invocations]}.
 */
public final class WsBatchShapes {

    private WsBatchShapes() {
    }

    /** Counts the calls per write in buckets: 1, 2-9, 10-49, 50-99, 100, over 100. */
    static final class Shapes implements BraneMetrics {
        static final String[] BUCKETS = {"1", "2-9", "10-49", "50-99", "100", ">100"};
        final AtomicLongArray writes = new AtomicLongArray(BUCKETS.length);

        @Override
        public void onBatchSize(int size) {
            int b = size == 1 ? 0 : size < 10 ? 1 : size < 50 ? 2 : size < 100 ? 3 : size == 100 ? 4 : 5;
            writes.incrementAndGet(b);
        }

        String report(String row, int invocations) {
            long w = 0;
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < BUCKETS.length; i++) {
                w += writes.get(i);
                sb.append(String.format(" %s:%d", BUCKETS[i], writes.get(i)));
            }
            return String.format("%-22s %.2f writes per invocation; writes by calls carried:%s", row,
                    (double) w / invocations, sb);
        }

        void reset() {
            for (int i = 0; i < BUCKETS.length; i++) {
                writes.set(i, 0);
            }
        }
    }

    public static void main(String[] args) throws Exception {
        String kind = args.length > 0 ? args[0] : "stub";
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 3_000;
        Shapes shapes = new Shapes();
        List<Object> none = List.of();
        List<RpcCall> hundred = WebSocketRpcBenchmark.BATCH_100;
        try (Node node = Node.start(kind);
             WebSocketProvider brane = WebSocketProvider.create(WebSocketConfig.builder(node.wsUrl()).build())) {
            brane.setMetrics(shapes);
            for (int round = 0; round < 3; round++) { // the first round warms up
                shapes.reset();
                for (int k = 0; k < n; k++) {
                    CompletableFuture<?>[] f = new CompletableFuture[100];
                    for (int i = 0; i < f.length; i++) {
                        f[i] = brane.sendAsyncBatch(WebSocketRpcBenchmark.METHOD, none);
                    }
                    WebSocketRpcBenchmark.joinAll(f);
                }
                String async = shapes.report("sendAsyncBatch x100", n);
                shapes.reset();
                for (int k = 0; k < n; k++) {
                    WebSocketRpcBenchmark.joinAll(brane.sendBatch(hundred).toArray(new CompletableFuture[0]));
                }
                if (round > 0) {
                    System.out.println(kind + " round " + round + ": " + async);
                    System.out.println(kind + " round " + round + ": " + shapes.report("sendBatch of 100", n));
                }
            }
        }
    }
}
