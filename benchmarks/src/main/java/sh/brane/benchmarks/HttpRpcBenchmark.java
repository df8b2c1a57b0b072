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
 * JSON-RPC {@code eth_chainId} over HTTP/1.1: Brane's {@link HttpProvider} (JDK HttpClient on virtual threads,
 * default settings) against {@code Web3j.build(new HttpService(url))} (OkHttp, default settings), same node.
 *
 * <ul>
 *   <li>{@code sequential}: one blocking call at a time per JMH thread.</li>
 *   <li>{@code batch100}: one JSON-RPC batch array of 100 calls ({@code sendBatch} / {@code BatchRequest}); score per call.</li>
 *   <li>{@code virtual100}: 100 virtual threads each make one blocking call, then all are awaited; score per call.</li>
 * </ul>
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

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        endpoint = Node.start(node);
        brane = HttpProvider.create(HttpConfig.builder(endpoint.httpUrl()).build());
        web3j = Web3j.build(new HttpService(endpoint.httpUrl()), 15_000, w3Scheduler);
        virtualThreads = Executors.newVirtualThreadPerTaskExecutor();
        Twins.same("http eth_chainId", braneSequential().asString(), web3jSequential().getResult());
        Twins.same("http eth_chainId value", Node.CHAIN_ID_HEX, web3jSequential().getResult());
        braneBatch100();
        web3jBatch100();
        braneVirtual100();
        web3jVirtual100();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (virtualThreads != null) {
            virtualThreads.close();
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
    public JsonNode braneSequential() {
        return brane.send(WebSocketRpcBenchmark.METHOD, WebSocketRpcBenchmark.NO_PARAMS);
    }

    @Benchmark
    public EthChainId web3jSequential() throws Exception {
        return web3j.ethChainId().send();
    }

    @Benchmark
    @OperationsPerInvocation(100)
    public Object braneBatch100() {
        List<CompletableFuture<JsonNode>> futures = brane.sendBatch(WebSocketRpcBenchmark.BATCH_100);
        JsonNode last = null;
        for (CompletableFuture<JsonNode> f : futures) {
            last = f.join();
        }
        return last;
    }

    @Benchmark
    @OperationsPerInvocation(100)
    public BatchResponse web3jBatch100() {
        return WebSocketRpcBenchmark.web3jBatch(web3j, 100);
    }

    @Benchmark
    @OperationsPerInvocation(100)
    public Object braneVirtual100() throws Exception {
        return onVirtualThreads(() -> brane.send(WebSocketRpcBenchmark.METHOD, WebSocketRpcBenchmark.NO_PARAMS));
    }

    @Benchmark
    @OperationsPerInvocation(100)
    public Object web3jVirtual100() throws Exception {
        return onVirtualThreads(() -> web3j.ethChainId().send());
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
