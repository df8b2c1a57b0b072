package sh.brane.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
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
import org.web3j.protocol.core.BatchRequest;
import org.web3j.protocol.core.BatchResponse;
import org.web3j.protocol.core.methods.response.EthChainId;
import org.web3j.protocol.websocket.WebSocketService;

import sh.brane.rpc.RpcCall;
import sh.brane.rpc.WebSocketConfig;
import sh.brane.rpc.WebSocketProvider;

import tools.jackson.databind.JsonNode;

/**
 * JSON-RPC {@code eth_chainId} over one WebSocket connection per client: Brane's {@link WebSocketProvider}
 * (default settings but the ring's {@code waitStrategy}, a parameter) against
 * {@code Web3j.build(new WebSocketService(url))}, both against the same node ({@code node=stub}: {@link StubRpcServer};
 * {@code node=anvil}: a real Anvil; {@code node=remote}: that Anvil behind a 1 ms-each-way {@link DelayProxy}). One
 * client is shared by all JMH threads ({@code -t}), as an application shares one.
 *
 * <ul>
 *   <li>{@code sequential}: {@code send} and wait, one call at a time per thread (the asynchronous call, joined).
 *       {@code braneSharedSequential}: the same on a provider built with {@code callerThreadConnections(0)}, a
 *       setting that is now ignored, so both rows run the same path.</li>
 *   <li>{@code inFlight10}, {@code inFlight100}: {@code sendAsync} 10 / 100 calls, then wait for all (score per call).</li>
 *   <li>{@code asyncBatch100}: Brane {@code sendAsyncBatch} (Disruptor ring, coalesced writes) 100 times, then wait;
 *       web3j's nearest form is its {@code BatchRequest} of 100 (one JSON array). Score per call.</li>
 *   <li>{@code jsonBatch100}: one JSON-RPC batch array of 100 ({@code sendBatch} / {@code BatchRequest}). Score per call.</li>
 * </ul>
 * The {@code raw*} rows are the floor ({@link RawWebSocketClient}: prebuilt masked frames on one blocking socket,
 * answers read by their length and not parsed): {@code rawSequential} one frame at a time, {@code rawInFlight10} and
 * {@code rawInFlight100} 10 / 100 frames written at once and then their answers read (pipelined), and
 * {@code rawJsonBatch100} the 100-call batch as one frame, which is also the floor of {@code asyncBatch100}. Every
 * row records the process CPU per invocation ({@link CallCpu}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class WebSocketRpcBenchmark {

    static final String METHOD = "eth_chainId";
    static final List<Object> NO_PARAMS = List.of();
    static final List<RpcCall> BATCH_100 = batch(100);

    @Param({"stub"})
    public String node;

    /** The ring's wait strategy of the Brane provider ({@code WebSocketConfig.waitStrategy}); web3j has none. */
    @Param({"BLOCKING"})
    public sh.brane.rpc.WaitStrategyType waitStrategy;

    private Node endpoint;
    private RawWebSocketClient raw;
    private byte[] rawOne;
    private byte[] rawTen;
    private byte[] rawHundred;
    private byte[] rawBatch;
    private WebSocketProvider brane;
    private WebSocketProvider braneShared;
    private WebSocketService w3Service;
    private Web3j web3j;
    /** web3j's polling scheduler, ours so that tear-down can stop it (web3j's default one outlives shutdown()). */
    private final java.util.concurrent.ScheduledExecutorService w3Scheduler =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "web3j-poll");
                t.setDaemon(true);
                return t;
            });

    static List<RpcCall> batch(int n) {
        List<RpcCall> calls = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            calls.add(new RpcCall(METHOD, NO_PARAMS));
        }
        return List.copyOf(calls);
    }

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        CallCpu setupCpu = new CallCpu();
        endpoint = Node.start(node);
        raw = new RawWebSocketClient(endpoint.wsUrl());
        rawOne = RawWebSocketClient.frames(List.of(RawWebSocketClient.request(1, METHOD)));
        rawTen = RawWebSocketClient.frames(requests(10));
        rawHundred = RawWebSocketClient.frames(requests(100));
        rawBatch = RawWebSocketClient.frames(List.of("[" + String.join(",", requests(100)) + "]"));
        if (rawSequential(setupCpu) < 30 || rawInFlight10(setupCpu) < 300 || rawInFlight100(setupCpu) < 3000
                || rawJsonBatch100(setupCpu) < 3000) {
            throw new IllegalStateException("the raw client read a short answer");
        }
        brane = WebSocketProvider.create(WebSocketConfig.builder(endpoint.wsUrl()).waitStrategy(waitStrategy).build());
        braneShared = WebSocketProvider.create(WebSocketConfig.builder(endpoint.wsUrl())
                .callerThreadConnections(0).build());
        Twins.same("ws eth_chainId (shared connection)", braneSharedSequential(setupCpu).asString(),
                braneSequential(setupCpu).asString());
        w3Service = new WebSocketService(endpoint.wsUrl(), false);
        w3Service.connect();
        web3j = Web3j.build(w3Service, 15_000, w3Scheduler);
        Twins.same("ws eth_chainId", braneSequential(setupCpu).asString(), web3jSequential(setupCpu).getResult());
        Twins.same("ws eth_chainId value", Node.CHAIN_ID_HEX, web3jSequential(setupCpu).getResult());
        braneInFlight100(setupCpu);
        web3jInFlight100(setupCpu);
        braneAsyncBatch100(setupCpu);
        web3jAsyncBatch100(setupCpu);
        braneJsonBatch100(setupCpu);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (raw != null) {
            try {
                raw.close();
            } catch (java.io.IOException e) {
                // closing a socket to a node that is stopping next
            }
        }
        if (brane != null) {
            brane.close();
        }
        if (braneShared != null) {
            braneShared.close();
        }
        if (web3j != null) {
            Web3jThreads.shutdown(web3j, w3Service, w3Scheduler);
        }
        if (endpoint != null) {
            endpoint.close();
        }
    }

    @Benchmark
    public JsonNode braneSequential(CallCpu cpu) {
        cpu.begin();
        try {
            return brane.send(METHOD, NO_PARAMS);
        } finally {
            cpu.end();
        }
    }

    @Benchmark
    public JsonNode braneSharedSequential(CallCpu cpu) {
        cpu.begin();
        try {
            return braneShared.send(METHOD, NO_PARAMS);
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
    @OperationsPerInvocation(10)
    public Object braneInFlight10(CallCpu cpu) {
        cpu.begin();
        try {
            return braneAsync(10);
        } finally {
            cpu.end();
        }
    }

    @Benchmark
    @OperationsPerInvocation(10)
    public Object web3jInFlight10(CallCpu cpu) {
        cpu.begin();
        try {
            return web3jAsync(10);
        } finally {
            cpu.end();
        }
    }

    @Benchmark
    @OperationsPerInvocation(100)
    public Object braneInFlight100(CallCpu cpu) {
        cpu.begin();
        try {
            return braneAsync(100);
        } finally {
            cpu.end();
        }
    }

    @Benchmark
    @OperationsPerInvocation(100)
    public Object web3jInFlight100(CallCpu cpu) {
        cpu.begin();
        try {
            return web3jAsync(100);
        } finally {
            cpu.end();
        }
    }

    @Benchmark
    @OperationsPerInvocation(100)
    public Object braneAsyncBatch100(CallCpu cpu) {
        cpu.begin();
        try {
            @SuppressWarnings("unchecked")
            CompletableFuture<JsonNode>[] futures = new CompletableFuture[100];
            for (int i = 0; i < futures.length; i++) {
                futures[i] = brane.sendAsyncBatch(METHOD, NO_PARAMS);
            }
            return joinAll(futures);
        } finally {
            cpu.end();
        }
    }

    @Benchmark
    @OperationsPerInvocation(100)
    public BatchResponse web3jAsyncBatch100(CallCpu cpu) {
        cpu.begin();
        try {
            return web3jBatch(web3j, 100);
        } finally {
            cpu.end();
        }
    }

    @Benchmark
    @OperationsPerInvocation(100)
    public Object braneJsonBatch100(CallCpu cpu) {
        cpu.begin();
        try {
            List<CompletableFuture<JsonNode>> futures = brane.sendBatch(BATCH_100);
            JsonNode last = null;
            for (CompletableFuture<JsonNode> f : futures) {
                last = f.join();
            }
            return last;
        } finally {
            cpu.end();
        }
    }

    @Benchmark
    @OperationsPerInvocation(100)
    public BatchResponse web3jJsonBatch100(CallCpu cpu) {
        cpu.begin();
        try {
            return web3jBatch(web3j, 100);
        } finally {
            cpu.end();
        }
    }

    @Benchmark
    public int rawSequential(CallCpu cpu) throws java.io.IOException {
        cpu.begin();
        try {
            return raw.call(rawOne, 1);
        } finally {
            cpu.end();
        }
    }

    @Benchmark
    @OperationsPerInvocation(10)
    public int rawInFlight10(CallCpu cpu) throws java.io.IOException {
        cpu.begin();
        try {
            return raw.call(rawTen, 10);
        } finally {
            cpu.end();
        }
    }

    @Benchmark
    @OperationsPerInvocation(100)
    public int rawInFlight100(CallCpu cpu) throws java.io.IOException {
        cpu.begin();
        try {
            return raw.call(rawHundred, 100);
        } finally {
            cpu.end();
        }
    }

    @Benchmark
    @OperationsPerInvocation(100)
    public int rawJsonBatch100(CallCpu cpu) throws java.io.IOException {
        cpu.begin();
        try {
            return raw.call(rawBatch, 1);
        } finally {
            cpu.end();
        }
    }

    /** {@code n} requests under ids 1..n. */
    private static List<String> requests(int n) {
        List<String> out = new ArrayList<>(n);
        for (int i = 1; i <= n; i++) {
            out.add(RawWebSocketClient.request(i, METHOD));
        }
        return out;
    }

    private Object braneAsync(int n) {
        @SuppressWarnings("unchecked")
        CompletableFuture<JsonNode>[] futures = new CompletableFuture[n];
        for (int i = 0; i < n; i++) {
            futures[i] = brane.sendAsync(METHOD, NO_PARAMS);
        }
        return joinAll(futures);
    }

    private Object web3jAsync(int n) {
        @SuppressWarnings("unchecked")
        CompletableFuture<EthChainId>[] futures = new CompletableFuture[n];
        for (int i = 0; i < n; i++) {
            futures[i] = web3j.ethChainId().sendAsync();
        }
        return joinAll(futures);
    }

    static Object joinAll(CompletableFuture<?>[] futures) {
        Object last = null;
        for (CompletableFuture<?> f : futures) {
            last = f.join();
        }
        return last;
    }

    static BatchResponse web3jBatch(Web3j web3j, int n) {
        BatchRequest batch = web3j.newBatch();
        for (int i = 0; i < n; i++) {
            batch.add(web3j.ethChainId());
        }
        try {
            BatchResponse response = batch.send();
            if (response.getResponses().size() != n) {
                throw new IllegalStateException("web3j batch returned " + response.getResponses().size() + " of " + n);
            }
            return response;
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
