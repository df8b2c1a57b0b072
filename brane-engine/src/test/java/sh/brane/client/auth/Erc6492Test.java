package sh.brane.client.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;
import sh.brane.signer.LocalSigner;

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

    /** viem's test of {@code serializeErc6492Signature}: "hello world" signed as a personal message by Anvil's first
     *  account, wrapped with factory {@code 0xcafe...babe} and calldata {@code 0xdeadbeef}, gives these bytes (its
     *  inline snapshot), and they come back apart. */
    @Test
    void viemsPublishedCaseEncodesAndDecodesAlike() {
        PrivateKey anvilFirst = PrivateKey.fromHex("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
        byte[] signature = new LocalSigner("anvil-0", anvilFirst)
                .signMessage("hello world".getBytes(StandardCharsets.UTF_8)).toBytes65();
        Address factory = Address.of("0xcafebabecafebabecafebabecafebabecafebabe");
        byte[] calldata = Hex.decode("0xdeadbeef");
        String published = "0x000000000000000000000000cafebabecafebabecafebabecafebabecafebabe"
                + "0000000000000000000000000000000000000000000000000000000000000060"
                + "00000000000000000000000000000000000000000000000000000000000000a0"
                + "0000000000000000000000000000000000000000000000000000000000000004"
                + "deadbeef00000000000000000000000000000000000000000000000000000000"
                + "0000000000000000000000000000000000000000000000000000000000000041"
                + "a461f509887bd19e312c0c58467ce8ff8e300d3c1a90b608a760c5b80318eaf1"
                + "5fe57c96f9175d6cd4daad4663763baa7e78836e067d0163e9a2ccf2ff753f5b"
                + "1b00000000000000000000000000000000000000000000000000000000000000"
                + "6492649264926492649264926492649264926492649264926492649264926492";

        assertThat(Hex.encode(Erc6492.wrap(factory, calldata, signature))).isEqualTo(published);
        Erc6492.Wrapped parts = Erc6492.unwrap(Hex.decode(published));
        assertThat(parts.factory()).isEqualTo(factory);
        assertThat(parts.factoryCalldata()).isEqualTo(calldata);
        assertThat(parts.signature()).isEqualTo(signature);
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
