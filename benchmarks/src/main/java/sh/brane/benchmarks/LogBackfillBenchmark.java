package sh.brane.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigInteger;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpServer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;
import org.web3j.abi.EventValues;
import org.web3j.abi.TypeReference;
import org.web3j.abi.datatypes.Event;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.core.DefaultBlockParameter;
import org.web3j.protocol.core.methods.request.EthFilter;
import org.web3j.protocol.core.methods.response.EthLog;
import org.web3j.protocol.http.HttpService;

import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.Log;
import sh.brane.client.LogFilter;
import sh.brane.client.contract.EventBinding;
import sh.brane.core.abi.Abi;
import sh.brane.core.types.Address;
import sh.brane.rpc.HttpConfig;
import sh.brane.rpc.HttpProvider;

/**
 * Backfilling ERC-20 Transfer logs into records: one {@code eth_getLogs} answering {@link #logs} valid Transfer logs
 * (~460 bytes of JSON each), then every log decoded into its event. Brane: {@code BraneClient.getLogs} (one streaming
 * pass into {@code Log} records) and {@code EventBinding.decode} into a {@code Transfer} record, the path of a
 * {@code LogStream} backfill chunk. web3j: {@code ethGetLogs(...).send()} and
 * {@code Contract.staticExtractEventParameters} (what its generated wrappers' {@code getTransferEvents} do) into
 * the same record. Both read the same bytes from an in-process JDK HTTP server that echoes the request id; its cost
 * is the same on both sides. Operations are answers: divide B/op ({@code -prof gc}) by {@link #logs} for bytes per
 * log.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class LogBackfillBenchmark {

    /** Transfer(address indexed from, address indexed to, uint256 value). */
    static final String TOPIC0 = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
    static final Event WEB3J_TRANSFER = new Event("Transfer", List.of(new TypeReference<org.web3j.abi.datatypes.Address>(true) { },
            new TypeReference<org.web3j.abi.datatypes.Address>(true) { }, new TypeReference<Uint256>(false) { }));

    public record Transfer(Address from, Address to, BigInteger value) {
    }

    @Param({"1000"})
    public int logs;

    private HttpServer server;
    private HttpProvider provider;
    private BraneClient brane;
    private Web3j web3j;
    private EventBinding<Transfer> binding;
    private LogFilter braneFilter;
    private EthFilter web3jFilter;

    @Setup
    public void setUp() throws IOException {
        byte[] result = cannedLogs(logs);
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        server.setExecutor(Executors.newFixedThreadPool(2));
        server.createContext("/", exchange -> {
            byte[] request;
            try (InputStream in = exchange.getRequestBody()) {
                request = in.readAllBytes();
            }
            byte[] body = answer(request, result);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        String url = "http://127.0.0.1:" + server.getAddress().getPort();
        provider = HttpProvider.create(HttpConfig.builder(url).build());
        brane = new BraneClient(provider, Duration.ofMillis(250));
        web3j = Web3j.build(new HttpService(url));
        binding = EventBinding.of(Transfer.class, Abi.fromJson("""
                [{"type":"event","name":"Transfer","anonymous":false,"inputs":[
                {"name":"from","type":"address","indexed":true},{"name":"to","type":"address","indexed":true},
                {"name":"value","type":"uint256","indexed":false}]}]"""));
        braneFilter = LogFilter.builder().fromBlock(BlockTag.number(1)).toBlock(BlockTag.number(2_000)).topic(0,
                sh.brane.core.types.Hash.of(TOPIC0)).build();
        web3jFilter = new EthFilter(DefaultBlockParameter.valueOf(BigInteger.ONE),
                DefaultBlockParameter.valueOf(BigInteger.valueOf(2_000)), List.of()).addSingleTopic(TOPIC0);
        List<Transfer> b = brane();
        List<Transfer> w = web3j();
        Twins.same("transfer count", b.size(), w.size());
        Twins.same("last transfer", b.get(b.size() - 1), w.get(w.size() - 1));
    }

    @TearDown
    public void tearDown() {
        web3j.shutdown();
        brane.close();
        provider.close();
        server.stop(0);
    }

    @Benchmark
    public void braneGetLogsIntoRecords(Blackhole bh) {
        bh.consume(brane());
    }

    @Benchmark
    public void web3jEthGetLogsAndEventDecoding(Blackhole bh) throws IOException {
        bh.consume(web3j());
    }

    private List<Transfer> brane() {
        List<Log> answer = brane.getLogs(braneFilter);
        Transfer[] out = new Transfer[answer.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = binding.decode(answer.get(i));
        }
        return Arrays.asList(out);
    }

    private List<Transfer> web3j() throws IOException {
        List<EthLog.LogResult> answer = web3j.ethGetLogs(web3jFilter).send().getLogs();
        Transfer[] out = new Transfer[answer.size()];
        for (int i = 0; i < out.length; i++) {
            EthLog.LogObject log = (EthLog.LogObject) answer.get(i);
            EventValues v = org.web3j.tx.Contract.staticExtractEventParameters(WEB3J_TRANSFER, log.get());
            out[i] = new Transfer(Address.of((String) v.getIndexedValues().get(0).getValue()),
                    Address.of((String) v.getIndexedValues().get(1).getValue()),
                    (BigInteger) v.getNonIndexedValues().get(0).getValue());
        }
        return Arrays.asList(out);
    }

    /** A JSON-RPC answer carrying the request's id and the canned result. */
    static byte[] answer(byte[] request, byte[] result) {
        String req = new String(request, 0, Math.min(request.length, 4096), StandardCharsets.US_ASCII);
        int at = req.indexOf("\"id\"");
        int colon = req.indexOf(':', at);
        int end = colon + 1;
        while (end < req.length() && req.charAt(end) != ',' && req.charAt(end) != '}') {
            end++;
        }
        byte[] head = ("{\"jsonrpc\":\"2.0\",\"id\":" + req.substring(colon + 1, end).strip() + ",\"result\":")
                .getBytes(StandardCharsets.US_ASCII);
        byte[] out = Arrays.copyOf(head, head.length + result.length + 1);
        System.arraycopy(result, 0, out, head.length, result.length);
        out[out.length - 1] = '}';
        return out;
    }

    /** {@code n} valid Transfer logs over n / 4 blocks, from a fixed seed. */
    static byte[] cannedLogs(int n) {
        Random r = new Random(15L);
        StringBuilder s = new StringBuilder(n * 600).append('[');
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                s.append(',');
            }
            String block = "0x" + Long.toHexString(1 + i / 4);
            s.append("{\"address\":\"0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48\",\"topics\":[\"").append(TOPIC0)
                    .append("\",\"0x000000000000000000000000").append(hex(r, 20))
                    .append("\",\"0x000000000000000000000000").append(hex(r, 20))
                    .append("\"],\"data\":\"0x").append("0".repeat(48)).append(hex(r, 8))
                    .append("\",\"blockNumber\":\"").append(block)
                    .append("\",\"transactionHash\":\"0x").append(hex(r, 32))
                    .append("\",\"transactionIndex\":\"0x").append(Integer.toHexString(i % 4))
                    .append("\",\"blockHash\":\"0x").append(hex(r, 32))
                    .append("\",\"logIndex\":\"0x").append(Integer.toHexString(i % 4))
                    .append("\",\"removed\":false}");
        }
        return s.append(']').toString().getBytes(StandardCharsets.US_ASCII);
    }

    private static String hex(Random r, int bytes) {
        byte[] b = new byte[bytes];
        r.nextBytes(b);
        return sh.brane.primitives.Hex.encode(b).substring(2);
    }
}
