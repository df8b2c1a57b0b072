package sh.brane.rpc;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import tools.jackson.databind.JsonNode;

import sh.brane.rpc.core.JsonRpcReader;
import sh.brane.rpc.core.ResponseSink;

/**
 * What parsing one HTTP batch answer of 100 {@code eth_chainId} results costs the parsing thread
 * ({@link JsonRpcReader#read(byte[], int, int, ResponseSink)}, the fast path of {@link CursorAnswer}), per answer, in
 * CPU time of this thread alone: the event loop's share of {@code HttpRpcBenchmark.braneBatch100} that is answer
 * parsing, without the stub, the sockets and the futures, so that a parser change can be compared on a shared machine.
 * Prints the minimum, first quartile and median of rounds of 5,000 parses (after 10 rounds of warm-up); the minimum
 * is the steadiest under load. In this package because the reader is package-private.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar sh.brane.rpc.BatchParseCost [rounds]}.
 */
public final class BatchParseCost {

    private static final int PARSES_PER_ROUND = 5_000;
    private static final int WARM_UP_ROUNDS = 10;

    private BatchParseCost() {
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 60;
        StringBuilder json = new StringBuilder("[");
        for (int i = 0; i < 100; i++) {
            json.append(i == 0 ? "" : ",").append("{\"jsonrpc\":\"2.0\",\"id\":").append(1000 + i)
                    .append(",\"result\":\"0x7a69\"}");
        }
        byte[] batch = json.append(']').toString().getBytes(StandardCharsets.UTF_8);
        long[] sum = new long[1];
        ResponseSink sink = new ResponseSink() {
            @Override public void onResult(long id, JsonNode result) { sum[0] += id + result.asString().length(); }
            @Override public void onError(long id, int code, String message, JsonNode data) { fail(message); }
            @Override public void onNotification(String subscriptionId, JsonNode result) { fail(subscriptionId); }
            @Override public void onInvalid(long id, String reason) { fail(reason); }
            @Override public void onUnmatched(String reason) { fail(reason); }
        };
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        double[] perAnswer = new double[rounds];
        for (int round = -WARM_UP_ROUNDS; round < rounds; round++) {
            long start = threads.getCurrentThreadCpuTime();
            for (int i = 0; i < PARSES_PER_ROUND; i++) {
                JsonRpcReader.read(batch, 0, batch.length, sink);
            }
            if (round >= 0) {
                perAnswer[round] = (threads.getCurrentThreadCpuTime() - start) / (PARSES_PER_ROUND * 100.0);
            }
        }
        Arrays.sort(perAnswer);
        System.out.printf("CPU per answer: min %.1f ns, p25 %.1f ns, median %.1f ns (%d rounds; checksum %d)%n",
                perAnswer[0], perAnswer[rounds / 4], perAnswer[rounds / 2], rounds, sum[0] % 1000);
    }

    private static void fail(String what) {
        throw new IllegalStateException("the batch answer was not read as results: " + what);
    }
}
