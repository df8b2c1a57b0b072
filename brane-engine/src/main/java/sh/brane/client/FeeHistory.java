package sh.brane.client;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import tools.jackson.databind.JsonNode;

/**
 * The answer of {@code eth_feeHistory}.
 *
 * @param oldestBlock   the first block covered
 * @param baseFeePerGas base fee of each block covered, plus the next block's (one more entry than blocks)
 * @param gasUsedRatio  fraction of the gas limit used by each block
 * @param reward        per block, the priority fee at each requested percentile (empty if none were asked)
 * @param baseFeePerBlobGas the blob base fee of each block covered plus the next block's (EIP-4844); empty before
 *                          Cancun or from nodes that do not report it
 * @param blobGasUsedRatio  fraction of the blob gas limit used by each block; empty likewise
 */
public record FeeHistory(long oldestBlock, List<BigInteger> baseFeePerGas, List<Double> gasUsedRatio,
        List<List<BigInteger>> reward, List<BigInteger> baseFeePerBlobGas, List<Double> blobGasUsedRatio) {

    public FeeHistory {
        baseFeePerGas = List.copyOf(baseFeePerGas);
        gasUsedRatio = List.copyOf(gasUsedRatio);
        reward = List.copyOf(reward);
        baseFeePerBlobGas = List.copyOf(baseFeePerBlobGas);
        blobGasUsedRatio = List.copyOf(blobGasUsedRatio);
    }

    /** A fee history without blob fees. */
    public FeeHistory(long oldestBlock, List<BigInteger> baseFeePerGas, List<Double> gasUsedRatio,
            List<List<BigInteger>> reward) {
        this(oldestBlock, baseFeePerGas, gasUsedRatio, reward, List.of(), List.of());
    }

    /** The blob base fee the next block will have (the last entry of {@link #baseFeePerBlobGas}), or null. */
    public BigInteger nextBlobBaseFee() {
        return baseFeePerBlobGas.isEmpty() ? null : baseFeePerBlobGas.get(baseFeePerBlobGas.size() - 1);
    }

    /** The base fee the next block will have (the last entry of {@link #baseFeePerGas}). */
    public BigInteger nextBaseFee() {
        return baseFeePerGas.isEmpty() ? null : baseFeePerGas.get(baseFeePerGas.size() - 1);
    }

    static FeeHistory parse(JsonNode json, String where) {
        Json.object(json, where);
        List<BigInteger> baseFees = quantities(Json.field(json, "baseFeePerGas", where), where + ".baseFeePerGas");
        List<Double> used = ratios(Json.field(json, "gasUsedRatio", where), where + ".gasUsedRatio");
        List<BigInteger> blobFees = Json.present(json, "baseFeePerBlobGas")
                ? quantities(json.get("baseFeePerBlobGas"), where + ".baseFeePerBlobGas") : List.of();
        List<Double> blobUsed = Json.present(json, "blobGasUsedRatio")
                ? ratios(json.get("blobGasUsedRatio"), where + ".blobGasUsedRatio") : List.of();
        List<List<BigInteger>> rewards = new ArrayList<>();
        if (Json.present(json, "reward")) {
            JsonNode rs = Json.array(json.get("reward"), where + ".reward");
            for (int i = 0; i < rs.size(); i++) {
                JsonNode row = Json.array(rs.get(i), where + ".reward[" + i + "]");
                List<BigInteger> values = new ArrayList<>(row.size());
                for (int j = 0; j < row.size(); j++) {
                    values.add(Json.quantity(row.get(j), where + ".reward[" + i + "][" + j + "]"));
                }
                rewards.add(List.copyOf(values));
            }
        }
        return new FeeHistory(Json.longField(json, "oldestBlock", where), baseFees, used, rewards, blobFees,
                blobUsed);
    }

    private static List<BigInteger> quantities(JsonNode node, String where) {
        JsonNode array = Json.array(node, where);
        List<BigInteger> out = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            out.add(Json.quantity(array.get(i), where + "[" + i + "]"));
        }
        return out;
    }

    private static List<Double> ratios(JsonNode node, String where) {
        JsonNode array = Json.array(node, where);
        List<Double> out = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            JsonNode r = array.get(i);
            if (!r.isNumber()) {
                throw Json.bad(where + "[" + i + "]", "expected a number", r);
            }
            out.add(r.asDouble());
        }
        return out;
    }
}
