package sh.brane.core.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import sh.brane.primitives.InvalidEncodingException;
import sh.brane.primitives.Keccak256;

class HashTest {

    private static final String EMPTY_KECCAK = "0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470";

    @Test
    void parsesAndFormats() {
        Hash hash = Hash.of(EMPTY_KECCAK.toUpperCase().replace("0X", "0x"));
        assertThat(hash.toHex()).isEqualTo(EMPTY_KECCAK);
        assertThat(hash.toString()).isEqualTo(EMPTY_KECCAK);
        assertThat(Hash.wrap(Keccak256.hash(new byte[0]))).isEqualTo(hash).hasSameHashCodeAs(hash);
        assertThat(Hash.fromBytes(hash.toBytes())).isEqualTo(hash);
        assertThat(Hash.ZERO.toHex()).isEqualTo("0x" + "0".repeat(64));
        byte[] dest = new byte[33];
        hash.copyTo(dest, 1);
        assertThat(dest[1]).isEqualTo((byte) 0xc5);
    }

    @Test
    void isImmutable() {
        byte[] bytes = new byte[32];
        Hash hash = Hash.fromBytes(bytes);
        bytes[0] = 1;
        hash.toBytes()[1] = 1;
        assertThat(hash).isEqualTo(Hash.ZERO);
    }

    @Test
    void rejectsMalformedHashes() {
        assertThatThrownBy(() -> Hash.of(EMPTY_KECCAK.substring(0, 65))).isInstanceOf(InvalidEncodingException.class)
                .hasMessageContaining("0x followed by 64 hex digits").hasMessageContaining("(65 chars)");
        assertThatThrownBy(() -> Hash.of(EMPTY_KECCAK.substring(2) + "00")).isInstanceOf(InvalidEncodingException.class)
                .hasMessageContaining("0x followed by 64 hex digits");
        assertThatThrownBy(() -> Hash.of("0x" + "g".repeat(64))).isInstanceOf(InvalidEncodingException.class)
                .hasMessageContaining("'g' at index 2");
        assertThatThrownBy(() -> Hash.of(null)).isInstanceOf(InvalidEncodingException.class)
                .hasMessageContaining("null");
        assertThatThrownBy(() -> Hash.fromBytes(new byte[31])).isInstanceOf(InvalidEncodingException.class)
                .hasMessageContaining("got 31 bytes");
        assertThatThrownBy(() -> Hash.wrap(new byte[33])).isInstanceOf(InvalidEncodingException.class);
    }
}
