package sh.brane.core.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AddressTest {

    /** The test cases listed in EIP-55 itself: all caps, all lower, and normal mixed case. */
    @ParameterizedTest
    @ValueSource(strings = {
            "0x52908400098527886E0F7030069857D2E4169EE7",
            "0x8617E340B3D01FA5F11F306F4090FD50E238070D",
            "0xde709f2102306220921060314715629080e2fb77",
            "0x27b1fdb04752bbc536007a920d24acb045561c26",
            "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
            "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
            "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
            "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
    })
    void eip55Examples(String checksummed) {
        Address address = Address.of(checksummed);
        assertThat(address.toChecksumString()).isEqualTo(checksummed);
        assertThat(address.toString()).isEqualTo(checksummed);
        assertThat(address.toHex()).isEqualTo(checksummed.toLowerCase(Locale.ROOT));
        // all-lower and all-upper input carry no checksum and are accepted as they are
        assertThat(Address.of(checksummed.toLowerCase(Locale.ROOT))).isEqualTo(address);
        assertThat(Address.of("0x" + checksummed.substring(2).toUpperCase(Locale.ROOT))).isEqualTo(address);
    }

    @Test
    void rejectsAWrongChecksumNamingTheRightOne() {
        assertThatThrownBy(() -> Address.of("0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed"))
                .isInstanceOf(AddressFormatException.class)
                .hasMessageContaining("invalid EIP-55 checksum")
                .hasMessageContaining("expected 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
    }

    @Test
    void rejectsWrongLengthAndNonHex() {
        assertThatThrownBy(() -> Address.of("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe"))
                .isInstanceOf(AddressFormatException.class)
                .hasMessageContaining("0x followed by 40 hex digits").hasMessageContaining("(41 chars)");
        assertThatThrownBy(() -> Address.of("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00"))
                .isInstanceOf(AddressFormatException.class).hasMessageContaining("(44 chars)");
        assertThatThrownBy(() -> Address.of("5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00"))
                .isInstanceOf(AddressFormatException.class).hasMessageContaining("0x followed by 40 hex digits");
        assertThatThrownBy(() -> Address.of("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeZ"))
                .isInstanceOf(AddressFormatException.class)
                .hasMessageContaining("is not hex").hasMessageContaining("'Z' at index 41");
        assertThatThrownBy(() -> Address.of(null)).isInstanceOf(AddressFormatException.class);
        assertThatThrownBy(() -> Address.fromBytes(new byte[19])).isInstanceOf(AddressFormatException.class)
                .hasMessageContaining("got 19 bytes");
    }

    @Test
    void bytesRoundTripAndCompare() {
        byte[] raw = new byte[20];
        raw[19] = 1;
        Address one = Address.fromBytes(raw);
        raw[19] = 2;
        assertThat(one.toHex()).isEqualTo("0x0000000000000000000000000000000000000001");
        assertThat(one).isGreaterThan(Address.ZERO).isLessThan(Address.fromBytes(raw));
        byte[] word = new byte[32];
        one.copyTo(word, 12);
        assertThat(Address.fromWord(word, 0)).isEqualTo(one).hasSameHashCodeAs(one);
        one.toBytes()[19] = 7;
        assertThat(one.toBytes()[19]).isEqualTo((byte) 1);
    }
}
