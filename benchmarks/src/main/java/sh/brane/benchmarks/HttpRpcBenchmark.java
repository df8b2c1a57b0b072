package sh.brane.benchmarks;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.core.BatchResponse;
import org.web3j.protocol.core.methods.response.EthChainId;
import org.web3j.protocol.http.HttpService;

import sh.brane.rpc.HttpConfig;
import sh.brane.rpc.HttpProvider;

import tools.jackson.databind.JsonNode;

/**
 * JSON-RPC {@code eth_chainId} over HTTP/1.1: Brane's {@link HttpProvider} (default settings) against
 * {@code Web3j.build(new HttpService(url))} (OkHttp, default settings), same node ({@code node=stub}: the in-process
 * {@link StubRpcServer}; {@code node=anvil}: a real Anvil process). What each Brane row exercises:
 *
 * <ul>
 *   <li>{@code sequential}: one blocking {@code send} at a time per JMH thread (the asynchronous call, joined).</li>
 *   <li>{@code batch100}: one JSON-RPC batch array of 100 calls ({@code sendBatch} / {@code BatchRequest}), then a
 *       {@code join} of each future; score per call. {@code braneBatch100Blocking} sends it with
 *       {@code sendBatchAndWait}, blocking as web3j's {@code send()} does.</li>
 *   <li>{@code virtual100}: 100 virtual threads each make one blocking call, then all are awaited; score per call.</li>
 * </ul>
 * {@code rawSequential} and {@code rawBatch100} are the floor ({@link RawSocketClient}: prebuilt request bytes on
 * one blocking socket, the answer read by length and not parsed), to show how far each client is from it;
 * {@code rawPollSequential} and {@code rawPollBatch100} the same, polling for the answer instead of sleeping in the read.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class HttpRpcBenchmark {

    @Param({"stub"})
    public String node;

    private Node endpoint;
    private HttpProvider brane;
    private Web3j web3j;
    /** web3j's polling scheduler, ours so that tear-down can stop it (web3j's default one outlives shutdown()). */
    private final java.util.concurrent.ScheduledExecutorService w3Scheduler =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "web3j-poll");
                t.setDaemon(true);
                return t;
            });
    private ExecutorService virtualThreads;
    private RawSocketClient raw;
    private RawSocketClient rawPoll;
    private byte[] rawOne;
    private byte[] rawBatch;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        CallCpu setupCpu = new CallCpu();
        endpoint = Node.start(node);
        brane = HttpProvider.create(HttpConfig.builder(endpoint.httpUrl()).build());
        web3j = Web3j.build(new HttpService(endpoint.httpUrl()), 15_000, w3Scheduler);
        virtualThreads = Executors.newVirtualThreadPerTaskExecutor();
        raw = new RawSocketClient(endpoint.httpUrl());
        rawPoll = new RawSocketClient(endpoint.httpUrl(), true);
        rawOne = RawSocketClient.request(endpoint.httpUrl(), "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_chainId\",\"params\":[]}");
        StringBuilder batch = new StringBuilder("[");
        for (int i = 0; i < 100; i++) {
            batch.append(i == 0 ? "" : ",").append("{\"jsonrpc\":\"2.0\",\"id\":").append(i + 1)
                    .append(",\"method\":\"eth_chainId\",\"params\":[]}");
        }
        rawBatch = RawSocketClient.request(endpoint.httpUrl(), batch.append(']').toString());
        if (rawSequential(setupCpu) < 30 || rawBatch100(setupCpu) < 3000 || rawPollSequential(setupCpu) < 30
                || rawPollBatch100(setupCpu) < 3000) {
            throw new IllegalStateException("the raw client read a short answer");
        }
        Twins.same("http eth_chainId", braneSequential(setupCpu).asString(), web3jSequential(setupCpu).getResult());
        Twins.same("http eth_chainId value", Node.CHAIN_ID_HEX, web3jSequential(setupCpu).getResult());
        braneBatch100(setupCpu);
        braneBatch100Blocking(setupCpu);
        web3jBatch100(setupCpu);
        braneVirtual100(setupCpu);
        web3jVirtual100(setupCpu);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (virtualThreads != null) {
            virtualThreads.close();
        }
        for (RawSocketClient r : new RawSocketClient[] {raw, rawPoll}) {
            if (r != null) {
                try {
                    r.close();
                } catch (java.io.IOException e) {
                    // closing a socket to a node that is stopping next
                }
            }
        }
        if (brane != null) {
            brane.close();
        }
        if (web3j != null) {
            Web3jThreads.shutdown(web3j, w3Scheduler);
        }
        if (endpoint != null) {
            endpoint.close();
        }
    }

    @Benchmark
    public JsonNode braneSequential(CallCpu cpu) {
        cpu.begin();
        try {
            return brane.send(WebSocketRpcBenchmark.METHOD, WebSocketRpcBenchmark.NO_PARAMS);
        } finally {
            cpu.end();
        }
    }

    @Benchmark
    public EthChainId web3jSequential(CallCpu cpu) throws Exception {
        cpu.begin();
        try {
            return web3j.ethChainId().send();
        } finally {
            cpu.end();
        }
    }

    @Benchmark
    public int rawSequential(CallCpu cpu) throws java.io.IOException {
        cpu.begin();
        try {
            return raw.call(rawOne);
        } finally {
            cpu.end();
        }
    }

    @Benchmark
    @OperationsPerInvocation(100)
    public int rawBatch100(CallCpu cpu) throws java.io.IOException {
        cpu.begin();
        try {
            return raw.call(rawBatch);
        } finally {
            cpu.end();
        }
    }

    /** The polling floor ({@link RawSocketClient} made with {@code poll}): one call. */
    @Benchmark
    public int rawPollSequential(CallCpu cpu) throws java.io.IOException {
        cpu.begin();
        try {
            return rawPoll.call(rawOne);
        } finally {
            cpu.end();
        }
    }

    /** The polling floor: a batch of 100. */
    @Benchmark
    @OperationsPerInvocation(100)
    public int rawPollBatch100(CallCpu cpu) throws java.io.IOException {
        cpu.begin();
        try {
            return rawPoll.call(rawBatch);
        } finally {
            cpu.end();
        }
    }

    @Benchmark
    @OperationsPerInvocation(100)
    public Object braneBatch100(CallCpu cpu) {
        cpu.begin();
        try {
            return lastOf(brane.sendBatch(WebSocketRpcBenchmark.BATCH_100));
        } finally {
            cpu.end();
        }
    }

    /** The same batch through {@code sendBatchAndWait}, which blocks as web3j's {@code BatchRequest.send()} does. */
    @Benchmark
    @OperationsPerInvocation(100)
    public Object braneBatch100Blocking(CallCpu cpu) {
        cpu.begin();
        try {
            return lastOf(brane.sendBatchAndWait(WebSocketRpcBenchmark.BATCH_100));
        } finally {
            cpu.end();
        }
    }

    @Benchmark
    @OperationsPerInvocation(100)
    public BatchResponse web3jBatch100(CallCpu cpu) {
        cpu.begin();
        try {
            return WebSocketRpcBenchmark.web3jBatch(web3j, 100);
        } finally {
            cpu.end();
        }
    }

    @Benchmark
    @OperationsPerInvocation(100)
    public Object braneVirtual100(CallCpu cpu) throws Exception {
        cpu.begin();
        try {
            return onVirtualThreads(() -> brane.send(WebSocketRpcBenchmark.METHOD, WebSocketRpcBenchmark.NO_PARAMS));
        } finally {
            cpu.end();
        }
    }

    @Benchmark
    @OperationsPerInvocation(100)
    public Object web3jVirtual100(CallCpu cpu) throws Exception {
        cpu.begin();
        try {
            return onVirtualThreads(() -> web3j.ethChainId().send());
        } finally {
            cpu.end();
        }
    }

    /** Waits for every answer (an error throws); returns the last. */
    private static JsonNode lastOf(List<CompletableFuture<JsonNode>> futures) {
        JsonNode last = null;
        for (CompletableFuture<JsonNode> f : futures) {
            last = f.join();
        }
        return last;
    }

    private Object onVirtualThreads(java.util.concurrent.Callable<?> call) throws Exception {
        @SuppressWarnings("unchecked")
        Future<Object>[] futures = new Future[100];
        for (int i = 0; i < futures.length; i++) {
            futures[i] = (Future<Object>) virtualThreads.submit(call);
        }
        Object last = null;
        for (Future<Object> f : futures) {
            last = f.get();
        }
        return last;
    }
}
