package sh.brane.benchmarks;

import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
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
import org.web3j.protocol.core.DefaultBlockParameterName;
import org.web3j.protocol.core.methods.request.Transaction;
import org.web3j.protocol.http.HttpService;
import org.web3j.protocol.websocket.WebSocketService;

import sh.brane.client.BraneClient;
import sh.brane.client.contract.BraneContracts;
import sh.brane.core.abi.Abi;
import sh.brane.core.types.Address;
import sh.brane.rpc.HttpConfig;
import sh.brane.rpc.HttpProvider;
import sh.brane.rpc.WebSocketConfig;
import sh.brane.rpc.WebSocketProvider;

/**
 * A typed contract read, {@code balanceOf(holder)} returning a {@code BigInteger}, over HTTP against Anvil:
 * a Brane contract interface ({@code BraneContracts.bind}) against web3j's generated-wrapper style (a
 * {@code Function} with {@code TypeReference<Uint256>}, {@code FunctionEncoder.encode},
 * {@code ethCall(...).send()}, {@code FunctionReturnDecoder.decode}), same node, same contract.
 *
 * <p>{@code rawFloor} is the floor ({@link RawSocketClient}): the same {@code eth_call} request as prebuilt bytes on
 * one blocking keep-alive socket, the answer read by length and not parsed. Reading many values at once is
 * {@link ContractReadManyBenchmark}.
 *
 * <p>The {@code ...Ws} rows are the same read over WebSocket: the Brane interface bound on a client over a
 * {@link WebSocketProvider}, web3j's wrapper-style call on its {@code WebSocketService}, and {@code rawFloorWs}
 * ({@link RawWebSocketClient}: a prebuilt frame on one upgraded blocking socket, the answer frame not parsed). With
 * {@code node=anvil} both transports reach the same Anvil; with {@code node=echo} the WebSocket rows reach a
 * {@link StubRpcServer} (Netty; the JDK server of the HTTP rows has no WebSocket), so on echo only same-transport
 * ratios compare like with like.
 *
 * <p>The contract is installed with {@code anvil_setCode}: 42 bytes that answer every call with one constant
 * 32-byte word, so the node's share is as small as a real node can make it.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ContractReadBenchmark {

    /** {@code anvil}: a real node; {@code echo}: an in-process HTTP server answering every call with the word. */
    @org.openjdk.jmh.annotations.Param({"anvil", "echo"})
    public String node;
    private EchoRpcServer echo;
    private RawSocketClient raw;
    private byte[] rawCall;
    private StubRpcServer wsEcho;
    private RawWebSocketClient rawWs;
    private byte[] rawWsCall;

    static final Address TOKEN = Address.of("0x00000000000000000000000000000000000c0de1");
    static final Address HOLDER = Address.of("0x70997970c51812dc3a65c118b3eebe0c0a3e0e7a");
    /** PUSH32 word; PUSH1 0; MSTORE; PUSH1 32; PUSH1 0; RETURN. */
    static final String RUNTIME = "0x7f" + "00000000000000000000000000000000000000000000000000000000000f4240"
            + "60005260206000f3";
    static final BigInteger ANSWER = BigInteger.valueOf(1_000_000);
    static final Abi ABI = Abi.fromJson("""
            [{"type":"function","name":"balanceOf","stateMutability":"view",
              "inputs":[{"name":"holder","type":"address"}],"outputs":[{"type":"uint256"}]}]""");

    /** The contract interface under test. */
    public interface Erc20 {
        BigInteger balanceOf(Address holder);
    }

    private Node endpoint;
    private HttpProvider provider;
    private BraneClient client;
    private Erc20 token;
    private Web3j web3j;
    private WebSocketProvider wsProvider;
    private BraneClient wsClient;
    private Erc20 wsToken;
    private WebSocketService w3WsService;
    private Web3j web3jWs;
    private final java.util.concurrent.ScheduledExecutorService w3Scheduler =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "web3j-poll");
                t.setDaemon(true);
                return t;
            });

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        String url;
        String wsUrl;
        if (node.equals("echo")) {
            echo = new EchoRpcServer(RUNTIME.substring(4, 68));
            url = echo.url();
            wsEcho = StubRpcServer.start(1);
            wsUrl = wsEcho.wsUrl();
        } else {
            endpoint = Node.start("anvil");
            url = endpoint.httpUrl();
            wsUrl = endpoint.wsUrl();
        }
        provider = HttpProvider.create(HttpConfig.builder(url).build());
        if (endpoint != null) {
            provider.send("anvil_setCode", List.of(TOKEN.toHex(), RUNTIME));
        }
        client = new BraneClient(provider, Duration.ofMillis(50));
        token = BraneContracts.bind(Erc20.class, ABI, TOKEN, client);
        web3j = Web3j.build(new HttpService(url), 15_000, w3Scheduler);
        raw = new RawSocketClient(url);
        // the same eth_call, prebuilt: what the floors send and read (their answers are not parsed)
        String callJson = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_call\",\"params\":"
                + "[{\"to\":\"" + TOKEN.toHex() + "\",\"data\":\"" + sh.brane.primitives.Hex.encode(ABI.encodeCall(
                "balanceOf", HOLDER)) + "\"},\"latest\"]}";
        rawCall = RawSocketClient.request(url, callJson);
        wsProvider = WebSocketProvider.create(WebSocketConfig.builder(wsUrl).build());
        wsClient = new BraneClient(wsProvider, Duration.ofMillis(50));
        wsToken = BraneContracts.bind(Erc20.class, ABI, TOKEN, wsClient);
        w3WsService = new WebSocketService(wsUrl, false);
        w3WsService.connect();
        web3jWs = Web3j.build(w3WsService, 15_000, w3Scheduler);
        rawWs = new RawWebSocketClient(wsUrl);
        rawWsCall = RawWebSocketClient.frames(java.util.List.of(callJson));
        CallCpu cpu = new CallCpu();
        Twins.same("balanceOf", braneTypedRead(cpu), web3jWrapperRead(cpu));
        Twins.same("balanceOf ws", braneTypedReadWs(cpu), web3jWrapperReadWs(cpu));
        Twins.same("balanceOf ws value", ANSWER, braneTypedReadWs(cpu));
        Twins.same("raw ws answer", rawFloorWs(cpu) > 60, true);
        Twins.same("balanceOf value", ANSWER, braneTypedRead(cpu));
        Twins.same("raw answer", rawFloor(cpu) > 60, true);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (client != null) {
            client.close();
        }
        if (provider != null) {
            provider.close();
        }
        if (wsClient != null) {
            wsClient.close();
        }
        if (wsProvider != null) {
            wsProvider.close();
        }
        if (web3jWs != null) {
            Web3jThreads.shutdown(web3jWs, w3WsService, w3Scheduler);
        }
        if (web3j != null) {
            Web3jThreads.shutdown(web3j, w3Scheduler);
        }
        if (wsEcho != null) {
            wsEcho.close();
        }
        if (rawWs != null) {
            try {
                rawWs.close();
            } catch (java.io.IOException ignored) {
                // the socket is gone either way
            }
        }
        if (endpoint != null) {
            endpoint.close();
        }
        if (echo != null) {
            echo.close();
        }
        if (raw != null) {
            try {
                raw.close();
            } catch (java.io.IOException ignored) {
                // the socket is gone either way
            }
        }
    }

    @Benchmark
    public BigInteger braneTypedRead(CallCpu cpu) {
        cpu.begin();
        BigInteger v = token.balanceOf(HOLDER);
        cpu.end();
        return v;
    }

    /** The floor: the same {@code eth_call} as prebuilt bytes on one blocking socket, the answer not parsed. */
    @Benchmark
    public int rawFloor(CallCpu cpu) throws java.io.IOException {
        cpu.begin();
        int n = raw.call(rawCall);
        cpu.end();
        return n;
    }

    /** {@link #braneTypedRead} over WebSocket. */
    @Benchmark
    public BigInteger braneTypedReadWs(CallCpu cpu) {
        cpu.begin();
        BigInteger v = wsToken.balanceOf(HOLDER);
        cpu.end();
        return v;
    }

    /** The WebSocket floor: the same {@code eth_call} as a prebuilt frame on one blocking socket, not parsed. */
    @Benchmark
    public int rawFloorWs(CallCpu cpu) throws java.io.IOException {
        cpu.begin();
        int n = rawWs.call(rawWsCall, 1);
        cpu.end();
        return n;
    }

    /** {@link #web3jWrapperRead} over web3j's {@code WebSocketService}. */
    @Benchmark
    public BigInteger web3jWrapperReadWs(CallCpu cpu) throws Exception {
        cpu.begin();
        BigInteger v = web3jRead(web3jWs);
        cpu.end();
        return v;
    }

    /** What a web3j generated wrapper's {@code balanceOf(holder).send()} does, without the wrapper class. */
    @Benchmark
    public BigInteger web3jWrapperRead(CallCpu cpu) throws Exception {
        cpu.begin();
        BigInteger v = web3jRead(web3j);
        cpu.end();
        return v;
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static BigInteger web3jRead(Web3j web3j) throws Exception {
        Function function = new Function("balanceOf",
                List.of(new org.web3j.abi.datatypes.Address(HOLDER.toHex())),
                List.of(new TypeReference<Uint256>() { }));
        String data = FunctionEncoder.encode(function);
        String result = web3j.ethCall(Transaction.createEthCallTransaction(null, TOKEN.toHex(), data),
                DefaultBlockParameterName.LATEST).send().getValue();
        List<Type> decoded = FunctionReturnDecoder.decode(result, function.getOutputParameters());
        return decoded.isEmpty() ? null : (BigInteger) decoded.get(0).getValue();
    }

}
