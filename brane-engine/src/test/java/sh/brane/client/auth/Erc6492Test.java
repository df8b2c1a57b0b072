package sh.brane.client.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
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

    /**
     * The ERC-6492 case the ERC's authors publish (AmbireTech/signature-validator, {@code tests/6_ethSign_6492.js}): an
     * Ambire account on Polygon, wrapped with its factory's {@code deployAndExecute} call (900 bytes, not a multiple
     * of 32) and a 66-byte inner signature (r, s, v and Ambire's mode byte). Their test checks it against Polygon, so
     * only the encoding runs here: wrapping the published parts gives ethers' layout, and it comes back apart.
     */
    @Test
    void ambiresPublishedCaseEncodesAndDecodesAlike() {
        Address factory = Address.of("0xBf07a0Df119Ca234634588fbDb5625594E2a5BCA");
        byte[] calldata = Hex.decode(AMBIRE_CALLDATA);
        byte[] signature = Hex.decode("0xc0f8db6019888d87a0afc1299e81ef45d3abce64f63072c8d7a6ef00f5f82c15"
                + "22958ff110afa98b8c0d23b558376db1d2fbab4944e708f8bf6dc7b977ee07201b00");
        assertThat(calldata).hasSize(900);
        assertThat(signature).hasSize(66);

        byte[] wrapped = Erc6492.wrap(factory, calldata, signature);

        assertThat(wrapped).hasSize(3 * 32 + 32 + 928 + 32 + 96 + 32);
        assertThat(word(wrapped, 1)).as("offset of the calldata").isEqualTo(0x60);
        assertThat(word(wrapped, 2)).as("offset of the signature: head, length word, 928 padded bytes")
                .isEqualTo(0x60 + 32 + 928);
        assertThat(word(wrapped, 3)).isEqualTo(900);
        assertThat(Arrays.copyOfRange(wrapped, wrapped.length - 32, wrapped.length)).isEqualTo(Erc6492.suffix());
        Erc6492.Wrapped parts = Erc6492.unwrap(wrapped);
        assertThat(parts.factory()).isEqualTo(factory);
        assertThat(parts.factoryCalldata()).isEqualTo(calldata);
        assertThat(parts.signature()).isEqualTo(signature);
    }

    /**
     * Wrappers that are not {@code abi.encode(address, bytes, bytes)}, made from a good one (factory 0xaa, 3 bytes of
     * calldata, a 65-byte signature: nine words, then the suffix) by overwriting one word or cutting the last: each
     * is refused naming the layout and the fault, and a length of 2^255 allocates nothing.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "truncated: the last word of the signature cut, -1, '', length 65 exceeds the 64 bytes",
            "the calldata offset points past the end, 1, 0000000000000000000000000000000000000000000000000000000000001000, offset 4096 points",
            "the calldata length is 2^255, 3, 8000000000000000000000000000000000000000000000000000000000000000, is larger than any data",
            "the signature length runs past the end, 5, 0000000000000000000000000000000000000000000000000000000000000061, length 97 exceeds the 96 bytes",
            "the factory word has dirty high bytes, 0, 01000000000000000000000000000000000000000000000000000000000000aa, upper 12 bytes of an address"})
    void aMalformedWrapperIsRefusedNamingTheLayout(String fault, int word, String replacement, String named) {
        byte[] good = Erc6492.wrap(FACTORY, new byte[] {1, 2, 3}, new byte[65]);
        assertThat(good).hasSize(9 * 32 + 32);
        byte[] bad;
        if (word < 0) {
            bad = new byte[good.length - 32];
            System.arraycopy(good, 0, bad, 0, 8 * 32);
            System.arraycopy(Erc6492.suffix(), 0, bad, 8 * 32, 32);
        } else {
            bad = good.clone();
            System.arraycopy(Hex.decode(replacement), 0, bad, word * 32, 32);
        }
        assertThat(Erc6492.isWrapped(bad)).as("still ends in the suffix").isTrue();
        assertThatThrownBy(() -> Erc6492.unwrap(bad)).as(fault)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("abi.encode(address factory, bytes factoryCalldata, bytes signature)")
                .hasMessageContaining(named);
    }

    private static long word(byte[] data, int index) {
        return new java.math.BigInteger(1, Arrays.copyOfRange(data, index * 32, index * 32 + 32)).longValueExact();
    }

    private static final String AMBIRE_CALLDATA = "0x"
            + "49c815790000000000000000000000000000000000000000000000000000000000000080000000000000000000000000"
            + "00000000000000000000000000000000000000010000000000000000000000004836a472ab1dd406ecb8d0f933a98554"
            + "1ee3921f0000000000000000000000000000000000000000000000000000000000000120000000000000000000000000"
            + "000000000000000000000000000000000000007a7f000000000000000000000000000000000000000000000000000000"
            + "00000000017f7f0f292b79d9ce101861526459da50f62368077ae24affe97b792bf4bdd2e171553d602d80604d3d3981"
            + "f3363d3d373d3d3d363d732a2b85eb1054d6f0c6c2e37da05ed3e5fea684ef5af43d82803e903d91602b57fd5bf30000"
            + "0000000000000000000000000000000000000000000000000000000000000000000002246171d1c90000000000000000"
            + "000000000000000000000000000000000000000000000040000000000000000000000000000000000000000000000000"
            + "00000000000001a000000000000000000000000000000000000000000000000000000000000000020000000000000000"
            + "000000000000000000000000000000000000000000000040000000000000000000000000000000000000000000000000"
            + "00000000000000c00000000000000000000000004836a472ab1dd406ecb8d0f933a985541ee3921f0000000000000000"
            + "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
            + "000000000000006000000000000000000000000000000000000000000000000000000000000000000000000000000000"
            + "00000000942f9ce5d9a33a82f88d233aeb3292e680230348000000000000000000000000000000000000000000000000"
            + "0014c3c6ef1cdc0100000000000000000000000000000000000000000000000000000000000000600000000000000000"
            + "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
            + "0000000000000042f2eaaebf45fc0340eb55f11c52a30e2ca7f48539d0a1f1cdc240482210326494545def903e8ed444"
            + "1bd5438109abe950f1f79baf032f184728ba2d4161dea32e1b0100000000000000000000000000000000000000000000"
            + "000000000000000000000000000000000000000000000000000000000000000000000000";

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
