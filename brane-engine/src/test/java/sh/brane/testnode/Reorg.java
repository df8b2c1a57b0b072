package sh.brane.testnode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;

/**
 * A reorganisation of the last blocks on an Anvil: the blocks are rolled back ({@code anvil_rollback}, which forgets
 * their transactions) and replaced by a fork of the same height that mines some of their transactions in another
 * order (one submission per block, so each lands in another block than before, and a nonce that arrives before the
 * one below it waits for it) and leaves the others out: those go back to the pool, as a real node puts the
 * transactions of an abandoned branch back into its pool.
 */
public final class Reorg {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private Reorg() {
    }

    /** What the fork did: the hashes it mined again and the ones it put back into the pool. */
    public record Result(int depth, List<String> kept, List<String> backToPool) {
    }

    /**
     * @param upstream a call to the node: method and params to the JSON-RPC answer
     * @param depth how many of the last blocks to replace (at most the head)
     * @param keep how many of their transactions the fork mines (the rest back to the pool)
     * @param seed the order of the fork
     */
    static Result replaceLastBlocks(BiFunction<String, ArrayNode, JsonNode> upstream, int depth, int keep,
            long seed) {
        long head = hex(upstream.apply("eth_blockNumber", JSON.createArrayNode()).path("result"));
        int n = (int) Math.min(depth, head);
        List<String[]> txs = new ArrayList<>(); // {hash, raw}
        for (long b = head - n + 1; b <= head; b++) {
            JsonNode block = upstream.apply("eth_getBlockByNumber", params("0x" + Long.toHexString(b), false))
                    .path("result");
            for (JsonNode hash : block.path("transactions")) {
                String raw = upstream.apply("eth_getRawTransactionByHash", params(hash.asString())).path("result")
                        .asString();
                txs.add(new String[] {hash.asString(), raw});
            }
        }
        if (n == 0) {
            return new Result(0, List.of(), List.of());
        }
        JsonNode rolledBack = upstream.apply("anvil_rollback", params(n));
        if (rolledBack.has("error")) {
            throw new IllegalStateException("anvil_rollback(" + n + ") failed: " + rolledBack.get("error"));
        }
        Collections.shuffle(txs, new Random(seed));
        int kept = Math.min(Math.max(0, keep), txs.size());
        List<String> keptHashes = new ArrayList<>();
        List<String> pooled = new ArrayList<>();
        int mined = 0;
        for (int i = 0; i < kept; i++) {
            upstream.apply("eth_sendRawTransaction", params(txs.get(i)[1]));
            keptHashes.add(txs.get(i)[0]);
            if (mined < n) {
                upstream.apply("evm_mine", JSON.createArrayNode());
                mined++;
            }
        }
        for (; mined < n; mined++) { // the fork is as high as the branch it replaced
            upstream.apply("evm_mine", JSON.createArrayNode());
        }
        for (int i = kept; i < txs.size(); i++) {
            upstream.apply("eth_sendRawTransaction", params(txs.get(i)[1]));
            pooled.add(txs.get(i)[0]);
        }
        return new Result(n, keptHashes, pooled);
    }

    private static ArrayNode params(Object... values) {
        ArrayNode a = JSON.createArrayNode();
        for (Object v : values) {
            a.addPOJO(v);
        }
        return a;
    }

    private static long hex(JsonNode n) {
        String s = n.asString("0x0");
        return Long.parseLong(s.substring(2), 16);
    }
}
