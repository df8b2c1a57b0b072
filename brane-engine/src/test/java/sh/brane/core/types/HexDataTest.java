package sh.brane.core.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import sh.brane.primitives.HexFormatException;

class HexDataTest {

    @Test
    void parsesAndFormats() {
        HexData data = HexData.of("0xA9059CBB");
        assertThat(data.length()).isEqualTo(4);
        assertThat(data.toHex()).isEqualTo("0xa9059cbb");
        assertThat(data.toString()).isEqualTo("0xa9059cbb");
        assertThat(data.byteAt(0)).isEqualTo((byte) 0xa9);
        assertThat(HexData.of("a9059cbb")).isEqualTo(data).hasSameHashCodeAs(data);
        assertThat(HexData.fromBytes(new byte[] {1, 2, 3, 4, 5}, 1, 3).toHex()).isEqualTo("0x020304");
    }

    @Test
    void emptyData() {
        assertThat(HexData.of("0x")).isSameAs(HexData.EMPTY);
        assertThat(HexData.of("")).isSameAs(HexData.EMPTY);
        assertThat(HexData.fromBytes(new byte[0])).isSameAs(HexData.EMPTY);
        assertThat(HexData.EMPTY.isEmpty()).isTrue();
        assertThat(HexData.EMPTY.toHex()).isEqualTo("0x");
        assertThat(HexData.of("0x00").isEmpty()).isFalse();
    }

    @Test
    void isImmutable() {
        byte[] source = {1, 2};
        HexData data = HexData.fromBytes(source);
        source[0] = 9;
        data.toBytes()[1] = 9;
        assertThat(data.toHex()).isEqualTo("0x0102");
        byte[] dest = new byte[4];
        data.copyTo(dest, 1);
        assertThat(dest).containsExactly(0, 1, 2, 0);
    }

    @Test
    void rejectsMalformedHex() {
        assertThatThrownBy(() -> HexData.of("0x123")).isInstanceOf(HexFormatException.class)
                .hasMessageContaining("odd number of digits (3)");
        assertThatThrownBy(() -> HexData.of("0x12g4")).isInstanceOf(HexFormatException.class)
                .hasMessageContaining("'g' at index 4");
        assertThatThrownBy(() -> HexData.of(null)).isInstanceOf(HexFormatException.class);
        assertThatThrownBy(() -> HexData.of("0x12").byteAt(1)).isInstanceOf(IndexOutOfBoundsException.class);
    }
}
