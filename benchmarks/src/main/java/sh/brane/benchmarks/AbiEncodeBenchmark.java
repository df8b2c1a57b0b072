package sh.brane.benchmarks;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.datatypes.DynamicArray;
import org.web3j.abi.datatypes.DynamicBytes;
import org.web3j.abi.datatypes.DynamicStruct;
import org.web3j.abi.datatypes.Function;
import org.web3j.abi.datatypes.Type;
import org.web3j.abi.datatypes.Utf8String;
import org.web3j.abi.datatypes.generated.Uint256;

import sh.brane.core.abi.Abi;
import sh.brane.core.abi.AbiFunction;
import sh.brane.core.abi.AbiType;
import sh.brane.core.abi.AbiValue;
import sh.brane.core.abi.FastAbiEncoder;
import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;

/**
 * ABI encoding, Brane against web3j's {@code FunctionEncoder}. Every pair is checked in {@link #setUp()} to
 * produce the same bytes.
 *
 * <ul>
 *   <li>{@code transferEncodeTo}: {@code transfer(address,uint256)} from values built once, written by
 *       {@link FastAbiEncoder#encodeTo} into a reused buffer; web3j encodes a {@code Function} built once.</li>
 *   <li>{@code transferEncodeCall}: from plain Java values each time ({@link AbiFunction#encodeCall}); web3j
 *       builds its {@code Function} from typed values each time and encodes it.</li>
 *   <li>{@code complexEncode} / {@code complexEncodeTo}: {@code f((uint256,address,bytes),uint256[],bytes,string)}
 *       with 10 array elements, 100 bytes, a 40-char string; allocating and into a reused buffer. web3j encodes a
 *       prebuilt {@code Function} in both twins.</li>
 *   <li>{@code constructor}: constructor arguments {@code (address,uint256,string)}.</li>
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class AbiEncodeBenchmark {

    static final String ABI_JSON = """
            [{"type":"constructor","inputs":[{"name":"owner","type":"address"},{"name":"supply","type":"uint256"},
              {"name":"name","type":"string"}],"stateMutability":"nonpayable"},
             {"type":"function","name":"transfer","inputs":[{"name":"to","type":"address"},{"name":"amount","type":"uint256"}],
              "outputs":[{"name":"","type":"bool"}],"stateMutability":"nonpayable"}]""";

    static final String RECIPIENT = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
    static final BigInteger AMOUNT = new BigInteger("1000000000000000000000");

    private AbiFunction transfer;
    private byte[] transferSelector;
    private AbiValue[] transferValues;
    private ByteBuffer transferBuffer;
    private Address recipient;
    private org.web3j.abi.datatypes.Address w3Recipient;
    private Function w3Transfer;

    private byte[] complexSelector;
    private AbiValue[] complexValues;
    private ByteBuffer complexBuffer;
    private Function w3Complex;

    private Abi abi;
    private String name;
    private List<Type> w3ConstructorArgs;

    @Setup
    public void setUp() {
        abi = Abi.fromJson(ABI_JSON);
        transfer = abi.function("transfer");
        transferSelector = transfer.selector();
        recipient = Address.of(RECIPIENT);
        transferValues = transfer.toValues(recipient, AMOUNT);
        transferBuffer = ByteBuffer.allocate(4 + 64);
        w3Recipient = new org.web3j.abi.datatypes.Address(RECIPIENT);
        w3Transfer = new Function("transfer", List.of(w3Recipient, new Uint256(AMOUNT)), Collections.emptyList());

        Random random = new Random(42);
        byte[] inner = new byte[33];
        byte[] blob = new byte[100];
        random.nextBytes(inner);
        random.nextBytes(blob);
        String text = "Brane benchmarks: an ABI string of 40 ch";
        BigInteger[] numbers = new BigInteger[10];
        for (int i = 0; i < numbers.length; i++) {
            numbers[i] = new BigInteger(200, random);
        }
        AbiFunction complex = AbiFunction.parse("complex((uint256,address,bytes),uint256[],bytes,string)");
        complexSelector = complex.selector();
        AbiValue[] numberValues = new AbiValue[numbers.length];
        List<Uint256> w3Numbers = new ArrayList<>();
        for (int i = 0; i < numbers.length; i++) {
            numberValues[i] = AbiValue.uint256(numbers[i]);
            w3Numbers.add(new Uint256(numbers[i]));
        }
        complexValues = new AbiValue[] {
                AbiValue.tuple(AbiValue.uint256(AMOUNT), AbiValue.address(recipient), AbiValue.bytes(inner)),
                AbiValue.array(AbiType.UINT256, numberValues),
                AbiValue.bytes(blob),
                AbiValue.string(text)};
        complexBuffer = ByteBuffer.allocate(4 + FastAbiEncoder.encodedSize(complexValues));
        w3Complex = new Function("complex", List.of(
                new DynamicStruct(new Uint256(AMOUNT), w3Recipient, new DynamicBytes(inner)),
                new DynamicArray<>(Uint256.class, w3Numbers),
                new DynamicBytes(blob),
                new Utf8String(text)), Collections.emptyList());

        name = "Brane Token";
        w3ConstructorArgs = List.of(w3Recipient, new Uint256(AMOUNT), new Utf8String(name));

        Twins.same("transfer encodeTo", Arrays.copyOf(braneTransferEncodeTo().array(), 68), Hex.decode(web3jTransferEncodeTo()));
        Twins.same("transfer encodeCall", braneTransferEncodeCall(), Hex.decode(web3jTransferEncodeCall()));
        Twins.same("complex encode", braneComplexEncode(), Hex.decode(web3jComplexEncode()));
        Twins.same("complex encodeTo", braneComplexEncodeTo().array(), Hex.decode(web3jComplexEncodeTo()));
        Twins.same("constructor", braneConstructor(), Hex.decode(web3jConstructor()));
    }

    @Benchmark
    public ByteBuffer braneTransferEncodeTo() {
        ByteBuffer b = transferBuffer.clear();
        FastAbiEncoder.encodeTo(transferSelector, transferValues, b);
        return b;
    }

    @Benchmark
    public String web3jTransferEncodeTo() {
        return FunctionEncoder.encode(w3Transfer);
    }

    @Benchmark
    public byte[] braneTransferEncodeCall() {
        return transfer.encodeCall(recipient, AMOUNT);
    }

    @Benchmark
    public String web3jTransferEncodeCall() {
        return FunctionEncoder.encode(new Function("transfer", List.of(w3Recipient, new Uint256(AMOUNT)),
                Collections.emptyList()));
    }

    @Benchmark
    public byte[] braneComplexEncode() {
        return FastAbiEncoder.encode(complexSelector, complexValues);
    }

    @Benchmark
    public String web3jComplexEncode() {
        return FunctionEncoder.encode(w3Complex);
    }

    @Benchmark
    public ByteBuffer braneComplexEncodeTo() {
        ByteBuffer b = complexBuffer.clear();
        FastAbiEncoder.encodeTo(complexSelector, complexValues, b);
        return b;
    }

    @Benchmark
    public String web3jComplexEncodeTo() {
        return FunctionEncoder.encode(w3Complex);
    }

    @Benchmark
    public byte[] braneConstructor() {
        return abi.constructor().orElseThrow().encodeArguments(recipient, AMOUNT, name);
    }

    @Benchmark
    public String web3jConstructor() {
        return FunctionEncoder.encodeConstructor(w3ConstructorArgs);
    }
}
