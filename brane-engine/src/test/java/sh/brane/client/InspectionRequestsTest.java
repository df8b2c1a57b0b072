package sh.brane.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;

/**
 * The request objects of the inspection calls as the execution-apis schemas and geth's tracer config spell them:
 * state overrides in both storage forms and with a moved precompile, block overrides with withdrawals, the
 * simulation's options, and the overrides of {@code debug_traceCall} inside its tracer options.
 */
class InspectionRequestsTest {
    private static final Address A = Address.of("0x" + "aa".repeat(20));
    private static final Address SHA256 = Address.of("0x0000000000000000000000000000000000000002");
    private static final Hash ONE = Hash.of("0x" + "00".repeat(31) + "01");

    @Test
    void aStateOverrideTakesEitherStorageFormPerAccountAndMovesPrecompiles() {
        StateOverride o = StateOverride.builder().replaceStorage(A, Map.of(Hash.ZERO, ONE))
                .movePrecompile(SHA256, A).build();
        assertThat(o.toJson()).containsOnlyKeys(A.toHex(), SHA256.toHex());
        assertThat(o.toJson().get(A.toHex())).isEqualTo(Map.of("state", Map.of(Hash.ZERO.toHex(), ONE.toHex())));
        assertThat(o.toJson().get(SHA256.toHex())).isEqualTo(Map.of("movePrecompileToAddress", A.toHex()));
        assertThatThrownBy(() -> StateOverride.builder().storage(A, Hash.ZERO, ONE)
                .replaceStorage(A, Map.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("either those or a whole replacement");
        assertThatThrownBy(() -> StateOverride.builder().replaceStorage(A, Map.of())
                .storage(A, Hash.ZERO, ONE)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("already replaced whole");
    }

    @Test
    void aBlockOverrideCarriesWithdrawalsOfAtMostABlocksCount() {
        BlockOverride b = BlockOverride.builder().withdrawals(List.of(new Withdrawal(7, 9, A, 32_000_000_000L)))
                .build();
        assertThat(b.toJson().get("withdrawals")).isEqualTo(List.of(Map.of("index", "0x7", "validatorIndex", "0x9",
                "address", A.toHex(), "amount", "0x773594000")));
        assertThatThrownBy(() -> BlockOverride.builder().withdrawals(
                Collections.nCopies(17, new Withdrawal(0, 0, A, 1)))).hasMessageContaining("at most 16");
    }

    @Test
    void aSimulationSaysEveryOptionAndATracedCallCarriesItsOverridesInItsTracerOptions() {
        Map<String, Object> sim = Simulation.builder().block(List.of(CallRequest.to(A, new byte[0])))
                .validation(true).returnFullTransactions(true).build().toJson();
        assertThat(sim).containsEntry("validation", true).containsEntry("traceTransfers", false)
                .containsEntry("returnFullTransactions", true);

        StateOverride state = StateOverride.builder().balance(A, java.math.BigInteger.TEN).build();
        BlockOverride block = BlockOverride.builder().number(5).build();
        List<?> params = InspectionCalls.traceCall(CallRequest.to(A, new byte[0]), BlockTag.LATEST,
                Tracer.callsWithLogs(), state, block).params();
        assertThat(params.get(2)).isEqualTo(Map.of("tracer", "callTracer", "tracerConfig", Map.of("withLog", true),
                "stateOverrides", state.toJson(), "blockOverrides", block.toJson()));
        assertThat(InspectionCalls.traceCall(CallRequest.to(A, new byte[0]), BlockTag.LATEST, Tracer.prestate())
                .params().get(2)).isEqualTo(Map.of("tracer", "prestateTracer"));
    }
}
