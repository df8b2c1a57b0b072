package sh.brane.benchmarks;

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

import sh.brane.rpc.TransportType;
import sh.brane.rpc.WaitStrategyType;
import sh.brane.rpc.WebSocketConfig;
import sh.brane.rpc.WebSocketProvider;

import tools.jackson.databind.JsonNode;

/**
 * Brane's WebSocket settings against each other on the stub server: transport (native epoll vs Java NIO), the
 * callback executor, and the ring writer's wait strategy; the defaults are {@code AUTO} (epoll here), the provider's
 * virtual-thread executor, and {@code BLOCKING}. No web3j twin: this is the tuning table.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class WebSocketTuningBenchmark {

    @Param({"AUTO", "NIO", "EPOLL"})
    public TransportType transport;

    /** How the connection's ring writer waits for calls ({@code WebSocketConfig.waitStrategy}). */
    @Param({"BLOCKING", "LITE_BLOCKING", "SLEEPING", "YIELDING", "BUSY_SPIN"})
    public WaitStrategyType waitStrategy;

    /**
     * Where futures complete: {@code default} (the provider's own virtual-thread executor) or {@code direct}
     * ({@code Runnable::run}: on the Netty I/O thread; only for callbacks that never block).
     */
    @Param({"default", "direct"})
    public String callbacks;

    @Param({"stub"})
    public String node;

    private Node endpoint;
    private WebSocketProvider brane;

    @Setup(Level.Trial)
    public void setUp() {
        endpoint = Node.start(node);
        WebSocketConfig.Builder config = WebSocketConfig.builder(endpoint.wsUrl())
                .transport(transport)
                .waitStrategy(waitStrategy);
        if (callbacks.equals("direct")) {
            config.callbackExecutor(Runnable::run);
        } else if (!callbacks.equals("default")) {
            throw new IllegalArgumentException("callbacks must be default or direct, got " + callbacks);
        }
        brane = WebSocketProvider.create(config.build());
        Twins.same("eth_chainId", Node.CHAIN_ID_HEX, braneSequential().asString());
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (brane != null) {
            brane.close();
        }
        if (endpoint != null) {
            endpoint.close();
        }
    }

    @Benchmark
    public JsonNode braneSequential() {
        return brane.send(WebSocketRpcBenchmark.METHOD, WebSocketRpcBenchmark.NO_PARAMS);
    }

    @Benchmark
    @OperationsPerInvocation(100)
    public Object braneInFlight100() {
        @SuppressWarnings("unchecked")
        CompletableFuture<JsonNode>[] futures = new CompletableFuture[100];
        for (int i = 0; i < futures.length; i++) {
            futures[i] = brane.sendAsync(WebSocketRpcBenchmark.METHOD, WebSocketRpcBenchmark.NO_PARAMS);
        }
        return WebSocketRpcBenchmark.joinAll(futures);
    }

    @Benchmark
    @OperationsPerInvocation(100)
    public Object braneAsyncBatch100() {
        @SuppressWarnings("unchecked")
        CompletableFuture<JsonNode>[] futures = new CompletableFuture[100];
        for (int i = 0; i < futures.length; i++) {
            futures[i] = brane.sendAsyncBatch(WebSocketRpcBenchmark.METHOD, WebSocketRpcBenchmark.NO_PARAMS);
        }
        return WebSocketRpcBenchmark.joinAll(futures);
    }
}
