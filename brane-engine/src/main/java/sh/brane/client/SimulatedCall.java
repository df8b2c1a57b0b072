package sh.brane.client;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import sh.brane.core.abi.Abi;
import sh.brane.core.abi.AbiDecodingException;
import sh.brane.core.abi.RevertDecoder;
import sh.brane.core.abi.RevertReason;
import tools.jackson.databind.JsonNode;

/**
 * What one call of a simulated block did.
 *
 * @param returnData   the return data, or the revert data of a revert
 * @param logs         its logs (with {@link Simulation.Builder#traceTransfers}, ETH transfers too)
 * @param errorCode    the node's error code if it failed (geth: 3 for a revert, -32015 for a VM error); null if not
 * @param errorMessage the node's error message if it failed; null if not
 */
public record SimulatedCall(boolean success, byte[] returnData, long gasUsed, List<Log> logs, Long errorCode,
        String errorMessage) {

    public SimulatedCall {
        returnData = returnData.clone();
        logs = List.copyOf(logs);
    }

    @Override
    public byte[] returnData() {
        return returnData.clone();
    }

    /** Why it reverted, decoded with the contract's custom errors ({@code errors} may be null); Empty if it did not. */
    public RevertReason revert(Abi errors) {
        if (success) {
            return new RevertReason.Empty();
        }
        try {
            return RevertDecoder.decode(returnData, errors);
        } catch (AbiDecodingException e) {
            return new RevertReason.Unknown(returnData);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SimulatedCall c && success == c.success && Arrays.equals(returnData, c.returnData)
                && gasUsed == c.gasUsed && logs.equals(c.logs) && Objects.equals(errorCode, c.errorCode)
                && Objects.equals(errorMessage, c.errorMessage);
    }

    @Override
    public int hashCode() {
        return Objects.hash(success, gasUsed, logs.size(), errorCode);
    }

    @Override
    public String toString() {
        return "SimulatedCall[" + (success ? "success" : "failed: " + errorMessage) + ", gasUsed=" + gasUsed
                + ", returnData=" + returnData.length + " bytes, logs=" + logs.size() + "]";
    }

    static SimulatedCall parse(JsonNode json, String where) {
        Json.object(json, where);
        long status = Json.longField(json, "status", where);
        if (status > 1) {
            throw Json.bad(where + ".status", "status must be 0x0 or 0x1", json.get("status"));
        }
        JsonNode ls = Json.array(Json.field(json, "logs", where), where + ".logs");
        List<Log> logs = new ArrayList<>(ls.size());
        for (int i = 0; i < ls.size(); i++) {
            logs.add(Log.parse(ls.get(i), where + ".logs[" + i + "]"));
        }
        byte[] returnData = Json.bytesField(json, "returnData", where);
        Long code = null;
        String message = null;
        if (Json.present(json, "error")) {
            JsonNode error = Json.object(json.get("error"), where + ".error");
            JsonNode c = error.get("code");
            code = c != null && c.isIntegralNumber() ? c.asLong() : null;
            message = error.has("message") ? error.get("message").asString() : null;
            // geth also puts the revert data here; an empty returnData then takes it
            if (returnData.length == 0 && Json.present(error, "data") && error.get("data").isString()) {
                returnData = Json.bytes(error.get("data"), where + ".error.data");
            }
        }
        return new SimulatedCall(status == 1, returnData, Json.longField(json, "gasUsed", where), logs, code, message);
    }
}
