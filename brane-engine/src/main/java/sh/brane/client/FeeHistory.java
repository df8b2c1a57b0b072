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
 */
public record FeeHistory(long oldestBlock, List<BigInteger> baseFeePerGas, List<Double> gasUsedRatio,
        List<List<BigInteger>> reward) {

    public FeeHistory {
        baseFeePerGas = List.copyOf(baseFeePerGas);
        gasUsedRatio = List.copyOf(gasUsedRatio);
        reward = List.copyOf(reward);
    }

    /** The base fee the next block will have (the last entry of {@link #baseFeePerGas}). */
    public BigInteger nextBaseFee() {
        return baseFeePerGas.isEmpty() ? null : baseFeePerGas.get(baseFeePerGas.size() - 1);
    }

    static FeeHistory parse(JsonNode json, String where) {
        Json.object(json, where);
        JsonNode base = Json.array(Json.field(json, "baseFeePerGas", where), where + ".baseFeePerGas");
        List<BigInteger> baseFees = new ArrayList<>(base.size());
        for (int i = 0; i < base.size(); i++) {
            baseFees.add(Json.quantity(base.get(i), where + ".baseFeePerGas[" + i + "]"));
        }
        JsonNode ratios = Json.array(Json.field(json, "gasUsedRatio", where), where + ".gasUsedRatio");
        List<Double> used = new ArrayList<>(ratios.size());
        for (int i = 0; i < ratios.size(); i++) {
            JsonNode r = ratios.get(i);
            if (!r.isNumber()) {
                throw Json.bad(where + ".gasUsedRatio[" + i + "]", "expected a number", r);
            }
            used.add(r.asDouble());
        }
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
        return new FeeHistory(Json.longField(json, "oldestBlock", where), baseFees, used, rewards);
    }
}
