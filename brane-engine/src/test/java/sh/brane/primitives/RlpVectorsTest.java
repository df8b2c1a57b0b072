package sh.brane.primitives;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The ethereum/tests RLP vectors (see src/test/resources/vectors/rlp/README.md). */
class RlpVectorsTest {

    private static JsonNode load(String name) throws IOException {
        try (InputStream in = RlpVectorsTest.class.getResourceAsStream("/vectors/rlp/" + name)) {
            return JsonMapper.builder().build().readTree(in);
        }
    }

    static Stream<Arguments> validCases() throws IOException {
        List<Arguments> cases = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : load("rlptest.json").properties()) {
            cases.add(Arguments.of(e.getKey(), e.getValue().get("in"), e.getValue().get("out").asString()));
        }
        return cases.stream();
    }

    static Stream<Arguments> invalidCases() throws IOException {
        List<Arguments> cases = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : load("invalidRLPTest.json").properties()) {
            cases.add(Arguments.of(e.getKey(), e.getValue().get("out").asString()));
        }
        return cases.stream();
    }

    @Test
    void vectorFilesAreComplete() throws IOException {
        assertThat(validCases()).hasSizeGreaterThanOrEqualTo(28);
        assertThat(invalidCases()).hasSize(17);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("validCases")
    void encodesAndDecodesValidVector(String name, JsonNode in, String out) {
        byte[] expected = Hex.decode(out);
        RlpItem item = toItem(in);

        assertThat(Hex.encode(Rlp.encode(item))).as(name).isEqualTo(out.toLowerCase());
        assertThat(Rlp.sizeOf(item)).isEqualTo(expected.length);
        RlpItem decoded = Rlp.decode(expected);
        assertThat(decoded).as(name).isEqualTo(item);

        if (in.isNumber()) {
            assertThat(Hex.encode(Rlp.encodeLong(in.longValue()))).isEqualTo(out);
            assertThat(decoded.asLong()).isEqualTo(in.longValue());
        }
        if (in.isNumber() || (in.isString() && in.asString().startsWith("#"))) {
            BigInteger value = in.isNumber() ? in.bigIntegerValue() : new BigInteger(in.asString().substring(1));
            assertThat(Hex.encode(Rlp.encodeBigInteger(value))).isEqualTo(out);
            assertThat(decoded.asBigInteger()).isEqualTo(value);
        } else if (in.isString()) {
            assertThat(Hex.encode(Rlp.encodeBytes(((RlpString) item).asBytes()))).isEqualTo(out);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidCases")
    void rejectsInvalidVector(String name, String out) {
        byte[] bytes = Hex.decode(out);
        assertThatThrownBy(() -> Rlp.decode(bytes)).as(name)
                .isInstanceOf(RlpDecodingException.class)
                .hasMessageContaining("offset");
    }

    /** The input notation of rlptest.json: see the README next to it. */
    static RlpItem toItem(JsonNode in) {
        if (in.isArray()) {
            List<RlpItem> items = new ArrayList<>();
            for (JsonNode child : in) {
                items.add(toItem(child));
            }
            return RlpList.of(items);
        }
        if (in.isNumber()) {
            return RlpString.ofBigInteger(in.bigIntegerValue());
        }
        String s = in.asString();
        if (s.startsWith("#")) {
            return RlpString.ofBigInteger(new BigInteger(s.substring(1)));
        }
        if (s.startsWith("0x")) {
            return RlpString.of(Hex.decode(s));
        }
        return RlpString.of(s.getBytes(StandardCharsets.UTF_8));
    }
}
