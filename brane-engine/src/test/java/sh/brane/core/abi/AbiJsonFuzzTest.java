package sh.brane.core.abi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import sh.brane.fuzzing.FuzzSupport;

/**
 * Fuzzes {@link Abi#fromJson(String)} (contract artifacts are files a user may not have written): only
 * {@link AbiParseException} escapes; a parsed ABI finds each of its functions by name and selector and
 * each non-anonymous event by topic 0.
 */
@Tag("fuzz")
class AbiJsonFuzzTest {

    @FuzzTest(maxDuration = "10s")
    void parse(FuzzedDataProvider provider) {
        check(provider.consumeRemainingAsBytes());
    }

    /** The properties, for one input. */
    static void check(byte[] input) {
        String json = new String(input, StandardCharsets.UTF_8);
        Abi abi = FuzzSupport.expectOnly(input, () -> Abi.fromJson(json), AbiParseException.class);
        if (abi == null) {
            return;
        }
        assertThat(abi.toString()).isNotNull();
        for (AbiFunction f : abi.functions()) {
            assertThat(abi.functions(f.name())).contains(f);
            assertThat(abi.functionBySelector(f.selector())).isPresent();
            // no round trip through AbiFunction.parse: the JSON reader accepts names that are not
            // Solidity identifiers, which the signature parser rejects
            assertThat(f.signature()).startsWith(f.name() + "(");
        }
        for (AbiEvent e : abi.events()) {
            Optional<AbiEvent> byTopic = abi.eventByTopic(e.topic0());
            if (e.anonymous()) {
                // an anonymous event has no topic 0; a non-anonymous event of the same signature may own it
                byTopic.ifPresent(other -> assertThat(other.anonymous()).isFalse());
            } else {
                assertThat(byTopic).hasValueSatisfying(other -> {
                    assertThat(other.anonymous()).isFalse();
                    assertThat(other.topic0()).isEqualTo(e.topic0());
                });
            }
        }
    }

    /** Seeds: the sample ABI and the test contract's ABI. */
    @Test
    void seedCorpusReachesTheParser() throws IOException {
        if (FuzzSupport.writingSeeds()) {
            Map<String, byte[]> seeds = new LinkedHashMap<>();
            try (InputStream a = AbiJsonFuzzTest.class.getResourceAsStream("/abi/sample.json");
                 InputStream b = AbiJsonFuzzTest.class.getResourceAsStream("/contracts/BraneTest.abi")) {
                seeds.put("seed-sample", a.readAllBytes());
                seeds.put("seed-brane-test", b.readAllBytes());
            }
            seeds.put("seed-small", """
                    [{"type":"function","name":"f","inputs":[{"name":"a","type":"tuple[]","components":[
                    {"name":"x","type":"uint8[2]"},{"name":"y","type":"bytes"}]}],"outputs":[{"type":"string"}],
                    "stateMutability":"view"},{"type":"event","name":"E","anonymous":false,"inputs":[
                    {"name":"from","type":"address","indexed":true},{"name":"v","type":"int256","indexed":false}]},
                    {"type":"error","name":"Bad","inputs":[{"name":"code","type":"uint256"}]},{"type":"fallback"},
                    {"type":"receive","stateMutability":"payable"},{"type":"constructor","inputs":[]}]
                    """.getBytes(StandardCharsets.UTF_8));
            FuzzSupport.writeSeeds(AbiJsonFuzzTest.class, "parse", seeds);
        }
        List<byte[]> inputs = FuzzSupport.inputs(AbiJsonFuzzTest.class, "parse");
        assertThat(inputs).hasSizeGreaterThanOrEqualTo(3);
        for (byte[] in : inputs) {
            check(in);
        }
        assertThat(Abi.fromJson(new String(inputs.get(inputs.size() - 1), StandardCharsets.UTF_8)).functions()).isNotEmpty();
    }
}
