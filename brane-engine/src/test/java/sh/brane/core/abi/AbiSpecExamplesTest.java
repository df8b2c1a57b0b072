package sh.brane.core.abi;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.datatypes.Bool;
import org.web3j.abi.datatypes.DynamicArray;
import org.web3j.abi.datatypes.DynamicBytes;
import org.web3j.abi.datatypes.Type;
import org.web3j.abi.datatypes.Utf8String;
import org.web3j.abi.datatypes.generated.Bytes10;
import org.web3j.abi.datatypes.generated.Bytes3;
import org.web3j.abi.datatypes.generated.StaticArray2;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.abi.datatypes.generated.Uint32;

import sh.brane.primitives.Hex;

/**
 * The examples of the Solidity ABI specification ("Examples" and "Use of Dynamic Types"), with the
 * encodings printed there; each one is also checked against web3j's encoder, and decoded back.
 */
class AbiSpecExamplesTest {

    private static String hex(byte[] b) {
        return Hex.encode(b);
    }

    private static String words(String selector, String... words) {
        return selector + String.join("", words);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static String web3j(String name, Type<?>... args) {
        return FunctionEncoder.encode(new org.web3j.abi.datatypes.Function(name, List.of(args), List.of()));
    }

    @Test
    void baz() {
        AbiFunction f = AbiFunction.parse("baz(uint32,bool)");
        byte[] encoded = f.encodeCall(69L, true);
        String expected = words("0xcdcd77c0",
                "0000000000000000000000000000000000000000000000000000000000000045",
                "0000000000000000000000000000000000000000000000000000000000000001");
        assertThat(f.selectorHex()).isEqualTo("0xcdcd77c0");
        assertThat(hex(encoded)).isEqualTo(expected);
        assertThat(hex(encoded)).isEqualTo(web3j("baz", new Uint32(69), new Bool(true)));
        assertThat(f.decodeCall(encoded)).containsExactly(BigInteger.valueOf(69), true);
    }

    @Test
    void bar() {
        AbiFunction f = AbiFunction.parse("bar(bytes3[2])");
        byte[] encoded = f.encodeCall(List.of(ascii("abc"), ascii("def")));
        String expected = words("0xfce353f6",
                "6162630000000000000000000000000000000000000000000000000000000000",
                "6465660000000000000000000000000000000000000000000000000000000000");
        assertThat(hex(encoded)).isEqualTo(expected);
        assertThat(hex(encoded)).isEqualTo(web3j("bar",
                new StaticArray2<>(Bytes3.class, new Bytes3(ascii("abc")), new Bytes3(ascii("def")))));
        @SuppressWarnings("unchecked")
        List<Object> decoded = (List<Object>) f.decodeCall(encoded).get(0);
        assertThat((byte[]) decoded.get(0)).isEqualTo(ascii("abc"));
        assertThat((byte[]) decoded.get(1)).isEqualTo(ascii("def"));
    }

    @Test
    void sam() {
        AbiFunction f = AbiFunction.parse("sam(bytes,bool,uint256[])");
        byte[] encoded = f.encodeCall(ascii("dave"), true, List.of(1L, 2L, 3L));
        String expected = words("0xa5643bf2",
                "0000000000000000000000000000000000000000000000000000000000000060",
                "0000000000000000000000000000000000000000000000000000000000000001",
                "00000000000000000000000000000000000000000000000000000000000000a0",
                "0000000000000000000000000000000000000000000000000000000000000004",
                "6461766500000000000000000000000000000000000000000000000000000000",
                "0000000000000000000000000000000000000000000000000000000000000003",
                "0000000000000000000000000000000000000000000000000000000000000001",
                "0000000000000000000000000000000000000000000000000000000000000002",
                "0000000000000000000000000000000000000000000000000000000000000003");
        assertThat(hex(encoded)).isEqualTo(expected);
        assertThat(hex(encoded)).isEqualTo(web3j("sam", new DynamicBytes(ascii("dave")), new Bool(true),
                new DynamicArray<>(Uint256.class, new Uint256(1), new Uint256(2), new Uint256(3))));
        List<Object> decoded = f.decodeCall(encoded);
        assertThat((byte[]) decoded.get(0)).isEqualTo(ascii("dave"));
        assertThat(decoded.get(1)).isEqualTo(true);
        assertThat(decoded.get(2)).isEqualTo(List.of(BigInteger.ONE, BigInteger.TWO, BigInteger.valueOf(3)));
    }

    @Test
    void f() {
        AbiFunction f = AbiFunction.parse("f(uint256,uint32[],bytes10,bytes)");
        byte[] encoded = f.encodeCall(BigInteger.valueOf(0x123), List.of(0x456L, 0x789L), ascii("1234567890"),
                ascii("Hello, world!"));
        String expected = words("0x8be65246",
                "0000000000000000000000000000000000000000000000000000000000000123",
                "0000000000000000000000000000000000000000000000000000000000000080",
                "3132333435363738393000000000000000000000000000000000000000000000",
                "00000000000000000000000000000000000000000000000000000000000000e0",
                "0000000000000000000000000000000000000000000000000000000000000002",
                "0000000000000000000000000000000000000000000000000000000000000456",
                "0000000000000000000000000000000000000000000000000000000000000789",
                "000000000000000000000000000000000000000000000000000000000000000d",
                "48656c6c6f2c20776f726c642100000000000000000000000000000000000000");
        assertThat(hex(encoded)).isEqualTo(expected);
        assertThat(hex(encoded)).isEqualTo(web3j("f", new Uint256(0x123),
                new DynamicArray<>(Uint32.class, new Uint32(0x456), new Uint32(0x789)),
                new Bytes10(ascii("1234567890")), new DynamicBytes(ascii("Hello, world!"))));
        List<Object> decoded = f.decodeCall(encoded);
        assertThat(decoded.get(0)).isEqualTo(BigInteger.valueOf(0x123));
        assertThat(decoded.get(1)).isEqualTo(List.of(BigInteger.valueOf(0x456), BigInteger.valueOf(0x789)));
        assertThat((byte[]) decoded.get(2)).isEqualTo(ascii("1234567890"));
        assertThat((byte[]) decoded.get(3)).isEqualTo(ascii("Hello, world!"));
    }

    @Test
    void g() {
        AbiFunction f = AbiFunction.parse("g(uint256[][],string[])");
        byte[] encoded = f.encodeCall(List.of(List.of(1L, 2L), List.of(3L)), List.of("one", "two", "three"));
        String expected = words("0x2289b18c",
                "0000000000000000000000000000000000000000000000000000000000000040",
                "0000000000000000000000000000000000000000000000000000000000000140",
                "0000000000000000000000000000000000000000000000000000000000000002",
                "0000000000000000000000000000000000000000000000000000000000000040",
                "00000000000000000000000000000000000000000000000000000000000000a0",
                "0000000000000000000000000000000000000000000000000000000000000002",
                "0000000000000000000000000000000000000000000000000000000000000001",
                "0000000000000000000000000000000000000000000000000000000000000002",
                "0000000000000000000000000000000000000000000000000000000000000001",
                "0000000000000000000000000000000000000000000000000000000000000003",
                "0000000000000000000000000000000000000000000000000000000000000003",
                "0000000000000000000000000000000000000000000000000000000000000060",
                "00000000000000000000000000000000000000000000000000000000000000a0",
                "00000000000000000000000000000000000000000000000000000000000000e0",
                "0000000000000000000000000000000000000000000000000000000000000003",
                "6f6e650000000000000000000000000000000000000000000000000000000000",
                "0000000000000000000000000000000000000000000000000000000000000003",
                "74776f0000000000000000000000000000000000000000000000000000000000",
                "0000000000000000000000000000000000000000000000000000000000000005",
                "7468726565000000000000000000000000000000000000000000000000000000");
        assertThat(hex(encoded)).isEqualTo(expected);
        List<Object> decoded = f.decodeCall(encoded);
        assertThat(decoded).isEqualTo(List.of(
                List.of(List.of(BigInteger.ONE, BigInteger.TWO), List.of(BigInteger.valueOf(3))),
                List.of("one", "two", "three")));
    }

    @Test
    void typedValuesGiveTheSameBytesAsJavaValues() {
        AbiFunction f = AbiFunction.parse("sam(bytes,bool,uint256[])");
        AbiValue[] values = {
            AbiValue.bytes(ascii("dave")), AbiValue.bool(true),
            AbiValue.array(AbiType.UINT256, AbiValue.uint256(1), AbiValue.uint256(2), AbiValue.uint256(3))};
        byte[] viaFast = FastAbiEncoder.encode(f.selector(), values);
        assertThat(Arrays.equals(viaFast, f.encodeCall(ascii("dave"), true, List.of(1L, 2L, 3L)))).isTrue();
    }
}
