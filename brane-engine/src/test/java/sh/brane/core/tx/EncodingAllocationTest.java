package sh.brane.core.tx;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.List;

import org.junit.jupiter.api.Test;

import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;

/**
 * Encoding sizes everything first and writes into one exactly sized array: after warm-up, building
 * a signing payload allocates that array and at most a few small objects, whatever the number of
 * fields, access-list entries and storage keys (integers below 2^63 are written without BigInteger
 * byte arrays).
 */
class EncodingAllocationTest {

    private static final int CALLS = 10_000;

    @Test
    void signingPayloadAllocatesOneArray() {
        Address a = Address.of("0x3535353535353535353535353535353535353535");
        Hash k = Hash.of("0x" + "11".repeat(32));
        Eip1559Transaction tx = Eip1559Transaction.builder().chainId(1).nonce(7).maxPriorityFeePerGas(1_000_000_000L)
                .maxFeePerGas(30_000_000_000L).gasLimit(100_000).to(a).value(123_456_789L).data(new byte[100])
                .accessList(List.of(AccessListEntry.of(a, k, k, k), AccessListEntry.of(a, k))).build();
        int payloadLength = tx.signingPayload().length;
        long arrayBytes = 16 + ((payloadLength + 7) & ~7L); // header + data, 8-byte aligned

        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long sink = 0;
        for (int i = 0; i < 50_000; i++) {
            sink += tx.signingPayload()[i & 63];
        }
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < CALLS; i++) {
            sink += tx.signingPayload()[i & 63];
        }
        long perCall = (threads.getCurrentThreadAllocatedBytes() - before) / CALLS;
        assertThat(sink).isNotEqualTo(Long.MIN_VALUE);
        // the array itself, plus at most the RlpWriter if escape analysis keeps it on the heap
        assertThat(perCall).as("bytes allocated per signingPayload() of %d bytes", payloadLength)
                .isLessThanOrEqualTo(arrayBytes + 64);
    }
}
