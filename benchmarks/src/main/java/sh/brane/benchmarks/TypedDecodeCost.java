package sh.brane.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@link TypedDecodeBenchmark}'s cases timed in CPU time of the decoding thread alone, so that a reader change can
 * be compared on a shared machine where wall-clock throughput swings with the neighbours' load. Prints, per case, the
 * minimum, first quartile and median of rounds of 200 decodes (after 10 rounds of warm-up), in microseconds per
 * decode; the minimum is the steadiest under load.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar sh.brane.benchmarks.TypedDecodeCost [rounds] [regex]}.
 */
public final class TypedDecodeCost {

    private static final int DECODES_PER_ROUND = 200;
    private static final CallCpu CPU = new CallCpu();
    private static final int WARM_UP_ROUNDS = 10;

    private TypedDecodeCost() {
    }

    /** The floor: the cursor passing over the answer, every value's grammar checked, nothing decoded. */
    private static Object skip(byte[] answer) {
        sh.brane.rpc.JsonCursor c = sh.brane.rpc.JsonCursor.over(answer, 0, answer.length);
        c.skipValue();
        return c;
    }

    private static final sh.brane.rpc.ResultDecoder<?> FULL_BLOCK = sh.brane.client.CursorDecoders.fullBlockDecoder();

    /** The whole answer through the transport's reader ({@code JsonRpcReader}), as the event loop hands it over. */
    private static Object route(io.netty.buffer.ByteBuf answer) {
        Object[] out = new Object[1];
        sh.brane.rpc.core.JsonRpcReader.read(answer, new sh.brane.rpc.core.ResponseSink() {
            @Override public sh.brane.rpc.ResultDecoder<?> decoderFor(long id) { return FULL_BLOCK; }
            @Override public void onDecoded(long id, Object value) { out[0] = value; }
            @Override public void onResult(long id, tools.jackson.databind.JsonNode result) { throw fail(); }
            @Override public void onError(long id, int code, String message, tools.jackson.databind.JsonNode d) {
                throw fail();
            }
            @Override public void onNotification(String s, tools.jackson.databind.JsonNode r) { throw fail(); }
            @Override public void onInvalid(long id, String reason) { throw fail(); }
            @Override public void onUnmatched(String reason) { throw fail(); }
        });
        if (out[0] == null) {
            throw fail();
        }
        return out[0];
    }

    private static IllegalStateException fail() {
        return new IllegalStateException("the answer did not decode");
    }

    private static byte[] framedBlock() {
        byte[] head = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] out = java.util.Arrays.copyOf(head, head.length + CannedAnswers.BLOCK.length + 1);
        System.arraycopy(CannedAnswers.BLOCK, 0, out, head.length, CannedAnswers.BLOCK.length);
        out[out.length - 1] = '}';
        return out;
    }

    /** The answer as an HTTP aggregator holds it: direct buffers of 8 KiB in one composite (no backing array). */
    private static io.netty.buffer.ByteBuf chunked(byte[] answer) {
        io.netty.buffer.CompositeByteBuf c = io.netty.buffer.Unpooled.compositeBuffer(Integer.MAX_VALUE);
        for (int i = 0; i < answer.length; i += 8192) {
            int n = Math.min(8192, answer.length - i);
            io.netty.buffer.ByteBuf part = io.netty.buffer.Unpooled.directBuffer(n);
            part.writeBytes(answer, i, n);
            c.addComponent(true, part);
        }
        return c;
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        String only = args.length > 1 ? args[1] : ".*";
        System.out.printf("answers: full block %,d B, receipts %,d B, logs %,d B%n", CannedAnswers.BLOCK.length,
                CannedAnswers.RECEIPTS.length, CannedAnswers.LOG_LIST.length);
        TypedDecodeBenchmark b = new TypedDecodeBenchmark();
        b.setUp();
        Map<String, Callable<Object>> cases = new LinkedHashMap<>();
        cases.put("skipFullBlock", () -> skip(CannedAnswers.BLOCK));
        cases.put("braneFullBlock", () -> b.braneFullBlock(CPU));
        byte[] framed = framedBlock();
        cases.put("readerFullBlockHeap", () -> route(io.netty.buffer.Unpooled.wrappedBuffer(framed)));
        io.netty.buffer.ByteBuf composite = chunked(framed);
        cases.put("readerFullBlockComposite", () -> route(composite));
        cases.put("web3jFullBlock", () -> b.web3jFullBlock(CPU));
        cases.put("skipBlockReceipts", () -> skip(CannedAnswers.RECEIPTS));
        cases.put("braneBlockReceipts", () -> b.braneBlockReceipts(CPU));
        cases.put("web3jBlockReceipts", () -> b.web3jBlockReceipts(CPU));
        cases.put("skipLogs", () -> skip(CannedAnswers.LOG_LIST));
        cases.put("braneLogs", () -> b.braneLogs(CPU));
        cases.put("web3jLogs", () -> b.web3jLogs(CPU));
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long sink = 0;
        for (var e : cases.entrySet()) {
            if (!e.getKey().matches(only)) {
                continue;
            }
            double[] micros = new double[rounds];
            for (int round = -WARM_UP_ROUNDS; round < rounds; round++) {
                long start = threads.getCurrentThreadCpuTime();
                for (int i = 0; i < DECODES_PER_ROUND; i++) {
                    sink += System.identityHashCode(e.getValue().call());
                }
                if (round >= 0) {
                    micros[round] = (threads.getCurrentThreadCpuTime() - start) / (DECODES_PER_ROUND * 1000.0);
                }
            }
            Arrays.sort(micros);
            System.out.printf("%-20s CPU per decode: min %7.1f us, p25 %7.1f us, median %7.1f us%n", e.getKey(),
                    micros[0], micros[rounds / 4], micros[rounds / 2]);
        }
        System.out.println("(checksum " + (sink & 0xff) + ")");
    }
}
