package sh.brane.benchmarks;

import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.bouncycastle.crypto.digests.KeccakDigest;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import sh.brane.primitives.Keccak256;

/**
 * Keccak-256 of a 32-byte input (a hash of a hash, a storage slot) and of 1 KiB (a transaction).
 *
 * <ul>
 *   <li>{@code hash}: Brane's allocating {@link Keccak256#hash} against web3j's {@code Hash.sha3} and against
 *       BouncyCastle used the allocating way (a new {@code KeccakDigest} and output array per call).</li>
 *   <li>{@code hashTo}: Brane writing into a reused array against a reused BouncyCastle {@code KeccakDigest}
 *       (BouncyCastle's fastest form; web3j has none).</li>
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class KeccakBenchmark {

    @Param({"32", "1024"})
    public int size;

    private byte[] input;
    private final byte[] out = new byte[32];
    private final KeccakDigest reusedDigest = new KeccakDigest(256);

    @Setup
    public void setUp() {
        input = new byte[size];
        new Random(size).nextBytes(input);
        Twins.same("keccak hash", braneHash(), web3jHash());
        Twins.same("keccak hash bc", braneHash(), bcHash());
        Twins.same("keccak hashTo", braneHashTo().clone(), bcHashTo().clone());
    }

    @Benchmark
    public byte[] braneHash() {
        return Keccak256.hash(input);
    }

    @Benchmark
    public byte[] web3jHash() {
        return org.web3j.crypto.Hash.sha3(input);
    }

    @Benchmark
    public byte[] bcHash() {
        KeccakDigest digest = new KeccakDigest(256);
        digest.update(input, 0, input.length);
        byte[] result = new byte[32];
        digest.doFinal(result, 0);
        return result;
    }

    @Benchmark
    public byte[] braneHashTo() {
        Keccak256.hashTo(input, 0, input.length, out, 0);
        return out;
    }

    @Benchmark
    public byte[] bcHashTo() {
        reusedDigest.update(input, 0, input.length);
        reusedDigest.doFinal(out, 0);
        return out;
    }
}
