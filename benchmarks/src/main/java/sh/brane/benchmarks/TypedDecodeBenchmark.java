package sh.brane.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.web3j.protocol.ObjectMapperFactory;
import org.web3j.protocol.core.methods.response.EthBlock;
import org.web3j.protocol.core.methods.response.EthGetBlockReceipts;
import org.web3j.protocol.core.methods.response.EthLog;
import org.web3j.protocol.core.methods.response.TransactionReceipt;

import sh.brane.client.Block;
import sh.brane.client.CursorDecoders;
import sh.brane.client.Log;
import sh.brane.client.Receipt;
import sh.brane.rpc.CursorDecoder;
import sh.brane.rpc.JsonCursor;

/**
 * Decoding alone: the exact bytes {@link TypedRpcBenchmark}'s stub answers ({@link CannedAnswers}: a block of 300
 * full transactions, its 300 receipts, 500 logs) read into typed records, with no socket, no HTTP and no thread
 * hand-off. Brane runs the reader its client gives the call (the one-pass cursor over the answer's bytes, as the
 * event loop runs it on the {@code result}); web3j runs what its {@code HttpService} runs on the whole answer, its
 * {@code ObjectMapper} into {@code EthBlock}, {@code EthGetBlockReceipts}, {@code EthLog}. Brane is not given the
 * 40-byte JSON-RPC framing, which its reader passes with one compare. {@link CallCpu} counts the process CPU per
 * decode (the garbage collector's threads included).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class TypedDecodeBenchmark {

    private static final ObjectMapper WEB3J = ObjectMapperFactory.getObjectMapper();

    private final CursorDecoder<Optional<Block>> fullBlock = CursorDecoders.fullBlock();
    private final CursorDecoder<Optional<List<Receipt>>> receipts = CursorDecoders.blockReceipts();
    private final CursorDecoder<List<Log>> logs = CursorDecoders.logs();
    private byte[] framedBlock;
    private byte[] framedReceipts;
    private byte[] framedLogs;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        CallCpu cpu = new CallCpu();
        framedBlock = framed(CannedAnswers.BLOCK);
        framedReceipts = framed(CannedAnswers.RECEIPTS);
        framedLogs = framed(CannedAnswers.LOG_LIST);

        Block b = braneFullBlock(cpu).orElseThrow();
        EthBlock.Block w = web3jFullBlock(cpu).getBlock();
        Twins.same("tx count", b.transactions().size(), w.getTransactions().size());
        Twins.same("block hash", b.hash().toHex(), w.getHash());
        var lastTx = (EthBlock.TransactionObject) w.getTransactions().get(w.getTransactions().size() - 1).get();
        var last = b.transactions().get(b.transactions().size() - 1);
        Twins.same("last tx value", last.value(), lastTx.getValue());
        Twins.same("last tx s", last.s(), new java.math.BigInteger(1, sh.brane.primitives.Hex.decode(lastTx.getS())));

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

    private static byte[] framed(byte[] result) {
        byte[] head = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":".getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[head.length + result.length + 1];
        System.arraycopy(head, 0, out, 0, head.length);
        System.arraycopy(result, 0, out, head.length, result.length);
        out[out.length - 1] = '}';
        return out;
    }

    @Benchmark
    public Optional<Block> braneFullBlock(CallCpu cpu) {
        cpu.begin();
        Optional<Block> out = fullBlock.decode(JsonCursor.over(CannedAnswers.BLOCK, 0, CannedAnswers.BLOCK.length));
        cpu.end();
        return out;
    }

    @Benchmark
    public EthBlock web3jFullBlock(CallCpu cpu) throws IOException {
        cpu.begin();
        EthBlock out = WEB3J.readValue(framedBlock, EthBlock.class);
        cpu.end();
        return out;
    }

    @Benchmark
    public Optional<List<Receipt>> braneBlockReceipts(CallCpu cpu) {
        cpu.begin();
        Optional<List<Receipt>> out = receipts.decode(JsonCursor.over(CannedAnswers.RECEIPTS, 0, CannedAnswers.RECEIPTS.length));
        cpu.end();
        return out;
    }

    @Benchmark
    public EthGetBlockReceipts web3jBlockReceipts(CallCpu cpu) throws IOException {
        cpu.begin();
        EthGetBlockReceipts out = WEB3J.readValue(framedReceipts, EthGetBlockReceipts.class);
        cpu.end();
        return out;
    }

    @Benchmark
    public List<Log> braneLogs(CallCpu cpu) {
        cpu.begin();
        List<Log> out = logs.decode(JsonCursor.over(CannedAnswers.LOG_LIST, 0, CannedAnswers.LOG_LIST.length));
        cpu.end();
        return out;
    }

    @Benchmark
    public EthLog web3jLogs(CallCpu cpu) throws IOException {
        cpu.begin();
        EthLog out = WEB3J.readValue(framedLogs, EthLog.class);
        cpu.end();
        return out;
    }
}
