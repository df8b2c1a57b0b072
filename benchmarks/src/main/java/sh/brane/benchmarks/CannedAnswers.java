package sh.brane.benchmarks;

import java.nio.charset.StandardCharsets;
import java.util.Random;

/**
 * Large answers the stub server gives, shaped like mainnet's (EIP-1559 transactions with signatures, receipts
 * with logs and blooms), generated from a fixed seed so every run reads the same bytes:
 * {@code eth_getBlockByNumber} (a block of {@link #TRANSACTIONS} full transactions, whatever the params),
 * {@code eth_getBlockReceipts} (its receipts) and {@code eth_getLogs} ({@link #LOGS} logs).
 */
final class CannedAnswers {
    static final int TRANSACTIONS = 300;
    static final int LOGS = 500;
    static final long BLOCK_NUMBER = 0x1312d00;

    static final byte[] BLOCK;
    static final byte[] RECEIPTS;
    static final byte[] LOG_LIST;

    static {
        Random r = new Random(20261123L);
        String blockHash = hex(r, 32);
        String[] txHashes = new String[TRANSACTIONS];
        String[] senders = new String[TRANSACTIONS];
        String[] targets = new String[TRANSACTIONS];
        StringBuilder txs = new StringBuilder(TRANSACTIONS * 900);
        for (int i = 0; i < TRANSACTIONS; i++) {
            txHashes[i] = hex(r, 32);
            senders[i] = hex(r, 20);
            targets[i] = hex(r, 20);
            if (i > 0) {
                txs.append(',');
            }
            txs.append("{\"blockHash\":\"").append(blockHash)
                    .append("\",\"blockNumber\":\"").append(q(BLOCK_NUMBER))
                    .append("\",\"from\":\"").append(senders[i])
                    .append("\",\"gas\":\"").append(q(21_000 + r.nextInt(300_000)))
                    .append("\",\"gasPrice\":\"").append(q(10_000_000_000L + r.nextInt(1_000_000_000)))
                    .append("\",\"maxFeePerGas\":\"").append(q(30_000_000_000L + r.nextInt(1_000_000_000)))
                    .append("\",\"maxPriorityFeePerGas\":\"").append(q(1_000_000_000L + r.nextInt(1_000_000)))
                    .append("\",\"hash\":\"").append(txHashes[i])
                    .append("\",\"input\":\"").append(hex(r, i % 3 == 0 ? 0 : 4 + 32 * (1 + r.nextInt(4))))
                    .append("\",\"nonce\":\"").append(q(r.nextInt(100_000)))
                    .append("\",\"to\":\"").append(targets[i])
                    .append("\",\"transactionIndex\":\"").append(q(i))
                    .append("\",\"value\":\"").append(q(Math.abs(r.nextLong()) >>> r.nextInt(40)))
                    .append("\",\"type\":\"0x2\",\"accessList\":[],\"chainId\":\"0x1\"")
                    .append(",\"v\":\"0x1\",\"r\":\"").append(hex(r, 32))
                    .append("\",\"s\":\"").append(hex(r, 32))
                    .append("\",\"yParity\":\"0x1\"}");
        }
        String block = "{\"baseFeePerGas\":\"0x2540be400\",\"blobGasUsed\":\"0x0\",\"difficulty\":\"0x0\""
                + ",\"excessBlobGas\":\"0x0\",\"extraData\":\"0x6265617665726275696c642e6f7267\""
                + ",\"gasLimit\":\"0x1c9c380\",\"gasUsed\":\"0x1c8f2a1\",\"hash\":\"" + blockHash + "\""
                + ",\"logsBloom\":\"" + hex(r, 256) + "\",\"miner\":\"" + hex(r, 20) + "\""
                + ",\"mixHash\":\"" + hex(r, 32) + "\",\"nonce\":\"0x0000000000000000\""
                + ",\"number\":\"" + q(BLOCK_NUMBER) + "\",\"parentBeaconBlockRoot\":\"" + hex(r, 32) + "\""
                + ",\"parentHash\":\"" + hex(r, 32) + "\",\"receiptsRoot\":\"" + hex(r, 32) + "\""
                + ",\"sha3Uncles\":\"" + hex(r, 32) + "\",\"size\":\"0x2a4b1\",\"stateRoot\":\"" + hex(r, 32) + "\""
                + ",\"timestamp\":\"0x6740f3bb\",\"totalDifficulty\":\"0xc70d815d562d3cfa955\""
                + ",\"transactions\":[" + txs + "],\"transactionsRoot\":\"" + hex(r, 32) + "\""
                + ",\"uncles\":[],\"withdrawals\":[],\"withdrawalsRoot\":\"" + hex(r, 32) + "\"}";
        BLOCK = block.getBytes(StandardCharsets.US_ASCII);

        StringBuilder receipts = new StringBuilder(TRANSACTIONS * 1500).append('[');
        long cumulative = 0;
        int logIndex = 0;
        for (int i = 0; i < TRANSACTIONS; i++) {
            long used = 21_000 + r.nextInt(200_000);
            cumulative += used;
            if (i > 0) {
                receipts.append(',');
            }
            receipts.append("{\"blockHash\":\"").append(blockHash)
                    .append("\",\"blockNumber\":\"").append(q(BLOCK_NUMBER))
                    .append("\",\"contractAddress\":null,\"cumulativeGasUsed\":\"").append(q(cumulative))
                    .append("\",\"effectiveGasPrice\":\"").append(q(10_000_000_000L + r.nextInt(1_000_000_000)))
                    .append("\",\"from\":\"").append(senders[i])
                    .append("\",\"gasUsed\":\"").append(q(used))
                    .append("\",\"logs\":[");
            int logs = i % 4 == 0 ? 0 : 1 + r.nextInt(2);
            for (int k = 0; k < logs; k++) {
                if (k > 0) {
                    receipts.append(',');
                }
                log(receipts, r, targets[i], blockHash, txHashes[i], i, logIndex++);
            }
            receipts.append("],\"logsBloom\":\"").append(hex(r, 256))
                    .append("\",\"status\":\"0x1\",\"to\":\"").append(targets[i])
                    .append("\",\"transactionHash\":\"").append(txHashes[i])
                    .append("\",\"transactionIndex\":\"").append(q(i))
                    .append("\",\"type\":\"0x2\"}");
        }
        RECEIPTS = receipts.append(']').toString().getBytes(StandardCharsets.US_ASCII);

        StringBuilder logs = new StringBuilder(LOGS * 600).append('[');
        for (int i = 0; i < LOGS; i++) {
            if (i > 0) {
                logs.append(',');
            }
            int tx = i % TRANSACTIONS;
            log(logs, r, targets[tx], blockHash, txHashes[tx], tx, i);
        }
        LOG_LIST = logs.append(']').toString().getBytes(StandardCharsets.US_ASCII);
    }

    private CannedAnswers() {
    }

    /** A Transfer-like log: three topics and one or two words of data. */
    private static void log(StringBuilder out, Random r, String address, String blockHash, String txHash, int txIndex,
                            int logIndex) {
        out.append("{\"address\":\"").append(address)
                .append("\",\"topics\":[\"0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef\",\"")
                .append(hex(r, 32)).append("\",\"").append(hex(r, 32))
                .append("\"],\"data\":\"").append(hex(r, 32 * (1 + r.nextInt(2))))
                .append("\",\"blockNumber\":\"").append(q(BLOCK_NUMBER))
                .append("\",\"transactionHash\":\"").append(txHash)
                .append("\",\"transactionIndex\":\"").append(q(txIndex))
                .append("\",\"blockHash\":\"").append(blockHash)
                .append("\",\"logIndex\":\"").append(q(logIndex))
                .append("\",\"removed\":false}");
    }

    private static String q(long v) {
        return "0x" + Long.toHexString(v);
    }

    private static String hex(Random r, int bytes) {
        byte[] b = new byte[bytes];
        r.nextBytes(b);
        return sh.brane.primitives.Hex.encode(b);
    }

    /** {@code eth_call}'s answer: one 32-byte word (1,000,000), what ContractReadBenchmark's contract returns. */
    private static final byte[] CALL_WORD = ("\"0x" + "0".repeat(59) + "f4240\"").getBytes(StandardCharsets.US_ASCII);

    /** The canned result for {@code method}, or null if the stub answers it with the chain id. */
    static byte[] resultFor(String method) {
        return switch (method) {
            case "eth_getBlockByNumber", "eth_getBlockByHash" -> BLOCK;
            case "eth_getBlockReceipts" -> RECEIPTS;
            case "eth_getLogs" -> LOG_LIST;
            case "eth_call" -> CALL_WORD;
            default -> null;
        };
    }
}
