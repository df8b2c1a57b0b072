package sh.brane.client.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;

class Erc6492Test {
    private static final Address FACTORY = Address.of("0x00000000000000000000000000000000000000aa");

    @Test
    void theWrapperIsAbiEncodedPartsThenTheSuffix() {
        byte[] wrapped = Erc6492.wrap(FACTORY, new byte[] {1, 2, 3}, new byte[] {9});
        String hex = Hex.encode(wrapped).substring(2);
        assertThat(hex).isEqualTo(
                "00000000000000000000000000000000000000000000000000000000000000aa"   // factory
                + "0000000000000000000000000000000000000000000000000000000000000060" // offset of calldata
                + "00000000000000000000000000000000000000000000000000000000000000a0" // offset of signature
                + "0000000000000000000000000000000000000000000000000000000000000003"
                + "0102030000000000000000000000000000000000000000000000000000000000"
                + "0000000000000000000000000000000000000000000000000000000000000001"
                + "0900000000000000000000000000000000000000000000000000000000000000"
                + "6492649264926492649264926492649264926492649264926492649264926492");
        assertThat(Erc6492.isWrapped(wrapped)).isTrue();
        Erc6492.Wrapped parts = Erc6492.unwrap(wrapped);
        assertThat(parts.factory()).isEqualTo(FACTORY);
        assertThat(parts.factoryCalldata()).containsExactly(1, 2, 3);
        assertThat(parts.signature()).containsExactly(9);
    }

    @Test
    void onlyTheFullSuffixMarksAWrapper() {
        assertThat(Erc6492.isWrapped(new byte[65])).isFalse();
        assertThat(Erc6492.isWrapped(null)).isFalse();
        assertThat(Erc6492.isWrapped(Arrays.copyOf(Erc6492.suffix(), 31))).isFalse();
        byte[] almost = Erc6492.suffix();
        almost[31] = (byte) 0x93;
        assertThat(Erc6492.isWrapped(almost)).isFalse();
    }

    @Test
    void aBodyThatIsNotTheThreePartsIsRefusedNamingTheLayout() {
        assertThatThrownBy(() -> Erc6492.unwrap(Erc6492.suffix()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("abi.encode(address factory, bytes factoryCalldata, bytes signature)");
        assertThatThrownBy(() -> Erc6492.unwrap(new byte[65]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("does not end in the 32-byte suffix");
    }
}
