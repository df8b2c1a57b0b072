package sh.brane.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
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
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.FunctionReturnDecoder;
import org.web3j.abi.TypeReference;
import org.web3j.abi.datatypes.Function;
import org.web3j.abi.datatypes.Type;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.core.BatchRequest;
import org.web3j.protocol.core.BatchResponse;
import org.web3j.protocol.core.DefaultBlockParameterName;
import org.web3j.protocol.core.Response;
import org.web3j.protocol.core.methods.request.Transaction;
import org.web3j.protocol.core.methods.response.EthCall;
import org.web3j.protocol.http.HttpService;

import sh.brane.client.BraneClient;
import sh.brane.client.contract.AutoBatchingCaller;
import sh.brane.client.contract.BraneContracts;
import sh.brane.client.contract.CallResult;
import sh.brane.client.contract.ContractBinder;
import sh.brane.client.contract.Multicall3;
import sh.brane.client.contract.MulticallBatch;
import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;
import sh.brane.primitives.Keccak256;
import sh.brane.rpc.HttpConfig;
import sh.brane.rpc.HttpProvider;

/**
 * The dashboard task: 100 {@code balanceOf(holder)} reads of one token wanted at once, each library its best way,
 * one operation = one read (JMH's ops/s are reads/s; {@code -prof gc}'s bytes per op are bytes per read).
 *
 * <ul>
 *   <li>{@code braneFutures}: 100 calls of a contract-interface method returning {@code CompletableFuture<BigInteger>},
 *       then join; over HTTP the engine sends concurrent calls as JSON-RPC batches (default on).</li>
 *   <li>{@code braneMulticall}: an explicit {@link MulticallBatch} of 100 reads: one {@code eth_call} of
 *       {@code aggregate3}.</li>
 *   <li>{@code braneAutoMulticall}: the future reads through an opt-in {@link AutoBatchingCaller} (window 5 ms,
 *       100 calls): the 100th read fills the aggregate and sends it.</li>
 *   <li>{@code web3jSendAsync}: what a web3j user writes: 100 × ({@code FunctionEncoder.encode},
 *       {@code ethCall(...).sendAsync()}), join, {@code FunctionReturnDecoder.decode} each.</li>
 *   <li>{@code web3jBatch}: web3j's best effort, one JSON-RPC batch ({@code web3j.newBatch()}) of the 100 calls.</li>
 * </ul>
 * Against Anvil (the 42-byte contract of {@link ContractReadBenchmark}, Multicall3 installed from its published
 * runtime bytecode with {@code anvil_setCode}) and against {@link EchoRpcServer} (batches and aggregates answered).
 * Web3j has no Multicall3 support of its own, so it has no Multicall3 row.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ContractReadManyBenchmark {

    static final int READS = 100;
    /** Keccak-256 of the published Multicall3 runtime bytecode (the engine's tests check the same hash). */
    static final String MULTICALL3_CODEHASH = "0xd5c15df687b16f2ff992fc8d767b4216323184a2bbc6ee2f9c398c318e770891";

    @Param({"anvil", "echo"})
    public String node;

    /** The token interface with a read that does not wait. */
    public interface Erc20Async {
        CompletableFuture<BigInteger> balanceOf(Address holder);
    }

    private Node endpoint;
    private EchoRpcServer echo;
    private HttpProvider provider;
    private BraneClient client;
    private ContractReadBenchmark.Erc20 token;
    private Erc20Async tokenAsync;
    private AutoBatchingCaller autoCaller;
    private Erc20Async tokenAutoMulticall;
    private Web3j web3j;
    private final Address[] holders = new Address[READS];
    private final String[] holderHex = new String[READS];
    private final java.util.concurrent.ScheduledExecutorService w3Scheduler =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "web3j-poll");
                t.setDaemon(true);
                return t;
            });

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        String url;
        if (node.equals("echo")) {
            echo = new EchoRpcServer(ContractReadBenchmark.RUNTIME.substring(4, 68));
            url = echo.url();
        } else {
            endpoint = Node.start("anvil");
            url = endpoint.httpUrl();
        }
        provider = HttpProvider.create(HttpConfig.builder(url).build());
        if (endpoint != null) {
            provider.send("anvil_setCode", List.of(ContractReadBenchmark.TOKEN.toHex(), ContractReadBenchmark.RUNTIME));
            provider.send("anvil_setCode", List.of(Multicall3.ADDRESS.toHex(), "0x" + multicall3Runtime()));
        }
        client = new BraneClient(provider, Duration.ofMillis(50));
        if (endpoint != null) {
            Twins.same("Multicall3 code hash", MULTICALL3_CODEHASH,
                    Hex.encode(Keccak256.hash(client.getCode(Multicall3.ADDRESS))));
        }
        token = BraneContracts.bind(ContractReadBenchmark.Erc20.class, ContractReadBenchmark.ABI,
                ContractReadBenchmark.TOKEN, client);
        ContractBinder<Erc20Async> binder = BraneContracts.binder(Erc20Async.class, ContractReadBenchmark.ABI);
        tokenAsync = binder.bind(ContractReadBenchmark.TOKEN, client);
        autoCaller = Multicall3.autoBatching(client, Duration.ofMillis(5), READS);
        tokenAutoMulticall = binder.bind(ContractReadBenchmark.TOKEN, client, autoCaller);
        web3j = Web3j.build(new HttpService(url), 15_000, w3Scheduler);
        for (int i = 0; i < READS; i++) {
            holders[i] = Address.of(String.format("0x%040x", 0x7099_0000L + i));
            holderHex[i] = holders[i].toHex();
        }
        CallCpu cpu = new CallCpu();
        BigInteger expected = ContractReadBenchmark.ANSWER.multiply(BigInteger.valueOf(READS));
        Twins.same("futures", braneFutures(cpu), web3jSendAsync(cpu));
        Twins.same("multicall", braneMulticall(cpu), web3jBatch(cpu));
        Twins.same("auto multicall", braneAutoMulticall(cpu), expected);
        Twins.same("sum", braneFutures(cpu), expected);
        if (autoCaller.aggregateCount() == 0) {
            throw new IllegalStateException("the auto-batching caller made no aggregate3 call");
        }
    }

    private static String multicall3Runtime() throws IOException {
        try (InputStream in = ContractReadManyBenchmark.class.getResourceAsStream("/Multicall3.runtime.hex")) {
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII).strip();
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (autoCaller != null) {
            autoCaller.close();
        }
        if (client != null) {
            client.close();
        }
        if (provider != null) {
            provider.close();
        }
        if (web3j != null) {
            Web3jThreads.shutdown(web3j, w3Scheduler);
        }
        if (endpoint != null) {
            endpoint.close();
        }
        if (echo != null) {
            echo.close();
        }
    }

    @Benchmark
    @OperationsPerInvocation(READS)
    public BigInteger braneFutures(CallCpu cpu) {
        cpu.begin();
        BigInteger sum = sum(tokenAsync);
        cpu.end();
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(READS)
    public BigInteger braneAutoMulticall(CallCpu cpu) {
        cpu.begin();
        BigInteger sum = sum(tokenAutoMulticall);
        cpu.end();
        return sum;
    }

    private BigInteger sum(Erc20Async t) {
        @SuppressWarnings("unchecked")
        CompletableFuture<BigInteger>[] reads = new CompletableFuture[READS];
        for (int i = 0; i < READS; i++) {
            reads[i] = t.balanceOf(holders[i]);
        }
        BigInteger sum = BigInteger.ZERO;
        for (CompletableFuture<BigInteger> r : reads) {
            sum = sum.add(r.join());
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(READS)
    public BigInteger braneMulticall(CallCpu cpu) {
        cpu.begin();
        MulticallBatch batch = Multicall3.batch(client);
        List<CallResult<BigInteger>> results = new ArrayList<>(READS);
        for (int i = 0; i < READS; i++) {
            Address holder = holders[i];
            results.add(batch.add(token, t -> t.balanceOf(holder)));
        }
        batch.execute();
        BigInteger sum = BigInteger.ZERO;
        for (CallResult<BigInteger> r : results) {
            sum = sum.add(r.get());
        }
        cpu.end();
        return sum;
    }

    private Function balanceOf(int i) {
        return new Function("balanceOf", List.of(new org.web3j.abi.datatypes.Address(holderHex[i])),
                List.of(new TypeReference<Uint256>() { }));
    }

    private org.web3j.protocol.core.Request<?, EthCall> web3jCall(Function function) {
        return web3j.ethCall(Transaction.createEthCallTransaction(null, ContractReadBenchmark.TOKEN.toHex(),
                FunctionEncoder.encode(function)), DefaultBlockParameterName.LATEST);
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static BigInteger decode(String result, Function function) {
        List<Type> decoded = FunctionReturnDecoder.decode(result, function.getOutputParameters());
        return (BigInteger) decoded.get(0).getValue();
    }

    @Benchmark
    @OperationsPerInvocation(READS)
    public BigInteger web3jSendAsync(CallCpu cpu) {
        cpu.begin();
        Function[] functions = new Function[READS];
        @SuppressWarnings("unchecked")
        CompletableFuture<EthCall>[] calls = new CompletableFuture[READS];
        for (int i = 0; i < READS; i++) {
            functions[i] = balanceOf(i);
            calls[i] = web3jCall(functions[i]).sendAsync();
        }
        BigInteger sum = BigInteger.ZERO;
        for (int i = 0; i < READS; i++) {
            sum = sum.add(decode(calls[i].join().getValue(), functions[i]));
        }
        cpu.end();
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(READS)
    public BigInteger web3jBatch(CallCpu cpu) throws IOException {
        cpu.begin();
        Function[] functions = new Function[READS];
        BatchRequest batch = web3j.newBatch();
        for (int i = 0; i < READS; i++) {
            functions[i] = balanceOf(i);
            batch.add(web3jCall(functions[i]));
        }
        BatchResponse answers = batch.send();
        List<? extends Response<?>> responses = answers.getResponses();
        BigInteger sum = BigInteger.ZERO;
        for (int i = 0; i < READS; i++) {
            sum = sum.add(decode(((EthCall) responses.get(i)).getValue(), functions[i]));
        }
        cpu.end();
        return sum;
    }
}
