package sh.brane.core.abi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.List;

import org.junit.jupiter.api.Test;

import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;

class AbiFunctionTest {

    private static final Address ALICE = AbiJsonTest.ALICE;

    @Test
    void parsesSignaturesWithReturnTypes() {
        AbiFunction f = AbiFunction.parse("getReserves()", "(uint112,uint112,uint32)");
        assertThat(f.selectorHex()).isEqualTo("0x0902f1ac");
        assertThat(f.outputTypes()).containsExactly(AbiType.uintN(112), AbiType.uintN(112), AbiType.uintN(32));
        assertThat(AbiFunction.parse("balanceOf(address)", "uint256").outputTypes()).containsExactly(AbiType.UINT256);
        assertThat(f.toString()).isEqualTo("getReserves() returns (uint112,uint112,uint32)");
        assertThatThrownBy(() -> AbiFunction.parse("transfer")).isInstanceOf(AbiParseException.class)
                .hasMessageContaining("must look like name(type,...)");
        assertThatThrownBy(() -> AbiFunction.parse("transfer(address,uint7)")).isInstanceOf(AbiParseException.class)
                .hasMessageContaining("uint7");
        assertThatThrownBy(() -> AbiFunction.parse("tr-ansfer(address)")).hasMessageContaining("invalid name");
    }

    @Test
    void decodesReturnValuesAndCalldata() {
        AbiFunction f = AbiFunction.parse("quote(address,int24[])", "(int256,string,bool)");
        byte[] ret = FastAbiEncoder.encode(null, AbiValue.int256(-42), AbiValue.string("ok"), AbiValue.bool(true));
        assertThat(f.decodeReturn(ret)).containsExactly(BigInteger.valueOf(-42), "ok", true);
        byte[] call = f.encodeCall(ALICE.toHex(), List.of(-1, 8_388_607));
        assertThat(f.decodeCall(call)).containsExactly(ALICE, List.of(BigInteger.ONE.negate(), BigInteger.valueOf(8_388_607)));
        assertThatThrownBy(() -> f.decodeCall(Hex.decode("0xa9059cbb"))).isInstanceOf(AbiDecodingException.class)
                .hasMessageContaining("does not start with the selector");
        assertThatThrownBy(() -> f.decodeReturn(new byte[0])).isInstanceOf(AbiDecodingException.class)
                .hasMessageContaining("needs 96 bytes of head but only 0 remain");
        assertThatThrownBy(() -> f.decodeReturn(null)).isInstanceOf(AbiDecodingException.class);
    }

    @Test
    void decodesByTypeStringAndSingleValues() {
        byte[] data = FastAbiEncoder.encode(null, AbiValue.uint256(7), AbiValue.address(ALICE));
        assertThat(AbiDecoder.decode("(uint256,address)", data)).containsExactly(BigInteger.valueOf(7), ALICE);
        assertThat(AbiDecoder.decodeSingle(AbiType.UINT256, data)).isEqualTo(BigInteger.valueOf(7));
        assertThat(AbiDecoder.decodeWord(AbiType.BOOL, AbiValue.bool(true).toWord())).isEqualTo(true);
        assertThatThrownBy(() -> AbiDecoder.decodeWord(AbiType.STRING, new byte[32])).isInstanceOf(AbiDecodingException.class);
        // decoding part of a larger array
        byte[] padded = new byte[data.length + 10];
        System.arraycopy(data, 0, padded, 5, data.length);
        assertThat(AbiDecoder.decode(List.of(AbiType.UINT256, AbiType.ADDRESS), padded, 5, data.length))
                .containsExactly(BigInteger.valueOf(7), ALICE);
    }

    @Test
    void encodeCallToChecksTypesAndWritesTheSameBytes() {
        AbiFunction transfer = AbiFunction.parse("transfer(address,uint256)");
        AbiValue[] args = {AbiValue.address(ALICE), AbiValue.uint256(BigInteger.TWO.pow(200))};
        ByteBuffer buffer = ByteBuffer.allocate(100);
        assertThat(transfer.encodeCallTo(buffer, args)).isEqualTo(68);
        byte[] written = java.util.Arrays.copyOf(buffer.array(), 68);
        assertThat(written).isEqualTo(transfer.encodeCall(ALICE, BigInteger.TWO.pow(200)));
        assertThatThrownBy(() -> transfer.encodeCallTo(ByteBuffer.allocate(100), AbiValue.uint256(1), AbiValue.uint256(2)))
                .isInstanceOf(AbiEncodingException.class).hasMessageContaining("argument 0 must be address");
    }

    @Test
    void valuesRoundTripToJava() {
        assertThat(AbiValue.uint256(BigInteger.TWO.pow(255)).toJava()).isEqualTo(BigInteger.TWO.pow(255));
        assertThat(AbiValue.intN(256, BigInteger.TWO.pow(255).negate()).toJava()).isEqualTo(BigInteger.TWO.pow(255).negate());
        assertThat(AbiValue.int256(-1).toWord()).isEqualTo(Hex.decode("0x" + "ff".repeat(32)));
        assertThat(AbiValue.address(ALICE).toJava()).isEqualTo(ALICE);
        assertThat((byte[]) AbiValue.bytesN(new byte[] {1, 2}).toJava()).containsExactly(1, 2);
        assertThat(AbiValue.of(AbiType.parse("(string,uint8[])"), List.of("x", new int[] {1, 2})).toJava())
                .isEqualTo(List.of("x", List.of(BigInteger.ONE, BigInteger.TWO)));
        assertThat(AbiValue.string("é").encodedSize()).isEqualTo(64);
        assertThatThrownBy(() -> AbiValue.of(AbiType.UINT8, AbiValue.uint256(1)))
                .hasMessageContaining("an ABI value of type uint256 was given");
    }
}
