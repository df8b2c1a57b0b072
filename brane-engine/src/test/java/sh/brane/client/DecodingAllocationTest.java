package sh.brane.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import sh.brane.rpc.JsonCursor;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.json.JsonMapper;

/**
 * Heap allocated to decode one full block of 300 EIP-1559 transactions (the shape of the benchmarks' canned block:
 * signatures, mainnet-sized fees, a third without call data), by the one-pass cursor and by the token path, counted
 * with the thread's allocation counter. The figure is printed, for the record of what the records' fields cost; the
 * assertions are on the values read and on a ceiling well above the figure, so that a reader which starts copying
 * every value again is caught without the test depending on the JIT's exact escape analysis.
 */
class DecodingAllocationTest {
    private static final int TRANSACTIONS = 300;
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    static byte[] block() {
        Random r = new Random(20261123L);
        String blockHash = hex(r, 32);
        StringBuilder txs = new StringBuilder(TRANSACTIONS * 900);
        for (int i = 0; i < TRANSACTIONS; i++) {
            if (i > 0) {
                txs.append(',');
            }
            txs.append("{\"blockHash\":\"").append(blockHash)
                    .append("\",\"blockNumber\":\"0x1312d00\",\"blockTimestamp\":\"0x6740f3bb\"")
                    .append(",\"from\":\"").append(hex(r, 20))
                    .append("\",\"gas\":\"").append(q(21_000 + r.nextInt(300_000)))
                    .append("\",\"gasPrice\":\"").append(q(10_000_000_000L + r.nextInt(1_000_000_000)))
                    .append("\",\"maxFeePerGas\":\"").append(q(30_000_000_000L + r.nextInt(1_000_000_000)))
                    .append("\",\"maxPriorityFeePerGas\":\"").append(q(1_000_000_000L + r.nextInt(1_000_000)))
                    .append("\",\"hash\":\"").append(hex(r, 32))
                    .append("\",\"input\":\"").append(hex(r, i % 3 == 0 ? 0 : 4 + 32 * (1 + r.nextInt(4))))
                    .append("\",\"nonce\":\"").append(q(r.nextInt(100_000)))
                    .append("\",\"to\":\"").append(hex(r, 20))
                    .append("\",\"transactionIndex\":\"").append(q(i))
                    .append("\",\"value\":\"").append(q(Math.abs(r.nextLong()) >>> r.nextInt(40)))
                    .append("\",\"type\":\"0x2\",\"accessList\":[],\"chainId\":\"0x2105\"")
                    .append(",\"v\":\"0x1\",\"r\":\"").append(hex(r, 32))
                    .append("\",\"s\":\"").append(hex(r, 32))
                    .append("\",\"yParity\":\"0x1\"}");
        }
        String block = "{\"baseFeePerGas\":\"0x2540be400\",\"blobGasUsed\":\"0x0\",\"difficulty\":\"0x0\""
                + ",\"excessBlobGas\":\"0x0\",\"extraData\":\"0x6265617665726275696c642e6f7267\""
                + ",\"gasLimit\":\"0x1c9c380\",\"gasUsed\":\"0x1c8f2a1\",\"hash\":\"" + blockHash + "\""
                + ",\"logsBloom\":\"" + hex(r, 256) + "\",\"miner\":\"" + hex(r, 20) + "\""
                + ",\"mixHash\":\"" + hex(r, 32) + "\",\"nonce\":\"0x0000000000000000\""
                + ",\"number\":\"0x1312d00\",\"parentBeaconBlockRoot\":\"" + hex(r, 32) + "\""
                + ",\"parentHash\":\"" + hex(r, 32) + "\",\"receiptsRoot\":\"" + hex(r, 32) + "\""
                + ",\"sha3Uncles\":\"" + hex(r, 32) + "\",\"size\":\"0x2a4b1\",\"stateRoot\":\"" + hex(r, 32) + "\""
                + ",\"timestamp\":\"0x6740f3bb\",\"totalDifficulty\":\"0xc70d815d562d3cfa955\""
                + ",\"transactions\":[" + txs + "],\"transactionsRoot\":\"" + hex(r, 32) + "\""
                + ",\"uncles\":[],\"withdrawals\":[],\"withdrawalsRoot\":\"" + hex(r, 32) + "\"}";
        return block.getBytes(StandardCharsets.US_ASCII);
    }

    private static String q(long v) {
        return "0x" + Long.toHexString(v);
    }

    private static String hex(Random r, int bytes) {
        StringBuilder s = new StringBuilder(2 + 2 * bytes).append("0x");
        for (int i = 0; i < bytes; i++) {
            s.append(String.format("%02x", r.nextInt(256)));
        }
        return s.toString();
    }

    /** Bytes allocated by this thread per run of {@code decode}, after runs enough for the JIT to compile it. */
    static long bytesPerRun(Supplier<Object> decode) {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().threadId();
        Object sink = null;
        for (int i = 0; i < 400; i++) {
            sink = decode.get();
        }
        int runs = 50;
        long before = threads.getThreadAllocatedBytes(id);
        for (int i = 0; i < runs; i++) {
            sink = decode.get();
        }
        long after = threads.getThreadAllocatedBytes(id);
        assertThat(sink).isNotNull();
        return (after - before) / runs;
    }

    @Test
    void aFullBlockOf300TransactionsDecodesWithinItsBudget() {
        byte[] json = block();
        Block viaCursor = Block.read(JsonCursor.over(json, 0, json.length));
        Block viaTokens;
        try (JsonParser p = MAPPER.createParser(json)) {
            p.nextToken();
            viaTokens = Block.read(p, "block");
        }
        assertThat(viaCursor).isEqualTo(viaTokens);
        assertThat(viaCursor.transactions()).hasSize(TRANSACTIONS).allSatisfy(t -> {
            assertThat(t.r()).isNotNull();
            assertThat(t.blockTimestamp()).isEqualTo(0x6740f3bbL);
        });

        long cursor = bytesPerRun(() -> Block.read(JsonCursor.over(json, 0, json.length)));
        long tokens = bytesPerRun(() -> {
            try (JsonParser p = MAPPER.createParser(json)) {
                p.nextToken();
                return Block.read(p, "block");
            }
        });
        System.out.printf("full block of %d transactions, %d bytes of JSON: cursor %,d B, token path %,d B%n",
                TRANSACTIONS, json.length, cursor, tokens);
        assertThat(cursor).isPositive().isLessThan(500_000);
    }
}
