package sh.brane.benchmarks;

import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.core.DefaultBlockParameter;
import org.web3j.protocol.core.methods.request.EthFilter;
import org.web3j.protocol.core.methods.response.EthBlock;
import org.web3j.protocol.core.methods.response.EthGetBlockReceipts;
import org.web3j.protocol.core.methods.response.EthLog;
import org.web3j.protocol.core.methods.response.TransactionReceipt;
import org.web3j.protocol.http.HttpService;

import sh.brane.client.Block;
import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.Log;
import sh.brane.client.LogFilter;
import sh.brane.client.Receipt;
import sh.brane.rpc.HttpConfig;
import sh.brane.rpc.HttpProvider;

/**
 * Typed reads of large answers over HTTP against the stub's canned mainnet-shaped data ({@link CannedAnswers}):
 * Brane's {@link BraneClient} (one streaming pass into typed records) against web3j's typed twins, one blocking
 * call at a time.
 *
 * <ul>
 *   <li>{@code fullBlock}: {@code getBlockByNumber(n, true)}, a block of 300 full transactions (~270 KB).</li>
 *   <li>{@code blockReceipts}: {@code eth_getBlockReceipts}, the block's 300 receipts with their logs.</li>
 *   <li>{@code logs}: {@code eth_getLogs} answering 500 logs.</li>
 * </ul>
 * Each case also counts the process CPU time spent in its calls ({@code cpuNanos}, secondary result summed per
 * iteration, with {@code calls}): CPU per call is their quotient. The stub server runs in the same process and
 * serves both twins the same bytes, so its share is the same on both sides. The {@code raw*} cases are the floor
 * ({@link RawSocketClient}: the same request as prebuilt bytes on one blocking socket, the answer read by length and
 * not parsed): the transfer alone, which no client can beat.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class TypedRpcBenchmark {

    @Param({"stub"})
    public String node;

    private Node endpoint;
    private HttpProvider provider;
    private BraneClient brane;
    private Web3j web3j;
    private final java.util.concurrent.ScheduledExecutorService w3Scheduler =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "web3j-poll");
                t.setDaemon(true);
                return t;
            });
    private final BlockTag braneBlock = BlockTag.number(CannedAnswers.BLOCK_NUMBER);
    private final DefaultBlockParameter web3jBlock =
            DefaultBlockParameter.valueOf(BigInteger.valueOf(CannedAnswers.BLOCK_NUMBER));
    private final LogFilter braneFilter = LogFilter.builder().fromBlock(BlockTag.number(CannedAnswers.BLOCK_NUMBER))
            .toBlock(BlockTag.number(CannedAnswers.BLOCK_NUMBER)).build();
    private final EthFilter web3jFilter = new EthFilter(web3jBlock, web3jBlock, List.of());
    private RawSocketClient raw;
    private byte[] rawBlock;
    private byte[] rawReceipts;
    private byte[] rawLogs;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        endpoint = Node.start(node);
        provider = HttpProvider.create(HttpConfig.builder(endpoint.httpUrl()).build());
        brane = new BraneClient(provider, Duration.ofMillis(250));
        web3j = Web3j.build(new HttpService(endpoint.httpUrl()), 15_000, w3Scheduler);
        CallCpu cpu = new CallCpu();
        raw = new RawSocketClient(endpoint.httpUrl());
        String n = "\"0x" + Long.toHexString(CannedAnswers.BLOCK_NUMBER) + "\"";
        rawBlock = RawSocketClient.request(endpoint.httpUrl(),
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_getBlockByNumber\",\"params\":[" + n + ",true]}");
        rawReceipts = RawSocketClient.request(endpoint.httpUrl(),
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_getBlockReceipts\",\"params\":[" + n + "]}");
        rawLogs = RawSocketClient.request(endpoint.httpUrl(), "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_getLogs\","
                + "\"params\":[{\"fromBlock\":" + n + ",\"toBlock\":" + n + "}]}");
        Twins.same("raw full block bytes", rawFullBlock(cpu) > 100_000, true);
        Twins.same("raw receipts bytes", rawBlockReceipts(cpu) > 100_000, true);
        Twins.same("raw logs bytes", rawLogs(cpu) > 100_000, true);

        Block b = braneFullBlock(cpu).orElseThrow();
        EthBlock.Block w = web3jFullBlock(cpu).getBlock();
        Twins.same("full block tx count", b.transactions().size(), w.getTransactions().size());
        Twins.same("full block hash", b.hash().toHex(), w.getHash());
        var lastTx = (EthBlock.TransactionObject) w.getTransactions().get(w.getTransactions().size() - 1).get();
        Twins.same("full block last tx value", b.transactions().get(b.transactions().size() - 1).value(),
                lastTx.getValue());

        List<Receipt> rs = braneBlockReceipts(cpu).orElseThrow();
        List<TransactionReceipt> wr = web3jBlockReceipts(cpu).getBlockReceipts().orElseThrow();
        Twins.same("receipt count", rs.size(), wr.size());
        Twins.same("receipt log count", rs.stream().mapToInt(r -> r.logs().size()).sum(),
                wr.stream().mapToInt(r -> r.getLogs().size()).sum());
        Twins.same("last cumulative gas", rs.get(rs.size() - 1).cumulativeGasUsed(),
                wr.get(wr.size() - 1).getCumulativeGasUsed());

        List<Log> ls = braneLogs(cpu);
        EthLog wl = web3jLogs(cpu);
        Twins.same("log count", ls.size(), wl.getLogs().size());
        Twins.same("last log index", ls.get(ls.size() - 1).logIndex(),
                ((EthLog.LogObject) wl.getLogs().get(wl.getLogs().size() - 1)).getLogIndex());
    }

    @TearDown(Level.Trial)
    public void tearDown() throws java.io.IOException {
        if (raw != null) {
            raw.close();
        }
        if (brane != null) {
            brane.close();
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
    }

    @Benchmark
    public Optional<Block> braneFullBlock(CallCpu cpu) {
        cpu.begin();
        Optional<Block> b = brane.getBlockByNumber(braneBlock, true);
        cpu.end();
        return b;
    }

    @Benchmark
    public EthBlock web3jFullBlock(CallCpu cpu) throws Exception {
        cpu.begin();
        EthBlock b = web3j.ethGetBlockByNumber(web3jBlock, true).send();
        cpu.end();
        return b;
    }

    @Benchmark
    public Optional<List<Receipt>> braneBlockReceipts(CallCpu cpu) {
        cpu.begin();
        Optional<List<Receipt>> r = brane.getBlockReceipts(braneBlock);
        cpu.end();
        return r;
    }

    @Benchmark
    public EthGetBlockReceipts web3jBlockReceipts(CallCpu cpu) throws Exception {
        cpu.begin();
        EthGetBlockReceipts r = web3j.ethGetBlockReceipts(web3jBlock).send();
        cpu.end();
        return r;
    }

    @Benchmark
    public List<Log> braneLogs(CallCpu cpu) {
        cpu.begin();
        List<Log> l = brane.getLogs(braneFilter);
        cpu.end();
        return l;
    }

    @Benchmark
    public EthLog web3jLogs(CallCpu cpu) throws Exception {
        cpu.begin();
        EthLog l = web3j.ethGetLogs(web3jFilter).send();
        cpu.end();
        return l;
    }

    @Benchmark
    public int rawFullBlock(CallCpu cpu) throws java.io.IOException {
        cpu.begin();
        int n = raw.call(rawBlock);
        cpu.end();
        return n;
    }

    @Benchmark
    public int rawBlockReceipts(CallCpu cpu) throws java.io.IOException {
        cpu.begin();
        int n = raw.call(rawReceipts);
        cpu.end();
        return n;
    }

    @Benchmark
    public int rawLogs(CallCpu cpu) throws java.io.IOException {
        cpu.begin();
        int n = raw.call(rawLogs);
        cpu.end();
        return n;
    }
}
