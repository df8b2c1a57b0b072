package sh.brane.client;

import java.util.List;
import java.util.Map;

import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.rpc.ResultDecoder;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The table of the calls that look at a transaction before or after it is sent: access lists, proofs, traces and
 * simulation. Their answers are read as trees (nested, irregular, and never on a hot path), then into records.
 */
final class InspectionCalls {
    private static final JsonMapper TREES = JsonMapper.builder()
            .disable(tools.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS).build();

    private InspectionCalls() {
    }

    static TypedCall<AccessListResult> createAccessList(CallRequest request, BlockTag block) {
        return new TypedCall<>("eth_createAccessList", List.of(request.toJson(), block.value()),
                tree(AccessListResult::parse, "eth_createAccessList"));
    }

    static TypedCall<AccountProof> getProof(Address account, List<Hash> slots, BlockTag block) {
        return new TypedCall<>("eth_getProof",
                List.of(account.toHex(), slots.stream().map(Hash::toHex).toList(), block.value()),
                tree(AccountProof::parse, "eth_getProof"));
    }

    static <T> TypedCall<T> traceTransaction(Hash transaction, Tracer<T> tracer) {
        return new TypedCall<>("debug_traceTransaction", List.of(transaction.toHex(), tracer.options()),
                tree(tracer::read, "debug_traceTransaction"));
    }

    static <T> TypedCall<T> traceCall(CallRequest request, BlockTag block, Tracer<T> tracer) {
        return traceCall(request, block, tracer, null, null);
    }

    /**
     * {@code debug_traceCall} with state and block overrides: geth, Reth, Erigon and Anvil read them from the
     * tracer options object ({@code stateOverrides}, {@code blockOverrides}), not from further parameters.
     */
    static <T> TypedCall<T> traceCall(CallRequest request, BlockTag block, Tracer<T> tracer, StateOverride state,
                                      BlockOverride overrides) {
        Map<String, Object> options = tracer.options();
        if (state != null || overrides != null) {
            options = new java.util.LinkedHashMap<>(options);
            if (state != null) {
                options.put("stateOverrides", state.toJson());
            }
            if (overrides != null) {
                options.put("blockOverrides", overrides.toJson());
            }
        }
        return new TypedCall<>("debug_traceCall", List.of(request.toJson(), block.value(), options),
                tree(tracer::read, "debug_traceCall"));
    }

    static TypedCall<List<SimulatedBlock>> simulate(Simulation simulation, BlockTag block) {
        return new TypedCall<>("eth_simulateV1", List.of(simulation.toJson(), block.value()),
                tree(SimulatedBlock::parseAll, "eth_simulateV1"));
    }

    /** {@code eth_call} with state overrides (may be null: none) and block overrides. */
    static TypedCall<byte[]> call(CallRequest request, BlockTag block, StateOverride state, BlockOverride overrides,
                                  sh.brane.core.abi.Abi errors) {
        TypedCall<byte[]> plain = ClientCalls.call(request, block, state, errors);
        Object stateJson = state == null ? Map.of() : state.toJson();
        return new TypedCall<>("eth_call", List.of(request.toJson(), block.value(), stateJson, overrides.toJson()),
                plain.decoder(), plain.onRpcError());
    }

    private static <T> ResultDecoder<T> tree(java.util.function.BiFunction<JsonNode, String, T> reader, String where) {
        return p -> reader.apply(TREES.readTree(p), where);
    }
}
