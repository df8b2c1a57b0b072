package sh.brane.core.abi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class AbiTypeTest {

    @Test
    void parsesEveryElementaryType() {
        for (int bits = 8; bits <= 256; bits += 8) {
            assertThat(AbiType.parse("uint" + bits)).isSameAs(AbiType.uintN(bits));
            assertThat(AbiType.parse("int" + bits)).isSameAs(AbiType.intN(bits));
        }
        for (int n = 1; n <= 32; n++) {
            assertThat(AbiType.parse("bytes" + n)).isInstanceOfSatisfying(AbiType.FixedBytesType.class,
                    t -> assertThat(t.headSize()).isEqualTo(32));
        }
        assertThat(AbiType.parse("address")).isSameAs(AbiType.ADDRESS);
        assertThat(AbiType.parse("bool")).isSameAs(AbiType.BOOL);
        assertThat(AbiType.parse("bytes").isDynamic()).isTrue();
        assertThat(AbiType.parse("string").isDynamic()).isTrue();
        assertThat(AbiType.parse("uint")).isSameAs(AbiType.UINT256);
        assertThat(AbiType.parse("int")).isSameAs(AbiType.INT256);
    }

    @Test
    void parsesNestedArraysAndTuples() {
        AbiType t = AbiType.parse("(uint256,address[])[2][]");
        assertThat(t.canonical()).isEqualTo("(uint256,address[])[2][]");
        assertThat(t.isDynamic()).isTrue();
        AbiType.ArrayType outer = (AbiType.ArrayType) t;
        assertThat(outer.isFixedLength()).isFalse();
        AbiType.ArrayType inner = (AbiType.ArrayType) outer.element();
        assertThat(inner.length()).isEqualTo(2);
        AbiType.TupleType tuple = (AbiType.TupleType) inner.element();
        assertThat(tuple.components()).containsExactly(AbiType.UINT256, AbiType.array(AbiType.ADDRESS));

        AbiType fixed = AbiType.parse("(uint8,bytes32,(bool,int16)[3])[2]");
        assertThat(fixed.isDynamic()).isFalse();
        assertThat(fixed.headSize()).isEqualTo(2 * (2 + 3 * 2) * 32);
        assertThat(AbiType.parse("()").canonical()).isEqualTo("()");
        assertThat(AbiType.parse("string[2]").isDynamic()).isTrue();
        assertThat(AbiType.parse("uint[]").canonical()).isEqualTo("uint256[]");
        assertThat(AbiType.parse("((uint),(int))").canonical()).isEqualTo("((uint256),(int256))");
        assertThat(AbiType.parse("(uint8,string)")).isEqualTo(AbiType.tuple(AbiType.UINT8, AbiType.STRING));
    }

    @Test
    void rejectsUnknownAndMalformedTypes() {
        assertRejected("uint7", "uint7", "multiple of 8");
        assertRejected("uint264", "uint264");
        assertRejected("int0", "int0");
        assertRejected("uint08", "uint08");
        assertRejected("bytes33", "bytes33", "1 <= N <= 32");
        assertRejected("bytes0", "bytes0");
        assertRejected("address payable", "position 7");
        assertRejected("uint256[", "array suffix");
        assertRejected("uint256[x]", "array suffix");
        assertRejected("uint256[-1]", "array suffix");
        assertRejected("uint256[01]", "plain decimal");
        assertRejected("uint256[99999999999]", "plain decimal");
        assertRejected("(uint256,bool", "never closed", "unbalanced");
        assertRejected("uint256)", "unbalanced");
        assertRejected("(uint256,,bool)", "expected a type name");
        assertRejected("(uint256 bool)", "expected ',' or ')'");
        assertRejected("", "missing type");
        assertRejected("strin", "unknown type 'strin'");
        assertRejected("fixed128x18", "not supported");
        assertRejected("function", "not supported");
        assertRejected("uint256[4294967295][4294967295]", "plain decimal");
        assertRejected("uint256[100000000][100000000]", "bytes");
        assertRejected("(".repeat(40) + "uint8" + ")".repeat(40), "nesting deeper than");
        assertRejected("uint8" + "[]".repeat(40), "levels deep");
        assertRejected("x".repeat(20_000), "characters long");
        assertThatThrownBy(() -> AbiType.parse(null)).isInstanceOf(AbiParseException.class).hasMessageContaining("null");
    }

    private static void assertRejected(String type, String... fragments) {
        assertThatThrownBy(() -> AbiType.parse(type))
                .isInstanceOf(AbiParseException.class)
                .satisfies(e -> {
                    for (String f : fragments) {
                        assertThat(e.getMessage()).contains(f);
                    }
                });
    }
}
