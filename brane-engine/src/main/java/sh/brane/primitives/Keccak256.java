package sh.brane.primitives;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * Keccak-256 as Ethereum uses it (the original Keccak padding {@code 0x01}, not NIST SHA3-256's
 * {@code 0x06}).
 *
 * <p>The Keccak-f[1600] state lives in 25 local {@code long} variables for the whole hash, and
 * input blocks are read straight from the caller's array, so {@link #hashTo} allocates nothing
 * and needs no per-thread state; it is safe to call from any number of threads.
 */
public final class Keccak256 {

    public static final int DIGEST_LENGTH = 32;

    /** Bytes absorbed per permutation: 1600 bits of state minus twice the 256-bit output. */
    private static final int RATE = 136;

    private static final VarHandle LE_LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private static final long[] ROUND_CONSTANTS = {
            0x0000000000000001L, 0x0000000000008082L, 0x800000000000808aL,
            0x8000000080008000L, 0x000000000000808bL, 0x0000000080000001L,
            0x8000000080008081L, 0x8000000000008009L, 0x000000000000008aL,
            0x0000000000000088L, 0x0000000080008009L, 0x000000008000000aL,
            0x000000008000808bL, 0x800000000000008bL, 0x8000000000008089L,
            0x8000000000008003L, 0x8000000000008002L, 0x8000000000000080L,
            0x000000000000800aL, 0x800000008000000aL, 0x8000000080008081L,
            0x8000000000008080L, 0x0000000080000001L, 0x8000000080008008L
    };

    private Keccak256() {
    }

    public static byte[] hash(byte[] input) {
        return hash(input, 0, input.length);
    }

    public static byte[] hash(byte[] input, int off, int len) {
        byte[] out = new byte[DIGEST_LENGTH];
        hashTo(input, off, len, out, 0);
        return out;
    }

    /** Hashes {@code input[off, off+len)} into {@code out[outOff, outOff+32)}; allocates nothing. */
    public static void hashTo(byte[] input, int off, int len, byte[] out, int outOff) {
        Objects.checkFromIndexSize(off, len, input.length);
        Objects.checkFromIndexSize(outOff, DIGEST_LENGTH, out.length);
        long a00 = 0, a01 = 0, a02 = 0, a03 = 0, a04 = 0;
        long a05 = 0, a06 = 0, a07 = 0, a08 = 0, a09 = 0;
        long a10 = 0, a11 = 0, a12 = 0, a13 = 0, a14 = 0;
        long a15 = 0, a16 = 0, a17 = 0, a18 = 0, a19 = 0;
        long a20 = 0, a21 = 0, a22 = 0, a23 = 0, a24 = 0;
        int pos = off;
        int end = off + len;
        while (true) {
            int rem = end - pos;
            boolean last = rem < RATE;
            if (!last) {
                a00 ^= (long) LE_LONG.get(input, pos);
                a01 ^= (long) LE_LONG.get(input, pos + 8);
                a02 ^= (long) LE_LONG.get(input, pos + 16);
                a03 ^= (long) LE_LONG.get(input, pos + 24);
                a04 ^= (long) LE_LONG.get(input, pos + 32);
                a05 ^= (long) LE_LONG.get(input, pos + 40);
                a06 ^= (long) LE_LONG.get(input, pos + 48);
                a07 ^= (long) LE_LONG.get(input, pos + 56);
                a08 ^= (long) LE_LONG.get(input, pos + 64);
                a09 ^= (long) LE_LONG.get(input, pos + 72);
                a10 ^= (long) LE_LONG.get(input, pos + 80);
                a11 ^= (long) LE_LONG.get(input, pos + 88);
                a12 ^= (long) LE_LONG.get(input, pos + 96);
                a13 ^= (long) LE_LONG.get(input, pos + 104);
                a14 ^= (long) LE_LONG.get(input, pos + 112);
                a15 ^= (long) LE_LONG.get(input, pos + 120);
                a16 ^= (long) LE_LONG.get(input, pos + 128);
            } else {
                a00 ^= lastBlockLane(input, pos, rem, 0);
                a01 ^= lastBlockLane(input, pos, rem, 1);
                a02 ^= lastBlockLane(input, pos, rem, 2);
                a03 ^= lastBlockLane(input, pos, rem, 3);
                a04 ^= lastBlockLane(input, pos, rem, 4);
                a05 ^= lastBlockLane(input, pos, rem, 5);
                a06 ^= lastBlockLane(input, pos, rem, 6);
                a07 ^= lastBlockLane(input, pos, rem, 7);
                a08 ^= lastBlockLane(input, pos, rem, 8);
                a09 ^= lastBlockLane(input, pos, rem, 9);
                a10 ^= lastBlockLane(input, pos, rem, 10);
                a11 ^= lastBlockLane(input, pos, rem, 11);
                a12 ^= lastBlockLane(input, pos, rem, 12);
                a13 ^= lastBlockLane(input, pos, rem, 13);
                a14 ^= lastBlockLane(input, pos, rem, 14);
                a15 ^= lastBlockLane(input, pos, rem, 15);
                a16 ^= lastBlockLane(input, pos, rem, 16);
            }
            for (int round = 0; round < 24; round++) {
                long c0 = a00 ^ a05 ^ a10 ^ a15 ^ a20;
                long c1 = a01 ^ a06 ^ a11 ^ a16 ^ a21;
                long c2 = a02 ^ a07 ^ a12 ^ a17 ^ a22;
                long c3 = a03 ^ a08 ^ a13 ^ a18 ^ a23;
                long c4 = a04 ^ a09 ^ a14 ^ a19 ^ a24;
                long d0 = c4 ^ Long.rotateLeft(c1, 1);
                long d1 = c0 ^ Long.rotateLeft(c2, 1);
                long d2 = c1 ^ Long.rotateLeft(c3, 1);
                long d3 = c2 ^ Long.rotateLeft(c4, 1);
                long d4 = c3 ^ Long.rotateLeft(c0, 1);
                long b00 = a00 ^ d0;
                long b16 = Long.rotateLeft(a05 ^ d0, 36);
                long b07 = Long.rotateLeft(a10 ^ d0, 3);
                long b23 = Long.rotateLeft(a15 ^ d0, 41);
                long b14 = Long.rotateLeft(a20 ^ d0, 18);
                long b10 = Long.rotateLeft(a01 ^ d1, 1);
                long b01 = Long.rotateLeft(a06 ^ d1, 44);
                long b17 = Long.rotateLeft(a11 ^ d1, 10);
                long b08 = Long.rotateLeft(a16 ^ d1, 45);
                long b24 = Long.rotateLeft(a21 ^ d1, 2);
                long b20 = Long.rotateLeft(a02 ^ d2, 62);
                long b11 = Long.rotateLeft(a07 ^ d2, 6);
                long b02 = Long.rotateLeft(a12 ^ d2, 43);
                long b18 = Long.rotateLeft(a17 ^ d2, 15);
                long b09 = Long.rotateLeft(a22 ^ d2, 61);
                long b05 = Long.rotateLeft(a03 ^ d3, 28);
                long b21 = Long.rotateLeft(a08 ^ d3, 55);
                long b12 = Long.rotateLeft(a13 ^ d3, 25);
                long b03 = Long.rotateLeft(a18 ^ d3, 21);
                long b19 = Long.rotateLeft(a23 ^ d3, 56);
                long b15 = Long.rotateLeft(a04 ^ d4, 27);
                long b06 = Long.rotateLeft(a09 ^ d4, 20);
                long b22 = Long.rotateLeft(a14 ^ d4, 39);
                long b13 = Long.rotateLeft(a19 ^ d4, 8);
                long b04 = Long.rotateLeft(a24 ^ d4, 14);
                a00 = b00 ^ (~b01 & b02);
                a01 = b01 ^ (~b02 & b03);
                a02 = b02 ^ (~b03 & b04);
                a03 = b03 ^ (~b04 & b00);
                a04 = b04 ^ (~b00 & b01);
                a05 = b05 ^ (~b06 & b07);
                a06 = b06 ^ (~b07 & b08);
                a07 = b07 ^ (~b08 & b09);
                a08 = b08 ^ (~b09 & b05);
                a09 = b09 ^ (~b05 & b06);
                a10 = b10 ^ (~b11 & b12);
                a11 = b11 ^ (~b12 & b13);
                a12 = b12 ^ (~b13 & b14);
                a13 = b13 ^ (~b14 & b10);
                a14 = b14 ^ (~b10 & b11);
                a15 = b15 ^ (~b16 & b17);
                a16 = b16 ^ (~b17 & b18);
                a17 = b17 ^ (~b18 & b19);
                a18 = b18 ^ (~b19 & b15);
                a19 = b19 ^ (~b15 & b16);
                a20 = b20 ^ (~b21 & b22);
                a21 = b21 ^ (~b22 & b23);
                a22 = b22 ^ (~b23 & b24);
                a23 = b23 ^ (~b24 & b20);
                a24 = b24 ^ (~b20 & b21);
                a00 ^= ROUND_CONSTANTS[round];
            }
            if (last) {
                break;
            }
            pos += RATE;
        }
        LE_LONG.set(out, outOff, a00);
        LE_LONG.set(out, outOff + 8, a01);
        LE_LONG.set(out, outOff + 16, a02);
        LE_LONG.set(out, outOff + 24, a03);
    }

    /**
     * Lane {@code lane} of the final, padded block: the last {@code rem} (&lt; 136) input bytes
     * at {@code input[pos]}, then the pad byte 0x01 and, in the block's last byte, 0x80.
     */
    private static long lastBlockLane(byte[] input, int pos, int rem, int lane) {
        int start = lane * 8;
        long v;
        if (start + 8 <= rem) {
            v = (long) LE_LONG.get(input, pos + start);
        } else if (start > rem) {
            v = 0;
        } else {
            v = 1L << ((rem - start) * 8);
            for (int i = rem - start - 1; i >= 0; i--) {
                v |= (input[pos + start + i] & 0xFFL) << (i * 8);
            }
        }
        if (lane == RATE / 8 - 1) {
            v ^= 0x80L << 56;
        }
        return v;
    }
}
