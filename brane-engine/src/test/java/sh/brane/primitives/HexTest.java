package sh.brane.primitives;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HexTest {

    @Test
    void roundTripsRandomBytes() {
        Random random = new Random(7);
        for (int len = 0; len < 300; len++) {
            byte[] bytes = new byte[len];
            random.nextBytes(bytes);
            String hex = Hex.encode(bytes);
            assertThat(hex).startsWith("0x").hasSize(2 + 2 * len).isLowerCase();
            assertThat(Hex.decode(hex)).isEqualTo(bytes);
            assertThat(Hex.decode(Hex.encodeNoPrefix(bytes))).isEqualTo(bytes);
            assertThat(Hex.decode(hex.toUpperCase().replace("0X", "0x"))).isEqualTo(bytes);
            assertThat(hex).isEqualTo("0x" + org.bouncycastle.util.encoders.Hex.toHexString(bytes));
        }
    }

    @Test
    void handlesThePrefix() {
        assertThat(Hex.decode("0x")).isEmpty();
        assertThat(Hex.decode("")).isEmpty();
        assertThat(Hex.decode("0X0aFF")).containsExactly(0x0a, 0xff);
        assertThat(Hex.decode("0aff")).containsExactly(0x0a, 0xff);
        assertThat(Hex.encode(new byte[] {1, 2, 3}, 1, 2, false)).isEqualTo("0203");
        assertThat(Hex.encode(new byte[] {1, 2, 3}, 0, 1, true)).isEqualTo("0x01");
        assertThat(Hex.isHex("0xabCD")).isTrue();
        assertThat(Hex.isHex("abCD")).isTrue();
        assertThat(Hex.isHex("0xabCG")).isFalse();
        assertThat(Hex.isHex("0x\u0660")).isFalse();
        assertThat(Hex.isHex(null)).isFalse();
    }

    @Test
    void rejectsOddLength() {
        assertThatThrownBy(() -> Hex.decode("0xabc")).isInstanceOf(HexFormatException.class)
                .hasMessageContaining("odd number of digits (3)").hasMessageContaining("two digits per byte");
        assertThatThrownBy(() -> Hex.decode("0")).isInstanceOf(HexFormatException.class)
                .hasMessageContaining("odd number of digits (1)");
        assertThatThrownBy(() -> Hex.decodeTo("0x123", 0, 5, new byte[4], 0)).isInstanceOf(HexFormatException.class);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "0xzz|'z' at index 2",
            "0x0g|'g' at index 3",
            "ab 1|' ' at index 2",
            "0x00x0|'x' at index 4",
            "-1|'-' at index 0",
    })
    void rejectsBadCharactersNamingTheirIndex(String hex, String message) {
        assertThatThrownBy(() -> Hex.decode(hex)).isInstanceOf(HexFormatException.class)
                .hasMessageContaining("invalid hex character " + message);
    }

    @Test
    void namesNonAsciiCharactersReadably() {
        assertThatThrownBy(() -> Hex.decode("0x\u00e90")).isInstanceOf(HexFormatException.class)
                .hasMessageContaining("'\\u00e9' at index 2");
        assertThatThrownBy(() -> Hex.decode(null)).isInstanceOf(HexFormatException.class)
                .hasMessageContaining("null");
        String huge = "0x" + "0".repeat(100_000) + "zz";
        assertThatThrownBy(() -> Hex.decode(huge)).isInstanceOf(HexFormatException.class)
                .hasMessageContaining("index 100002").hasMessageContaining("(100004 chars)");
    }

    /** Chars whose low byte is a hex digit ('\u0161' ends in 0x61, 'a') must not pass for that digit. */
    @Test
    void rejectsCharsAboveLatin1WhoseLowByteLooksLikeADigit() {
        assertThatThrownBy(() -> Hex.decode("0x12\u0161b")).isInstanceOf(HexFormatException.class)
                .hasMessageContaining("'\\u0161' at index 4");
        assertThatThrownBy(() -> Hex.decodeTo("ab\u0130" + "0", 0, 4, new byte[2], 0))
                .isInstanceOf(HexFormatException.class).hasMessageContaining("'\\u0130' at index 2");
    }

    @Test
    void decodesIntoCallerBuffers() {
        byte[] dest = new byte[6];
        int written = Hex.decodeTo("xx0xa1b2c3yy", 2, 8, dest, 2);
        assertThat(written).isEqualTo(3);
        assertThat(dest).containsExactly(0, 0, 0xa1, 0xb2, 0xc3, 0);
        assertThatThrownBy(() -> Hex.decodeTo("0xa1b2c3", 0, 8, dest, 4))
                .isInstanceOf(IndexOutOfBoundsException.class).hasMessageContaining("room for 2 bytes");
        assertThatThrownBy(() -> Hex.decodeTo("0xa1", 0, 9, dest, 0)).isInstanceOf(IndexOutOfBoundsException.class);

        char[] chars = new char[10];
        assertThat(Hex.encodeTo(new byte[] {(byte) 0xde, (byte) 0xad}, chars, 1, true)).isEqualTo(6);
        assertThat(new String(chars, 1, 6)).isEqualTo("0xdead");
        assertThat(Hex.encodeTo(new byte[] {(byte) 0xbe}, chars, 8, false)).isEqualTo(2);
        assertThat(new String(chars, 8, 2)).isEqualTo("be");
        assertThatThrownBy(() -> Hex.encodeTo(new byte[5], chars, 1, false)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void decodesQuantities() {
        assertThat(Hex.decodeQuantity("0x0")).containsExactly(0);
        assertThat(Hex.decodeQuantity("0x1")).containsExactly(1);
        assertThat(Hex.decodeQuantity("0x400")).containsExactly(0x04, 0x00);
        assertThat(Hex.decodeQuantity("0X1bc16d674ec80000")).containsExactly(0x1b, 0xc1, 0x6d, 0x67, 0x4e, 0xc8, 0x00, 0x00);
        Random random = new Random(3);
        for (int i = 0; i < 1000; i++) {
            BigInteger value = new BigInteger(random.nextInt(257), random);
            String quantity = "0x" + value.toString(16);
            assertThat(new BigInteger(1, Hex.decodeQuantity(quantity))).as(quantity).isEqualTo(value);
        }
        assertThatThrownBy(() -> Hex.decodeQuantity("0x")).isInstanceOf(HexFormatException.class)
                .hasMessageContaining("not a JSON-RPC quantity");
        assertThatThrownBy(() -> Hex.decodeQuantity("10")).isInstanceOf(HexFormatException.class)
                .hasMessageContaining("not a JSON-RPC quantity");
        assertThatThrownBy(() -> Hex.decodeQuantity(null)).isInstanceOf(HexFormatException.class);
        assertThatThrownBy(() -> Hex.decodeQuantity("0x1g")).isInstanceOf(HexFormatException.class)
                .hasMessageContaining("'g' at index 3");
    }
}
