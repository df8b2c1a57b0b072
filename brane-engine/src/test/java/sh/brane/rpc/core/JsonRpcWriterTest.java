package sh.brane.rpc.core;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The check every provider makes of a call's params before anything is written: only a bad param costs a path. */
class JsonRpcWriterTest {

    @Test
    void paramsOfEverySupportedShapePass() {
        List<Object> params = List.of(
                Map.of("to", "0x00", "data", new byte[] {1}, "nested", List.of(1, 2L, BigInteger.TEN, 1.5, true)),
                "latest");
        assertThatCode(() -> JsonRpcWriter.checkParams(params)).doesNotThrowAnyException();
        assertThatCode(() -> JsonRpcWriter.checkParams(Arrays.asList(null, List.of()))).doesNotThrowAnyException();
        assertThatCode(() -> JsonRpcWriter.checkParams(null)).doesNotThrowAnyException();
    }

    @Test
    void aBadParamIsNamedByItsPathAndType() {
        assertThatThrownBy(() -> JsonRpcWriter.checkParams(List.of("latest", new Object())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("params[1] has unsupported type java.lang.Object")
                .hasMessageContaining("allowed: String, Number");
        assertThatThrownBy(() -> JsonRpcWriter.checkParams(
                List.of(Map.of("filter", List.of("0x1", Map.of("topics", List.of(1, new StringBuilder())))))))
                .hasMessageStartingWith("params[0].filter[1].topics[1] has unsupported type java.lang.StringBuilder");
    }

    @Test
    void aMapWithANonStringKeyIsNamed() {
        assertThatThrownBy(() -> JsonRpcWriter.checkParams(List.of(Map.of("ok", 1), Map.of(7, "x"))))
                .hasMessage("params[1] is a Map with a non-String key 7; JSON object keys must be strings");
    }
}
