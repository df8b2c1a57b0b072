package sh.brane.core.abi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.datatypes.DynamicArray;
import org.web3j.abi.datatypes.DynamicStruct;
import org.web3j.abi.datatypes.Utf8String;
import org.web3j.abi.datatypes.generated.StaticArray2;
import org.web3j.abi.datatypes.generated.Uint256;

import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;

class AbiJsonTest {

    static final Address ALICE = Address.of("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
    static final Address BOB = Address.of("0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359");

    static String sampleJson() {
        try (InputStream in = AbiJsonTest.class.getResourceAsStream("/abi/sample.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static final Abi ABI = Abi.fromJson(sampleJson());

    @Test
    void readsEveryKindOfEntry() {
        assertThat(ABI.functions()).extracting(AbiFunction::signature).containsExactly(
                "transfer(address,uint256)", "balanceOf(address)", "safeTransferFrom(address,address,uint256)",
                "safeTransferFrom(address,address,uint256,bytes)", "set(uint8)", "set(string)",
                "submit((address,uint256[2],string)[])");
        assertThat(ABI.constructor()).isPresent();
        assertThat(ABI.hasFallback()).isTrue();
        assertThat(ABI.fallbackStateMutability()).contains("payable");
        assertThat(ABI.hasReceive()).isTrue();
        assertThat(ABI.events()).extracting(AbiEvent::signature)
                .containsExactly("Transfer(address,address,uint256)", "Named(string,uint256,string)", "Ping(address,uint32)");
        assertThat(ABI.errors()).extracting(AbiError::signature)
                .containsExactly("InsufficientBalance(uint256,uint256)", "Unauthorized(address)");
        AbiFunction transfer = ABI.function("transfer");
        assertThat(transfer.selectorHex()).isEqualTo("0xa9059cbb");
        assertThat(transfer.stateMutability()).isEqualTo("nonpayable");
        assertThat(transfer.inputs().get(0).name()).isEqualTo("to");
        assertThat(transfer.outputTypes()).containsExactly(AbiType.BOOL);
        assertThat(ABI.event("Transfer").topic0().toHex())
                .isEqualTo("0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef");
    }

    @Test
    void keepsTupleComponentNamesAndInternalTypes() {
        AbiParameter orders = ABI.function("submit").inputs().get(0);
        assertThat(orders.type().canonical()).isEqualTo("(address,uint256[2],string)[]");
        assertThat(orders.internalType()).isEqualTo("struct Book.Order[]");
        assertThat(orders.components()).extracting(AbiParameter::name).containsExactly("maker", "amounts", "memo");
        assertThat(orders.components().get(1).type()).isEqualTo(AbiType.parse("uint256[2]"));
    }

    @Test
    void encodesTupleArgumentsLikeWeb3j() {
        byte[] calldata = ABI.function("submit").encodeCall(List.of(
                List.of(ALICE, List.of(1L, 2L), "first"),
                new Object[] {BOB, new long[] {3, 4}, "second"}));
        String web3j = FunctionEncoder.encode(new org.web3j.abi.datatypes.Function("submit", List.of(
                new DynamicArray<>(DynamicStruct.class,
                        new DynamicStruct(new org.web3j.abi.datatypes.Address(ALICE.toHex()),
                                new StaticArray2<>(Uint256.class, new Uint256(1), new Uint256(2)), new Utf8String("first")),
                        new DynamicStruct(new org.web3j.abi.datatypes.Address(BOB.toHex()),
                                new StaticArray2<>(Uint256.class, new Uint256(3), new Uint256(4)), new Utf8String("second")))),
                List.of()));
        // web3j's own selector for a struct argument is not the canonical one; compare the arguments
        assertThat(Hex.encode(calldata).substring(10)).isEqualTo(web3j.substring(10));
        assertThat(Hex.encode(calldata).substring(0, 10))
                .isEqualTo(Hex.encode(AbiFunction.parse("submit((address,uint256[2],string)[])").selector()));
        assertThat(ABI.function("submit").decodeCall(calldata).get(0)).isEqualTo(List.of(
                List.of(ALICE, List.of(BigInteger.ONE, BigInteger.TWO), "first"),
                List.of(BOB, List.of(BigInteger.valueOf(3), BigInteger.valueOf(4)), "second")));
    }

    @Test
    void selectsOverloadsBySignatureOrByArguments() {
        assertThat(ABI.function("safeTransferFrom(address,address,uint256)").inputs()).hasSize(3);
        assertThat(ABI.function("safeTransferFrom(address, address, uint256, bytes)").inputs()).hasSize(4);
        assertThat(ABI.function("safeTransferFrom", ALICE, BOB, 7L).signature())
                .isEqualTo("safeTransferFrom(address,address,uint256)");
        assertThat(ABI.function("safeTransferFrom", ALICE, BOB, 7L, new byte[] {1}).signature())
                .isEqualTo("safeTransferFrom(address,address,uint256,bytes)");
        assertThat(ABI.function("set", "text").signature()).isEqualTo("set(string)");
        assertThat(ABI.function("set", 7).signature()).isEqualTo("set(uint8)");
        assertThat(ABI.encodeCall("set", 7)).isEqualTo(AbiFunction.parse("set(uint8)").encodeCall(7));
    }

    @Test
    void ambiguousOrUnknownNamesListTheCandidates() {
        assertThatThrownBy(() -> ABI.function("safeTransferFrom"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("overloaded")
                .hasMessageContaining("safeTransferFrom(address,address,uint256)")
                .hasMessageContaining("safeTransferFrom(address,address,uint256,bytes)");
        assertThatThrownBy(() -> ABI.function("transferFrom"))
                .hasMessageContaining("no function named 'transferFrom'")
                .hasMessageContaining("transfer(address,uint256)");
        assertThatThrownBy(() -> ABI.function("transfer(address,uint128)"))
                .hasMessageContaining("no function transfer(address,uint128)")
                .hasMessageContaining("transfer(address,uint256)");
        assertThatThrownBy(() -> ABI.function("set", true))
                .hasMessageContaining("no overload of 'set' accepts")
                .hasMessageContaining("set(uint8)").hasMessageContaining("set(string)");
    }

    @Test
    void ambiguousArgumentsAreRejected() {
        Abi abi = Abi.fromJson("""
                [{"type":"function","name":"f","inputs":[{"name":"a","type":"uint8"}]},
                 {"type":"function","name":"f","inputs":[{"name":"a","type":"uint256"}]}]""");
        assertThatThrownBy(() -> abi.function("f", 1))
                .hasMessageContaining("ambiguous").hasMessageContaining("f(uint8)").hasMessageContaining("f(uint256)");
        assertThat(abi.function("f", 300).signature()).isEqualTo("f(uint256)");
    }

    @Test
    void findsFunctionsBySelector() {
        byte[] calldata = ABI.function("transfer").encodeCall(BOB, 5L);
        AbiFunction f = ABI.functionBySelector(calldata).orElseThrow();
        assertThat(f.signature()).isEqualTo("transfer(address,uint256)");
        assertThat(f.decodeCall(calldata)).containsExactly(BOB, BigInteger.valueOf(5));
        assertThat(ABI.functionBySelector(Hex.decode("0xdeadbeef"))).isEmpty();
        assertThat(ABI.functionBySelector(new byte[2])).isEmpty();
    }

    @Test
    void encodesConstructorArgumentsAfterTheBytecode() {
        byte[] bytecode = Hex.decode("0x6080604052");
        byte[] deploy = ABI.constructor().orElseThrow().encodeDeploy(bytecode, "Token", BigInteger.TEN.pow(24));
        String args = FunctionEncoder.encodeConstructor(List.of(new Utf8String("Token"),
                new Uint256(BigInteger.TEN.pow(24))));
        assertThat(Hex.encode(deploy)).isEqualTo("0x6080604052" + args);
    }

    @Test
    void acceptsArtifactsLegacyFlagsAndDefaults() {
        Abi abi = Abi.fromJson("""
                {"contractName":"X","abi":[
                  {"name":"old","constant":true,"inputs":[],"outputs":[{"name":"","type":"uint"}]},
                  {"type":"function","name":"pay","payable":true,"inputs":[]}]}""");
        assertThat(abi.function("old").stateMutability()).isEqualTo("view");
        assertThat(abi.function("old").outputTypes()).containsExactly(AbiType.UINT256);
        assertThat(abi.function("pay").stateMutability()).isEqualTo("payable");
        assertThat(abi.hasFallback()).isFalse();
        assertThat(abi.constructor()).isEmpty();
    }

    @Test
    void malformedJsonAbisAreRejectedWithTheEntryAndProblem() {
        assertParse("[{\"type\":\"function\",", "not valid JSON");
        assertParse("{\"a\":1}", "must be an array");
        assertParse("[1]", "ABI entry #0 must be an object");
        assertParse("[{\"type\":\"modifier\",\"name\":\"onlyOwner\"}]", "ABI entry #0 'onlyOwner' has unknown type 'modifier'");
        assertParse("[{\"type\":\"function\",\"inputs\":[]}]", "ABI entry #0 (function): missing \"name\"");
        assertParse("[{\"type\":\"function\",\"name\":\"f\",\"inputs\":[{\"name\":\"x\",\"type\":\"uint7\"}]}]",
                "ABI entry #0 (function 'f') inputs[0] 'x'", "uint7");
        assertParse("[{\"type\":\"function\",\"name\":\"f\",\"inputs\":[{\"name\":\"x\"}]}]", "missing \"type\"");
        assertParse("[{\"type\":\"function\",\"name\":\"f\",\"inputs\":[{\"name\":\"s\",\"type\":\"tuple\"}]}]",
                "needs a \"components\" array");
        assertParse("[{\"type\":\"function\",\"name\":\"f\",\"inputs\":{}}]", "\"inputs\" must be an array");
        assertParse("[{\"type\":\"function\",\"name\":\"f\",\"stateMutability\":\"cheap\"}]", "unknown stateMutability 'cheap'");
        assertParse("[{\"type\":\"event\",\"name\":\"E\",\"inputs\":["
                + "{\"type\":\"uint8\",\"indexed\":true},{\"type\":\"uint8\",\"indexed\":true},"
                + "{\"type\":\"uint8\",\"indexed\":true},{\"type\":\"uint8\",\"indexed\":true}]}]", "4 indexed inputs");
        assertParse("[{\"type\":\"event\",\"name\":\"E\",\"anonymous\":\"yes\"}]", "\"anonymous\" must be true or false");
        assertParse("[{\"type\":\"constructor\"},{\"type\":\"constructor\"}]", "at most one constructor");
        assertParse(null, "null");
        String deep = "{\"type\":\"tuple\",\"components\":[".repeat(40) + "{\"type\":\"uint8\"}" + "]}".repeat(40);
        assertParse("[{\"type\":\"function\",\"name\":\"f\",\"inputs\":[" + deep + "]}]", "deeper than");
    }

    private static void assertParse(String json, String... fragments) {
        assertThatThrownBy(() -> Abi.fromJson(json))
                .isInstanceOf(AbiParseException.class)
                .isInstanceOf(sh.brane.primitives.InvalidEncodingException.class)
                .satisfies(e -> {
                    for (String f : fragments) {
                        assertThat(e.getMessage()).contains(f);
                    }
                });
    }
}
