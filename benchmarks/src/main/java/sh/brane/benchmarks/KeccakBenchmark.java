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
 * Keccak-256 of a 32-byte input (a hash of a hash, a storage slot) and of 1 KiB (a transaction):
 * Brane against BouncyCastle's {@code KeccakDigest} (reused, its fastest form) and web3j's
 * {@code Hash.sha3}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class KeccakBenchmark {

    @Param({"32", "1024"})
    public int size;

    private byte[] input;
    private final byte[] out = new byte[32];
    private final KeccakDigest bouncyCastle = new KeccakDigest(256);

    @Setup
    public void setUp() {
        input = new byte[size];
        new Random(size).nextBytes(input);
    }

    @Benchmark
    public byte[] braneHash() {
        return Keccak256.hash(input);
    }

    @Benchmark
    public byte[] braneHashTo() {
        Keccak256.hashTo(input, 0, input.length, out, 0);
        return out;
    }

    @Benchmark
    public byte[] bouncyCastleKeccakDigest() {
        bouncyCastle.update(input, 0, input.length);
        bouncyCastle.doFinal(out, 0);
        return out;
    }

    @Benchmark
    public byte[] web3jHashSha3() {
        return org.web3j.crypto.Hash.sha3(input);
    }
}
