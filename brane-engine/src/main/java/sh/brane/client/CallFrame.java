package sh.brane.client;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import sh.brane.core.abi.Abi;
import sh.brane.core.abi.AbiDecodingException;
import sh.brane.core.abi.RevertDecoder;
import sh.brane.core.abi.RevertReason;
import sh.brane.core.types.Address;
import tools.jackson.databind.JsonNode;

/**
 * One frame of geth's {@code callTracer} ({@code debug_traceTransaction}, {@code debug_traceCall}): a call, create or
 * self-destruct with what it was given, what it returned and the frames it made. Internal transfers are the frames
 * with a non-zero {@link #value()}.
 *
 * @param type         CALL, STATICCALL, DELEGATECALL, CALLCODE, CREATE, CREATE2, SELFDESTRUCT (as the node writes it)
 * @param to           null for a create that failed before an address was known
 * @param value        null where the frame moves no value by definition (STATICCALL, DELEGATECALL)
 * @param output       the return data, or the revert data if it reverted; empty if none
 * @param error        why the frame failed ("execution reverted", "out of gas", ...); null if it succeeded
 * @param revertReason the node's decoding of an {@code Error(string)} revert; null otherwise
 * @param logs         the frame's own logs, when traced with {@link Tracer#callsWithLogs()}; empty otherwise
 */
public record CallFrame(String type, Address from, Address to, BigInteger value, long gas, long gasUsed, byte[] input,
        byte[] output, String error, String revertReason, List<CallFrame> calls, List<Log> logs) {

    public CallFrame {
        input = input.clone();
        output = output.clone();
        calls = List.copyOf(calls);
        logs = List.copyOf(logs);
    }

    @Override
    public byte[] input() {
        return input.clone();
    }

    @Override
    public byte[] output() {
        return output.clone();
    }

    public boolean failed() {
        return error != null;
    }

    /** The revert of this frame decoded with the contract's custom errors (may be null); empty if it did not fail. */
    public RevertReason revert(Abi errors) {
        if (!failed()) {
            return new RevertReason.Empty();
        }
        try {
            return RevertDecoder.decode(output, errors);
        } catch (AbiDecodingException e) {
            return new RevertReason.Unknown(output);
        }
    }

    /** This frame and every frame under it, depth first (the order they ran in). */
    public List<CallFrame> flatten() {
        List<CallFrame> out = new ArrayList<>();
        collect(this, out);
        return out;
    }

    private static void collect(CallFrame f, List<CallFrame> out) {
        out.add(f);
        for (CallFrame c : f.calls) {
            collect(c, out);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CallFrame f && type.equals(f.type) && Objects.equals(from, f.from)
                && Objects.equals(to, f.to) && Objects.equals(value, f.value) && gas == f.gas
                && gasUsed == f.gasUsed && Arrays.equals(input, f.input) && Arrays.equals(output, f.output)
                && Objects.equals(error, f.error) && Objects.equals(revertReason, f.revertReason)
                && calls.equals(f.calls) && logs.equals(f.logs);
    }

    @Override
    public int hashCode() {
        return Objects.hash(type, from, to, gas, gasUsed, calls.size());
    }

    @Override
    public String toString() {
        return "CallFrame[" + type + " " + from + " -> " + to + ", value=" + value + ", gasUsed=" + gasUsed
                + (error != null ? ", error=" + error : "") + ", calls=" + calls.size() + "]";
    }

    /** Frames nest as deep as the EVM's call depth (1024): read without recursion limits of their own. */
    static CallFrame parse(JsonNode json, String where) {
        Json.object(json, where);
        List<CallFrame> calls = new ArrayList<>();
        if (Json.present(json, "calls")) {
            JsonNode cs = Json.array(json.get("calls"), where + ".calls");
            for (int i = 0; i < cs.size(); i++) {
                calls.add(parse(cs.get(i), where + ".calls[" + i + "]"));
            }
        }
        List<Log> logs = new ArrayList<>();
        if (Json.present(json, "logs")) {
            JsonNode ls = Json.array(json.get("logs"), where + ".logs");
            for (int i = 0; i < ls.size(); i++) {
                logs.add(Log.parse(ls.get(i), where + ".logs[" + i + "]"));
            }
        }
        return new CallFrame(Json.string(Json.field(json, "type", where), where + ".type"),
                Json.addressField(json, "from", where), Json.optAddressField(json, "to", where),
                Json.optBigField(json, "value", where), Json.longField(json, "gas", where),
                Json.longField(json, "gasUsed", where),
                Json.present(json, "input") ? Json.bytes(json.get("input"), where + ".input") : new byte[0],
                Json.present(json, "output") ? Json.bytes(json.get("output"), where + ".output") : new byte[0],
                Json.present(json, "error") ? Json.string(json.get("error"), where + ".error") : null,
                Json.present(json, "revertReason")
                        ? Json.string(json.get("revertReason"), where + ".revertReason") : null,
                calls, logs);
    }
}
