package sh.brane.client;

import java.util.Map;
import java.util.function.BiFunction;

import sh.brane.core.types.Address;
import tools.jackson.databind.JsonNode;

/**
 * A built-in geth tracer for {@code debug_traceTransaction} and {@code debug_traceCall} (Anvil, Reth, Erigon and
 * Nethermind implement them too), with the record its answer reads into.
 *
 * <pre>{@code
 * CallFrame root = client.traceTransaction(hash, Tracer.calls());
 * Map<Address, AccountState> touched = client.traceTransaction(hash, Tracer.prestate());
 * }</pre>
 */
public final class Tracer<T> {
    private final String name;
    private final Map<String, Object> config;
    private final BiFunction<JsonNode, String, T> reader;

    private Tracer(String name, Map<String, Object> config, BiFunction<JsonNode, String, T> reader) {
        this.name = name;
        this.config = config;
        this.reader = reader;
    }

    /** {@code callTracer}: the tree of calls. */
    public static Tracer<CallFrame> calls() {
        return new Tracer<>("callTracer", Map.of(), CallFrame::parse);
    }

    /** {@code callTracer} with {@code withLog}: each frame also carries the logs it emitted. */
    public static Tracer<CallFrame> callsWithLogs() {
        return new Tracer<>("callTracer", Map.of("withLog", true), CallFrame::parse);
    }

    /** {@code prestateTracer}: the state of every account the transaction touched, before it ran. */
    public static Tracer<Map<Address, AccountState>> prestate() {
        return new Tracer<>("prestateTracer", Map.of(), AccountState::parseAll);
    }

    /** {@code prestateTracer} in diff mode: what the transaction changed, before and after. */
    public static Tracer<PrestateDiff> prestateDiff() {
        return new Tracer<>("prestateTracer", Map.of("diffMode", true), PrestateDiff::parse);
    }

    /** The tracer options object of the {@code debug_trace*} calls. */
    Map<String, Object> options() {
        return config.isEmpty() ? Map.of("tracer", name) : Map.of("tracer", name, "tracerConfig", config);
    }

    T read(JsonNode result, String where) {
        return reader.apply(result, where);
    }

    @Override
    public String toString() {
        return name + (config.isEmpty() ? "" : config.toString());
    }
}
