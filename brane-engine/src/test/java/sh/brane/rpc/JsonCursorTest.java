package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

/**
 * The byte-level cursor of the typed fast path: the canonical shapes read to their values; everything else
 * (truncated input, wrong types, overlong or odd-length hex, escapes, non-ASCII, deep nesting, huge numbers, loose
 * JSON grammar) bails, so that the token path decides and words the error.
 */
class JsonCursorTest {

    private static JsonCursor at(String json) {
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        return JsonCursor.over(b, 0, b.length);
    }

    private static <T> T read(String json, Function<JsonCursor, T> reader) {
        return reader.apply(at(json));
    }

    private static byte[] readBytes(String json, Function<JsonCursor, byte[]> reader) {
        return reader.apply(at(json));
    }

    private static void bails(String json, Function<JsonCursor, ?> reader) {
        assertThatThrownBy(() -> reader.apply(at(json))).as(json).isInstanceOf(CursorBail.class);
    }

    @Test
    void quantitiesReadAsTheTokenPathReadsThem() {
        assertThat(read("\"0x0\"", JsonCursor::quantityLong)).isZero();
        assertThat(read(" \"0x1a\"", JsonCursor::quantityLong)).isEqualTo(26);
        assertThat(read("\"0x0000ff\"", JsonCursor::quantityLong)).isEqualTo(255);
        assertThat(read("\"0x7fffffffffffffff\"", JsonCursor::quantityLong)).isEqualTo(Long.MAX_VALUE);
        assertThat(read("\"0x00007fffffffffffffff\"", JsonCursor::quantityLong)).isEqualTo(Long.MAX_VALUE);
        assertThat(read("\"0xABCDEF\"", JsonCursor::quantityLong)).isEqualTo(0xabcdef);
        String max = "f".repeat(64);
        assertThat(read("\"0x" + max + "\"", JsonCursor::quantity)).isEqualTo(new BigInteger(max, 16));
        assertThat(read("\"0x" + "0".repeat(50) + "1ff\"", JsonCursor::quantity)).isEqualTo(BigInteger.valueOf(511));
        assertThat(read("\"0x56bc75e2d63100000\"", JsonCursor::quantity))
                .isEqualTo(new BigInteger("56bc75e2d63100000", 16));
        assertThat(read("\"0x8000000000000000\"", JsonCursor::quantity)).isEqualTo(BigInteger.ONE.shiftLeft(63));
    }

    @Test
    void quantitiesOutsideTheCanonicalShapeBail() {
        bails("\"0x8000000000000000\"", JsonCursor::quantityLong); // beyond a long
        bails("\"0x" + "1".repeat(17) + "\"", JsonCursor::quantityLong);
        bails("\"0x" + "f".repeat(65) + "\"", JsonCursor::quantity); // beyond 256 bits
        bails("\"0x" + "0".repeat(65) + "\"", JsonCursor::quantityLong);
        bails("\"0x\"", JsonCursor::quantityLong);
        bails("\"0X1\"", JsonCursor::quantityLong);
        bails("\"1a\"", JsonCursor::quantityLong);
        bails("\"0x1g\"", JsonCursor::quantity);
        bails("26", JsonCursor::quantityLong);
        bails("\"0x1a", JsonCursor::quantityLong); // truncated
        bails("\"0x\\u0031\"", JsonCursor::quantityLong); // an escape
        bails("", JsonCursor::quantityLong);
    }

    @Test
    void fixedHexIsExactlyItsLength() {
        String hash = "ab".repeat(32);
        assertThat(readBytes("\"0x" + hash + "\"", c -> c.fixedHex(32, false))).hasSize(32).startsWith((byte) 0xab);
        assertThat(readBytes("\"0x" + hash.toUpperCase() + "\"", c -> c.fixedHex(32, false))).hasSize(32);
        bails("\"0x" + hash + "00\"", c -> c.fixedHex(32, false)); // overlong
        bails("\"0x" + hash.substring(2) + "\"", c -> c.fixedHex(32, false)); // short
        bails("\"0x" + hash.substring(1) + "z\"", c -> c.fixedHex(32, false));
        bails("\"0x" + hash.substring(1) + "\u00e9\"", c -> c.fixedHex(32, false)); // non-ASCII
        bails("\"0x" + hash, c -> c.fixedHex(32, false)); // truncated
        String address = "aB".repeat(20);
        bails("\"0x" + address + "\"", c -> c.fixedHex(20, true)); // a checksum for the token path to check
        assertThat(readBytes("\"0x" + address + "\"", c -> c.fixedHex(20, false))).hasSize(20);
        assertThat(readBytes("\"0x" + address.toUpperCase() + "\"", c -> c.fixedHex(20, true))).hasSize(20);
        assertThat(readBytes("\"0x" + "12".repeat(20) + "\"", c -> c.fixedHex(20, true))).hasSize(20);
    }

    @Test
    void hexDataIsEvenAndPlain() {
        assertThat(readBytes("\"0x\"", JsonCursor::bytes)).isEmpty();
        assertThat(readBytes("\"0x00ff" + "12".repeat(40) + "\"", JsonCursor::bytes)).hasSize(42).startsWith(0, -1, 0x12);
        bails("\"0x123\"", JsonCursor::bytes); // odd length
        bails("\"0x12" + "34".repeat(10) + "\\n\"", JsonCursor::bytes);
        bails("\"0x12" + "34".repeat(10) + "\u00e9\"", JsonCursor::bytes);
        bails("\"0x12" + "34".repeat(10) + "\u0001\"", JsonCursor::bytes);
        bails("\"0x12" + "34".repeat(10), JsonCursor::bytes); // truncated
        bails("\"12\"", JsonCursor::bytes);
        bails("null", JsonCursor::bytes);
    }

    @Test
    void skippedValuesFollowJsonsGrammar() {
        String fine = "{\"a\":[1,-2.5e+3,0,0.1,true,false,null,{\"b\":{}},[],\"x y\"],\"c\":{\"d\":[[[]]]}} ";
        JsonCursor c = at(fine + ",7");
        c.skipValue();
        assertThat(c.nextElement()).isTrue(); // the cursor stands right after the skipped value
        for (String bad : new String[] {"01", "1.", "-", "1e", "+1", ".5", "nul", "nulll", "tru", "[1,]", "[1 2]",
                "{\"a\":1,}", "{,\"a\":1}", "{\"a\" 1}", "{\"a\":1 \"b\":2}", "{a:1}", "\"a\\\"b\"", "\"\u00e9\"",
                "[", "{\"a\":", "\"abc", "'a'", "NaN", "1" + "0".repeat(1000)}) {
            bails(bad, cc -> {
                cc.skipValue();
                return null;
            });
        }
    }

    @Test
    void deepNestingBailsAtItsBound() {
        String ok = "[".repeat(JsonCursor.MAX_DEPTH) + "]".repeat(JsonCursor.MAX_DEPTH);
        at(ok).skipValue();
        String deep = "[".repeat(JsonCursor.MAX_DEPTH + 2) + "]".repeat(JsonCursor.MAX_DEPTH + 2);
        bails(deep, c -> {
            c.skipValue();
            return null;
        });
        String hostile = "[".repeat(100_000); // no stack blown: the bound comes first
        bails(hostile, c -> {
            c.skipValue();
            return null;
        });
    }

    @Test
    void namesMatchByLengthAndEveryByte() {
        JsonCursor.Names names = new JsonCursor.Names("to", "maxFeePerGas", "maxPriorityFeePerGas", "hash");
        JsonCursor c = at("{\"maxPriorityFeePerGas\":1,\"maxPriorityFeeXerGas\":2,\"maxFeePerGas\":3,\"hash\":4,"
                + "\"hasj\":5,\"to\":6,\"\":7,\"" + "x".repeat(300) + "\":8}");
        c.beginObject();
        assertThat(c.firstField(names)).isEqualTo(2);
        c.skipValue();
        assertThat(c.nextField(names)).isEqualTo(JsonCursor.UNKNOWN); // differs in the middle only
        c.skipValue();
        assertThat(c.nextField(names)).isEqualTo(1);
        c.skipValue();
        assertThat(c.nextField(names)).isEqualTo(3);
        c.skipValue();
        assertThat(c.nextField(names)).isEqualTo(JsonCursor.UNKNOWN);
        c.skipValue();
        assertThat(c.nextField(names)).isEqualTo(0);
        c.skipValue();
        assertThat(c.nextField(names)).isEqualTo(JsonCursor.UNKNOWN);
        c.skipValue();
        assertThatThrownBy(() -> c.nextField(names)).isInstanceOf(CursorBail.class); // an overlong name
        bails("{\"h\\u0061sh\":1}", cc -> {
            cc.beginObject();
            return cc.firstField(names); // an escape in a name: the token path decodes it
        });
    }

    /**
     * Names of every length up to 17 (the word-at-a-time path takes up to 15; longer ones, and names too near the end
     * of the input for whole words, take the byte-by-byte one), at every distance from the end of the input, match
     * the table exactly as before: known, unknown, differing in one byte anywhere; and an escape, a control or a
     * non-ASCII byte anywhere in a name still bails.
     */
    @Test
    void namesOfEveryLengthAndPositionMatchAsBefore() {
        String alphabet = "abcdefghijklmnopq";
        String[] known = new String[18];
        for (int len = 0; len < known.length; len++) {
            known[len] = alphabet.substring(0, len);
        }
        JsonCursor.Names names = new JsonCursor.Names(java.util.Arrays.copyOfRange(known, 1, known.length));
        for (int len = 0; len <= 17; len++) {
            String name = known[len];
            for (int pad = 0; pad <= 20; pad++) {
                String tailJson = "1" + " ".repeat(pad) + "}";
                int expected = len == 0 ? JsonCursor.UNKNOWN : len - 1;
                assertThat(firstName(names, name, tailJson)).as("%s + %d", name, pad).isEqualTo(expected);
                for (int at = 0; at < len; at++) {
                    String off = name.substring(0, at) + 'z' + name.substring(at + 1);
                    assertThat(firstName(names, off, tailJson)).as(off).isEqualTo(JsonCursor.UNKNOWN);
                    for (String bad : new String[] {"\\u0061", "\\\"", "\u0001", "\u00e9"}) {
                        String hostile = name.substring(0, at) + bad + name.substring(at + 1);
                        bails("{\"" + hostile + "\":" + tailJson, c -> {
                            c.beginObject();
                            return c.firstField(names);
                        });
                    }
                }
            }
        }
        // the colon is still required after a name read a word at a time
        bails("{\"abc\" 1, \"x\":2}", c -> {
            c.beginObject();
            return c.firstField(names);
        });
    }

    private static int firstName(JsonCursor.Names names, String name, String rest) {
        JsonCursor c = at("{\"" + name + "\":" + rest);
        c.beginObject();
        int k = c.firstField(names);
        assertThat(c.plainLong()).isEqualTo(1); // the cursor is on the value
        assertThat(c.nextField(names)).isEqualTo(JsonCursor.END);
        return k;
    }

    /**
     * The table remembers which name followed which and checks that one first: objects in the learned order, then in
     * another order, with names that are prefixes or extensions of the guess, one byte off it, or unknown, all read as
     * a lookup reads them, wherever they stand from the end of the input.
     */
    @Test
    void guessedNamesAreCheckedAgainstTheBytes() {
        JsonCursor.Names names = new JsonCursor.Names("gas", "gasPrice", "maxPriorityFeePerGas", "to", "v",
                "blockNumber");
        String learned = "{\"gas\":0,\"gasPrice\":1,\"maxPriorityFeePerGas\":2,\"to\":3,\"v\":4,\"blockNumber\":5}";
        for (int i = 0; i < 3; i++) {
            assertThat(fieldIndexes(names, learned)).containsExactly(0, 1, 2, 3, 4, 5);
        }
        assertThat(fieldIndexes(names, "{\"gasPrice\":1,\"gas\":0,\"to\":3,\"maxPriorityFeePerGas\":2}"))
                .containsExactly(1, 0, 3, 2);
        assertThat(fieldIndexes(names, "{\"gas\":0,\"gasPrices\":1,\"maxPriorityFeePerGaz\":2,\"t\":3,\"vv\":4}"))
                .containsExactly(0, JsonCursor.UNKNOWN, JsonCursor.UNKNOWN, JsonCursor.UNKNOWN, JsonCursor.UNKNOWN);
        assertThat(fieldIndexes(names, "{\"gas\":0,\"gasPric\":1,\"maxPriorityFeePerGas\":2,\"to\":3}"))
                .containsExactly(0, JsonCursor.UNKNOWN, 2, 3);
        for (int i = 0; i < 3; i++) {
            assertThat(fieldIndexes(names, learned)).containsExactly(0, 1, 2, 3, 4, 5);
        }
        // a guessed name one byte short of the end, and a name the guess would read past the end of
        assertThat(fieldIndexes(names, "{\"gas\":0,\"gasPrice\":1}")).containsExactly(0, 1);
        bails("{\"gas\":0,\"gasPrice", c -> fieldIndexes(names, c));
        bails("{\"gas\":0,\"gasPrice\"", c -> fieldIndexes(names, c));
    }

    private static java.util.List<Integer> fieldIndexes(JsonCursor.Names names, String json) {
        return fieldIndexes(names, at(json));
    }

    private static java.util.List<Integer> fieldIndexes(JsonCursor.Names names, JsonCursor c) {
        java.util.List<Integer> out = new java.util.ArrayList<>();
        c.beginObject();
        for (int f = c.firstField(names); f != JsonCursor.END; f = c.nextField(names)) {
            out.add(f);
            c.skipValue();
        }
        return out;
    }

    /**
     * Hex is decoded eight digits at a time: every byte value at every position of a hash, of an odd-length tail and
     * of a 64-digit quantity decodes, or bails, exactly as the digit-by-digit rule says (0-9, a-f, A-F; an address in
     * mixed case bails).
     */
    @Test
    void everyByteAtEveryPositionOfHexDecodesOrBailsByTheDigitRule() {
        String digits = "0123456789abcdef0123456789ABCDEF0123456789abcdef0123456789abcdef";
        for (int at = 0; at < 64; at++) {
            for (int v = 1; v < 256; v++) {
                if (v == '"' || v == '\\') {
                    continue;
                }
                char ch = (char) v;
                String hex = digits.substring(0, at) + ch + digits.substring(at + 1);
                boolean isHex = Character.digit(ch, 16) >= 0 && v < 128;
                String json = "\"0x" + hex + "\"";
                byte[] raw = json.getBytes(StandardCharsets.ISO_8859_1);
                JsonCursor c = JsonCursor.over(raw, 0, raw.length);
                if (isHex) {
                    assertThat(c.fixedHex(32, false)).as(hex).isEqualTo(java.util.HexFormat.of().parseHex(hex));
                    JsonCursor q = JsonCursor.over(raw, 0, raw.length);
                    assertThat(q.quantity()).as(hex).isEqualTo(new BigInteger(hex, 16));
                } else {
                    assertThatThrownBy(() -> c.fixedHex(32, false)).as(hex).isInstanceOf(CursorBail.class);
                    JsonCursor q = JsonCursor.over(raw, 0, raw.length);
                    assertThatThrownBy(q::quantity).as(hex).isInstanceOf(CursorBail.class);
                }
            }
        }
        String lower = "\"0x" + "ab".repeat(20) + "\"";
        assertThat(readBytes(lower, c -> c.fixedHex(20, true))).hasSize(20);
        assertThat(readBytes(lower.toUpperCase().replace("0X", "0x"), c -> c.fixedHex(20, true))).hasSize(20);
        for (int at = 0; at < 40; at++) {
            String mixed = "ab".repeat(20);
            mixed = mixed.substring(0, at) + Character.toUpperCase(mixed.charAt(at)) + mixed.substring(at + 1);
            bails("\"0x" + mixed + "\"", c -> c.fixedHex(20, true));
            assertThat(readBytes("\"0x" + mixed + "\"", c -> c.fixedHex(20, false))).hasSize(20);
        }
    }

    /** Quantities of every length, at every distance from the start of the input (the words read end at the closing
     *  quote, the bytes before the digits masked off), in both letter cases, read to their values. */
    @Test
    void quantitiesOfEveryLengthAndPlaceReadToTheirValues() {
        java.util.Random r = new java.util.Random(39);
        for (int len = 1; len <= 64; len++) {
            for (int pad = 0; pad <= 18; pad++) {
                StringBuilder digits = new StringBuilder();
                for (int k = 0; k < len; k++) {
                    char d = "0123456789abcdefABCDEF".charAt(r.nextInt(22));
                    digits.append(k == 0 && len > 1 && d == '0' ? '7' : d);
                }
                String json = " ".repeat(pad) + "\"0x" + digits + "\"";
                BigInteger expected = new BigInteger(digits.toString(), 16);
                assertThat(read(json, JsonCursor::quantity)).as(json).isEqualTo(expected);
                if (expected.bitLength() < 64) {
                    assertThat(read(json, JsonCursor::quantityLong)).as(json).isEqualTo(expected.longValueExact());
                } else {
                    bails(json, JsonCursor::quantityLong);
                }
            }
        }
    }

    /** Hex data of a usual length (a bloom's) is read in one pass to what the general read gives; any other length,
     *  a quote or a non-hex byte among the digits reads or bails as the general read does. */
    @Test
    void bytesOfTheUsualLengthReadAsAnyOther() {
        for (int len : new int[] {0, 1, 3, 4, 5, 8, 9}) {
            String digits = "a1".repeat(len);
            String json = "\"0x" + digits + "\",";
            assertThat(readBytes(json, c -> c.bytes(4))).as(json).isEqualTo(readBytes(json, JsonCursor::bytes))
                    .hasSize(len);
        }
        // a quote where four bytes would end, but an earlier one ends the string: never valid JSON, the token path says
        bails("\"0xa1a1\"a1a\"", c -> c.bytes(4));
        bails("\"0xa1a1a1ag\"", c -> c.bytes(4));
        bails("\"0xa1a1a1a\"", c -> c.bytes(4));
        bails("\"0xa1a1a1a1", c -> c.bytes(4));
    }

    @Test
    void literalsAndNull() {
        assertThat(read("true", JsonCursor::optBoolean)).isTrue();
        assertThat(read("false", JsonCursor::optBoolean)).isFalse();
        assertThat(read("null", JsonCursor::optBoolean)).isFalse();
        bails("1", JsonCursor::optBoolean);
        bails("\"true\"", JsonCursor::optBoolean);
        assertThat(read(" null", JsonCursor::isNull)).isTrue();
        assertThat(read("\"0x1\"", JsonCursor::isNull)).isFalse();
        bails("nil", JsonCursor::isNull);
    }
}
