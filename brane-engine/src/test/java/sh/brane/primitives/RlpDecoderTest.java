package sh.brane.primitives;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Strictness of {@link Rlp#decode} and of the {@link RlpItem} accessors on hostile input. */
class RlpDecoderTest {

    private static void rejects(String hex, String... messageParts) {
        byte[] bytes = Hex.decode(hex);
        var thrown = assertThatThrownBy(() -> Rlp.decode(bytes)).as(hex).isInstanceOf(RlpDecodingException.class);
        for (String part : messageParts) {
            thrown.hasMessageContaining(part);
        }
    }

    @Test
    void decodesStringsListsAndOffsets() {
        RlpItem item = Rlp.decode(Hex.decode("0xc88363617483646f67"));
        assertThat(item.isList()).isTrue();
        assertThat(item.asList()).hasSize(2);
        assertThat(new String(item.asList().get(0).asBytes())).isEqualTo("cat");
        assertThat(item.asList().get(1).offset()).isEqualTo(5);
        assertThat(item.asRlpList().asList(2)).hasSize(2);
    }

    @Test
    void offsetsCountFromTheSliceStart() {
        byte[] buffer = Hex.decode("0xffff" + "c28080" + "ffff");
        RlpItem item = Rlp.decode(buffer, 2, 3);
        assertThat(item.asList().get(1).offset()).isEqualTo(2);
        assertThatThrownBy(() -> Rlp.decode(buffer, 2, 4))
                .isInstanceOf(RlpDecodingException.class)
                .hasMessageContaining("ends at offset 3").hasMessageContaining("1 trailing");
    }

    @Test
    void decodedItemsDoNotShareTheCallersArray() {
        byte[] input = Hex.decode("0x83646f67");
        RlpItem item = Rlp.decode(input);
        input[1] = 'x';
        assertThat(new String(item.asBytes())).isEqualTo("dog");
        item.asBytes()[0] = 'x';
        assertThat(new String(item.asBytes())).isEqualTo("dog");
    }

    @Test
    void rejectsEmptyAndNullInput() {
        rejects("0x", "empty input");
        assertThatThrownBy(() -> Rlp.decode(null)).isInstanceOf(RlpDecodingException.class);
    }

    @ParameterizedTest
    @CsvSource({
            "0x8100, 0x00 below 0x80 must be encoded as itself",
            "0x817f, offset 0",
            "0xc3c28105, offset 2",
            "0xb800, leading zero",
            "0xb90038, leading zero",
            "0xb837, lengths up to 55",
            "0xf837, lengths up to 55",
            "0xf800, leading zero",
    })
    void rejectsNonCanonicalHeaders(String hex, String message) {
        rejects(hex, message);
    }

    @Test
    void rejectsTrailingBytes() {
        rejects("0x8080", "trailing bytes", "ends at offset 1", "1 trailing");
        rejects("0xc0c0", "trailing bytes");
        rejects("0x0000", "trailing bytes");
    }

    @Test
    void rejectsTruncatedInput() {
        rejects("0x83646f", "string at offset 0 declares 3 payload bytes but only 2 remain in the input");
        rejects("0xb8", "truncated string header at offset 0", "takes 1 bytes but only 0 remain");
        rejects("0xb938", "truncated");
        rejects("0xf9", "truncated list header");
        rejects("0xc5836361", "list at offset 0 declares 5 payload bytes but only 3 remain");
        // every proper prefix of a valid encoding is invalid
        byte[] valid = Rlp.encode(RlpList.of(RlpString.of(new byte[60]), RlpList.of(RlpString.ofLong(1000),
                RlpString.EMPTY, RlpList.EMPTY), RlpString.ofLong(0x7f)));
        for (int len = 0; len < valid.length; len++) {
            byte[] prefix = Arrays.copyOf(valid, len);
            assertThatThrownBy(() -> Rlp.decode(prefix)).as("prefix of %d bytes", len)
                    .isInstanceOf(RlpDecodingException.class);
        }
    }

    @Test
    void rejectsItemsRunningPastTheirList() {
        // list of 2 payload bytes holding a 3-byte string
        rejects("0xc28263616161", "string at offset 1 declares 2 payload bytes but only 1 remain in its enclosing list");
    }

    @Test
    void rejectsHugeDeclaredLengthsWithoutAllocating() {
        rejects("0xbfffffffffffffffff", "declares a length of 18446744073709551615 bytes, which overflows int");
        rejects("0xffffffffffffffffff", "list at offset 0", "overflows int");
        rejects("0xbf0f000000000000021111", "overflows int");
        rejects("0xbb80000000", "2147483648 bytes, which overflows int");
        rejects("0xbb7fffffff00", "declares 2147483647 payload bytes but only 1 remain");
        rejects("0xfb7fffffff", "declares 2147483647 payload bytes but only 0 remain");
        rejects("0xba01000000", "string at offset 0 declares 65536 payload bytes but only 1 remain in the input");
    }

    @Test
    void rejectsNestingBeyondTheLimitWithoutStackOverflow() {
        RlpItem deep = RlpList.EMPTY;
        for (int i = 0; i < Rlp.DEFAULT_MAX_DEPTH - 1; i++) {
            deep = RlpList.of(deep);
        }
        byte[] atLimit = Rlp.encode(deep);
        assertThat(Rlp.decode(atLimit)).isEqualTo(deep);

        byte[] overLimit = Rlp.encode(RlpList.of(deep));
        assertThatThrownBy(() -> Rlp.decode(overLimit)).isInstanceOf(RlpDecodingException.class)
                .hasMessageContaining("nested 65 lists deep; at most 64 are allowed");
        assertThatThrownBy(() -> Rlp.decode(atLimit, 0, atLimit.length, 10))
                .isInstanceOf(RlpDecodingException.class).hasMessageContaining("at most 10");

        // a million nested list headers, each claiming the rest: depth limit, not the stack, stops it
        int n = 1_000_000;
        byte[] hostile = new byte[n * 4];
        for (int i = 0; i < n; i++) {
            int remaining = hostile.length - (i + 1) * 4;
            hostile[i * 4] = (byte) 0xfb;
            hostile[i * 4 + 1] = (byte) (remaining >>> 16 == 0 ? 1 : remaining >>> 16);
        }
        assertThatThrownBy(() -> Rlp.decode(hostile)).isInstanceOf(RlpDecodingException.class);
        byte[] headers = new byte[100_000];
        Arrays.fill(headers, (byte) 0xc1);
        assertThatThrownBy(() -> Rlp.decode(headers)).isInstanceOf(RlpDecodingException.class);
        Arrays.fill(headers, (byte) 0xf7);
        assertThatThrownBy(() -> Rlp.decode(headers)).isInstanceOf(RlpDecodingException.class);
    }

    @Test
    void properlyNestedDeepInputHitsTheDepthLimit() {
        // 10,000 nested lists with correct long-form lengths
        int depth = 10_000;
        byte[] out = new byte[depth * 4 + 1];
        int pos = out.length - 1;
        out[pos] = (byte) 0xc0;
        int payload = 1;
        for (int i = 0; i < depth; i++) {
            // f8/f9/fa headers with exact lengths, written back to front
            if (payload <= 55) {
                out[--pos] = (byte) (0xc0 + payload);
                payload += 1;
            } else if (payload <= 0xff) {
                out[--pos] = (byte) payload;
                out[--pos] = (byte) 0xf8;
                payload += 2;
            } else if (payload <= 0xffff) {
                out[--pos] = (byte) payload;
                out[--pos] = (byte) (payload >>> 8);
                out[--pos] = (byte) 0xf9;
                payload += 3;
            } else {
                out[--pos] = (byte) payload;
                out[--pos] = (byte) (payload >>> 8);
                out[--pos] = (byte) (payload >>> 16);
                out[--pos] = (byte) 0xfa;
                payload += 4;
            }
        }
        byte[] encoded = Arrays.copyOfRange(out, pos, out.length);
        assertThat(encoded.length).isEqualTo(payload);
        assertThatThrownBy(() -> Rlp.decode(encoded)).isInstanceOf(RlpDecodingException.class)
                .hasMessageContaining("at most 64 are allowed");
        assertThatThrownBy(() -> Rlp.decode(encoded, 0, encoded.length, Rlp.MAX_DEPTH))
                .isInstanceOf(RlpDecodingException.class).hasMessageContaining("at most 1024 are allowed");
        assertThatThrownBy(() -> Rlp.decode(encoded, 0, encoded.length, Rlp.MAX_DEPTH + 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("between 0 and 1024");
        // the highest limit allowed really works
        RlpItem deepest = RlpList.EMPTY;
        for (int i = 1; i < Rlp.MAX_DEPTH; i++) {
            deepest = RlpList.of(deepest);
        }
        byte[] atMax = Rlp.encode(deepest);
        assertThat(Rlp.decode(atMax, 0, atMax.length, Rlp.MAX_DEPTH)).isEqualTo(deepest);
    }

    @Test
    void integerAccessorsRejectNonCanonicalIntegers() {
        assertThat(Rlp.decode(Hex.decode("0x80")).asLong()).isZero();
        assertThat(Rlp.decode(Hex.decode("0x80")).asBigInteger()).isEqualTo(BigInteger.ZERO);
        assertThat(Rlp.decode(Hex.decode("0x7f")).asInt()).isEqualTo(127);
        assertThat(Rlp.decode(Hex.decode("0x887fffffffffffffff")).asLong()).isEqualTo(Long.MAX_VALUE);
        assertThat(Rlp.decode(Hex.decode("0x88ffffffffffffffff")).asBigInteger())
                .isEqualTo(BigInteger.TWO.pow(64).subtract(BigInteger.ONE));

        assertThatThrownBy(() -> Rlp.decode(Hex.decode("0x00")).asLong())
                .isInstanceOf(RlpDecodingException.class).hasMessageContaining("leading zero byte");
        assertThatThrownBy(() -> Rlp.decode(Hex.decode("0xc3820001")).asList().get(0).asBigInteger())
                .isInstanceOf(RlpDecodingException.class)
                .hasMessageContaining("integer at offset 1 has a leading zero byte");
        assertThatThrownBy(() -> Rlp.decode(Hex.decode("0x88ffffffffffffffff")).asLong())
                .isInstanceOf(RlpDecodingException.class).hasMessageContaining("does not fit a long");
        assertThatThrownBy(() -> Rlp.decode(Hex.decode("0x89010000000000000000")).asLong())
                .isInstanceOf(RlpDecodingException.class).hasMessageContaining("9 bytes");
        assertThatThrownBy(() -> Rlp.decode(Hex.decode("0x8480000000")).asInt())
                .isInstanceOf(RlpDecodingException.class).hasMessageContaining("2147483648 at offset 0 does not fit an int");
    }

    @Test
    void shapeAccessorsNameWhatTheyFound() {
        RlpItem list = Rlp.decode(Hex.decode("0xc3808080"));
        assertThatThrownBy(list::asBytes).isInstanceOf(RlpDecodingException.class)
                .hasMessage("expected a string at offset 0 but found a list of 3 items");
        assertThatThrownBy(list::asLong).isInstanceOf(RlpDecodingException.class)
                .hasMessage("expected an integer at offset 0 but found a list of 3 items");
        assertThatThrownBy(() -> list.asRlpList().asList(9)).isInstanceOf(RlpDecodingException.class)
                .hasMessage("expected a list of 9 items at offset 0 but found a list of 3 items");
        RlpItem string = list.asList().get(2);
        assertThatThrownBy(string::asList).isInstanceOf(RlpDecodingException.class)
                .hasMessage("expected a list at offset 3 but found a string of 0 bytes");
        assertThatThrownBy(() -> string.asRlpString().asBytes(20)).isInstanceOf(RlpDecodingException.class)
                .hasMessage("expected a string of 20 bytes at offset 3 but found a string of 0 bytes");
    }
}
