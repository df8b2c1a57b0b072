package sh.brane.primitives;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.math.BigInteger;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The APIs documented as allocation-free really allocate nothing per call once the JIT has warmed
 * up: 10,000 calls must allocate less than {@link #TOLERANCE} bytes in total (well under one byte
 * per call; the slack covers the measurement itself).
 */
class ZeroAllocationTest {

    private static final int WARM_UP = 50_000;
    private static final int CALLS = 10_000;
    private static final long TOLERANCE = 512;

    private static com.sun.management.ThreadMXBean threads;

    @BeforeAll
    static void enableMeasurement() {
        threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        threads.setThreadAllocatedMemoryEnabled(true);
    }

    private static long allocatedBy(Runnable calls) {
        for (int i = 0; i < WARM_UP / CALLS; i++) {
            calls.run();
        }
        // the smallest of a few runs, in case a one-off (class loading, deoptimisation) hits one of them
        long best = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 3; attempt++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            calls.run();
            best = Math.min(best, threads.getCurrentThreadAllocatedBytes() - before);
        }
        return best;
    }

    /** Guards against a probe that always reads 0: the allocating variant must be seen allocating. */
    @Test
    void measurementSeesAllocations() {
        byte[] input = new byte[32];
        long allocated = allocatedBy(() -> {
            for (int i = 0; i < CALLS; i++) {
                input[0] ^= Keccak256.hash(input)[0];
            }
        });
        assertThat(allocated).isGreaterThanOrEqualTo(CALLS * 32L);
    }

    @Test
    void hexDecodeToAllocatesNothing() {
        String hex = "0x" + "0123456789abcdefABCDEF".repeat(3) + "00";
        byte[] dest = new byte[64];
        long allocated = allocatedBy(() -> {
            for (int i = 0; i < CALLS; i++) {
                Hex.decodeTo(hex, 0, hex.length(), dest, i & 7);
            }
        });
        assertThat(allocated).as("bytes allocated by %d calls", CALLS).isLessThan(TOLERANCE);
        assertThat(dest[7]).isEqualTo((byte) 0x01);
    }

    @Test
    void hexEncodeToAllocatesNothing() {
        byte[] bytes = new byte[32];
        for (int i = 0; i < 32; i++) {
            bytes[i] = (byte) (i * 37);
        }
        char[] dest = new char[80];
        long allocated = allocatedBy(() -> {
            for (int i = 0; i < CALLS; i++) {
                Hex.encodeTo(bytes, dest, i & 7, true);
            }
        });
        assertThat(allocated).as("bytes allocated by %d calls", CALLS).isLessThan(TOLERANCE);
        assertThat(new String(dest, 7, 4)).isEqualTo("0x00");
    }

    @Test
    void keccakHashToAllocatesNothing() {
        byte[] input = new byte[300];
        byte[] out = new byte[32];
        long allocated = allocatedBy(() -> {
            for (int i = 0; i < CALLS; i++) {
                Keccak256.hashTo(input, 0, i % 300, out, 0);
            }
        });
        assertThat(allocated).as("bytes allocated by %d calls", CALLS).isLessThan(TOLERANCE);
        assertThat(out).isEqualTo(Keccak256.hash(input, 0, (CALLS - 1) % 300));
    }

    @Test
    void rlpWriterAllocatesNothing() {
        byte[] to = new byte[20];
        byte[] data = new byte[100];
        BigInteger value = BigInteger.valueOf(123_456_789_000L);
        int payload = Rlp.sizeOfLong(7) + Rlp.sizeOfBigInteger(value) + Rlp.sizeOfBytes(to)
                + Rlp.sizeOfBytes(data, 0, 60) + Rlp.sizeOfList(0);
        byte[] buffer = new byte[Rlp.sizeOfList(payload)];
        RlpWriter writer = new RlpWriter(buffer);
        long allocated = allocatedBy(() -> {
            for (int i = 0; i < CALLS; i++) {
                int p = Rlp.sizeOfLong(7) + Rlp.sizeOfBigInteger(value) + Rlp.sizeOfBytes(to)
                        + Rlp.sizeOfBytes(data, 0, 60) + Rlp.sizeOfList(0);
                writer.reset(buffer, 0).writeListHeader(p).writeLong(7).writeBigInteger(value).writeBytes(to)
                        .writeBytes(data, 0, 60).writeListHeader(0);
            }
        });
        assertThat(allocated).as("bytes allocated by %d calls", CALLS).isLessThan(TOLERANCE);
        assertThat(writer.position()).isEqualTo(buffer.length);
        assertThat(Rlp.decode(buffer).asList()).hasSize(5);
    }
}
