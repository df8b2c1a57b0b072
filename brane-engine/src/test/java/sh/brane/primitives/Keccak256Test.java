package sh.brane.primitives;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Random;

import org.bouncycastle.crypto.digests.KeccakDigest;
import org.junit.jupiter.api.Test;

class Keccak256Test {

    private static byte[] reference(byte[] input, int off, int len) {
        KeccakDigest digest = new KeccakDigest(256);
        digest.update(input, off, len);
        byte[] out = new byte[32];
        digest.doFinal(out, 0);
        return out;
    }

    @Test
    void knownVectors() {
        assertThat(Hex.encode(Keccak256.hash(new byte[0])))
                .isEqualTo("0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
        assertThat(Hex.encode(Keccak256.hash("abc".getBytes(StandardCharsets.US_ASCII))))
                .isEqualTo("0x4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45");
        // the function selector of transfer(address,uint256)
        assertThat(Hex.encode(Keccak256.hash("transfer(address,uint256)".getBytes(StandardCharsets.US_ASCII)))
                .substring(0, 10)).isEqualTo("0xa9059cbb");
        // the RLP of an empty list, hashed: the uncles hash of every post-merge block
        assertThat(Hex.encode(Keccak256.hash(new byte[] {(byte) 0xc0})))
                .isEqualTo("0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347");
    }

    @Test
    void matchesBouncyCastleOnEveryLengthUpTo600() {
        Random random = new Random(0x6B656363L);
        for (int len = 0; len <= 600; len++) {
            for (int trial = 0; trial < 3; trial++) {
                byte[] input = new byte[len + 7];
                random.nextBytes(input);
                int off = trial == 0 ? 0 : random.nextInt(8);
                assertThat(Keccak256.hash(input, off, len)).as("length %d at offset %d of %s", len, off,
                        Hex.encode(input)).isEqualTo(reference(input, off, len));
            }
        }
    }

    @Test
    void matchesBouncyCastleOnLargeInputs() {
        Random random = new Random(42);
        for (int len : new int[] {1 << 20, (1 << 20) + 135, 136 * 1000, 136 * 1000 - 1, 5_000_001}) {
            byte[] input = new byte[len];
            random.nextBytes(input);
            assertThat(Keccak256.hash(input)).as("length %d", len).isEqualTo(reference(input, 0, len));
        }
    }

    @Test
    void hashToWritesOnlyItsWindow() {
        byte[] input = "hello".getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[40];
        java.util.Arrays.fill(out, (byte) 0x55);
        Keccak256.hashTo(input, 0, input.length, out, 4);
        assertThat(java.util.Arrays.copyOfRange(out, 4, 36)).isEqualTo(Keccak256.hash(input));
        assertThat(out).startsWith(0x55, 0x55, 0x55, 0x55).endsWith(0x55, 0x55, 0x55, 0x55);
    }

    @Test
    void rejectsBadRanges() {
        assertThatThrownBy(() -> Keccak256.hash(new byte[4], 2, 3)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> Keccak256.hashTo(new byte[4], 0, 4, new byte[31], 0))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> Keccak256.hashTo(new byte[4], 0, 4, new byte[40], 9))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }
}
