package sh.brane.benchmarks;

import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.web3j.utils.Numeric;

import sh.brane.primitives.Hex;

/**
 * Hex with {@code 0x}, Brane against web3j's {@code Numeric}. web3j has no form that writes into a caller's
 * buffer, so the twin of {@code encodeTo}/{@code decodeTo} is the same allocating {@code Numeric} call.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class HexBenchmark {

    @Param({"32"})
    public int bytes;

    private byte[] data;
    private String hex;
    private char[] chars;
    private byte[] decoded;

    @Setup
    public void setUp() {
        data = new byte[bytes];
        new Random(bytes).nextBytes(data);
        hex = Hex.encode(data);
        chars = new char[2 + 2 * bytes];
        decoded = new byte[bytes];
        Twins.same("hex encode", braneEncode(), web3jEncode());
        braneEncodeTo();
        Twins.same("hex encodeTo", new String(chars), web3jEncodeTo());
        Twins.same("hex decode", braneDecode(), web3jDecode());
        Twins.same("hex decodeTo", braneDecodeTo(), web3jDecodeTo());
    }

    @Benchmark
    public String braneEncode() {
        return Hex.encode(data);
    }

    @Benchmark
    public String web3jEncode() {
        return Numeric.toHexString(data);
    }

    @Benchmark
    public char[] braneEncodeTo() {
        Hex.encodeTo(data, chars, 0, true);
        return chars;
    }

    @Benchmark
    public String web3jEncodeTo() {
        return Numeric.toHexString(data);
    }

    @Benchmark
    public byte[] braneDecode() {
        return Hex.decode(hex);
    }

    @Benchmark
    public byte[] web3jDecode() {
        return Numeric.hexStringToByteArray(hex);
    }

    @Benchmark
    public byte[] braneDecodeTo() {
        Hex.decodeTo(hex, 0, hex.length(), decoded, 0);
        return decoded;
    }

    @Benchmark
    public byte[] web3jDecodeTo() {
        return Numeric.hexStringToByteArray(hex);
    }
}
