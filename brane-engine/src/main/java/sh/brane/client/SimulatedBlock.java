package sh.brane.client;

import java.util.ArrayList;
import java.util.List;

import tools.jackson.databind.JsonNode;

/**
 * One block of an {@code eth_simulateV1} answer: the block the node built and what each of its calls did.
 */
public record SimulatedBlock(Block block, List<SimulatedCall> calls) {

    public SimulatedBlock {
        calls = List.copyOf(calls);
    }

    static List<SimulatedBlock> parseAll(JsonNode json, String where) {
        Json.array(json, where);
        List<SimulatedBlock> out = new ArrayList<>(json.size());
        for (int i = 0; i < json.size(); i++) {
            String at = where + "[" + i + "]";
            JsonNode b = Json.object(json.get(i), at);
            JsonNode cs = Json.array(Json.field(b, "calls", at), at + ".calls");
            List<SimulatedCall> calls = new ArrayList<>(cs.size());
            for (int k = 0; k < cs.size(); k++) {
                calls.add(SimulatedCall.parse(cs.get(k), at + ".calls[" + k + "]"));
            }
            out.add(new SimulatedBlock(Block.parse(b, at), calls));
        }
        return out;
    }
}
