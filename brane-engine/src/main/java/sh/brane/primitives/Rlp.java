package sh.brane.primitives;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Recursive Length Prefix encoding (Ethereum yellow paper, appendix B).
 *
 * <p><b>Encoding.</b> The {@code encode...} methods return a fresh array for one item; they are
 * convenient but each allocates. Hot paths (transaction encoding) work in two passes instead: add
 * up the {@code sizeOf...} of every item to get the exact size, allocate one array, and write every
 * item into it with an {@link RlpWriter}:
 *
 * <pre>{@code
 * int payload = Rlp.sizeOfLong(nonce) + Rlp.sizeOfBigInteger(value) + Rlp.sizeOfBytes(data);
 * byte[] out = new byte[Rlp.sizeOfList(payload)];
 * new RlpWriter(out).writeListHeader(payload).writeLong(nonce).writeBigInteger(value).writeBytes(data);
 * }</pre>
 *
 * <p>Integers are unsigned and minimal big-endian: zero is the empty string {@code 0x80}; negative
 * values are rejected with an {@link IllegalArgumentException}.
 *
 * <p><b>Decoding.</b> {@link #decode(byte[])} is strict: it accepts exactly one canonical item with
 * no trailing bytes and throws {@link RlpDecodingException} otherwise (non-minimal lengths, leading
 * zeros in lengths, a single byte below {@code 0x80} wrapped as {@code 0x81xx}, lengths running past
 * the input, nesting deeper than {@link #DEFAULT_MAX_DEPTH} lists).
 */
public final class Rlp {

    /** Lists nested deeper than this are rejected by {@link #decode(byte[])}; transactions need 4. */
    public static final int DEFAULT_MAX_DEPTH = 64;
    /** The highest nesting limit a caller may ask for: the decoder recurses once per level. */
    public static final int MAX_DEPTH = 1024;

    /** Payloads of 55 bytes or less have their length in the prefix byte itself. */
    static final int SHORT_LENGTH_LIMIT = 55;
    static final int STRING_OFFSET = 0x80;
    static final int LONG_STRING_OFFSET = 0xb7;
    static final int LIST_OFFSET = 0xc0;
    static final int LONG_LIST_OFFSET = 0xf7;

    private Rlp() {
    }

    // ---------------------------------------------------------------- sizes

    /** Encoded size of the byte string {@code bytes}. */
    public static int sizeOfBytes(byte[] bytes) {
        return sizeOfBytes(bytes, 0, bytes.length);
    }

    /** Encoded size of the byte string {@code bytes[off, off+len)}. */
    public static int sizeOfBytes(byte[] bytes, int off, int len) {
        Objects.checkFromIndexSize(off, len, bytes.length);
        if (len == 1 && bytes[off] >= 0) {
            return 1;
        }
        return addHeader(len);
    }

    /** Encoded size of the non-negative integer {@code value}. */
    public static int sizeOfLong(long value) {
        if (value < STRING_OFFSET) {
            requireNonNegative(value);
            return 1;
        }
        return 1 + unsignedByteLength(value);
    }

    /** Encoded size of the non-negative integer {@code value}. */
    public static int sizeOfBigInteger(BigInteger value) {
        int bits = value.bitLength();
        if (bits < 64) {
            return sizeOfLong(value.longValue());
        }
        requireNonNegative(value);
        return addHeader((bits + 7) >>> 3);
    }

    /** Encoded size of a list whose items' encodings add up to {@code payloadLength} bytes. */
    public static int sizeOfList(int payloadLength) {
        return addHeader(payloadLength);
    }

    /** Encoded size of an item tree. */
    public static int sizeOf(RlpItem item) {
        return switch (item) {
            case RlpString s -> s.length() == 1 && s.byteAt(0) >= 0 ? 1 : addHeader(s.length());
            case RlpList l -> sizeOfList(payloadSize(l));
        };
    }

    static int payloadSize(RlpList list) {
        long total = 0;
        for (RlpItem child : list.asList()) {
            total += sizeOf(child);
        }
        return toIntSize(total);
    }

    /** Size of the header in front of a payload of {@code len} bytes, plus the payload. */
    private static int addHeader(int len) {
        if (len < 0) {
            throw new IllegalArgumentException("negative payload length " + len);
        }
        int header = len <= SHORT_LENGTH_LIMIT ? 1 : 1 + unsignedByteLength(len);
        return toIntSize((long) header + len);
    }

    private static int toIntSize(long size) {
        if (size > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("RLP encoding of " + size + " bytes does not fit a Java array");
        }
        return (int) size;
    }

    // ---------------------------------------------------------------- one-shot encoders

    /** The RLP encoding of the byte string {@code bytes}. */
    public static byte[] encodeBytes(byte[] bytes) {
        return encodeBytes(bytes, 0, bytes.length);
    }

    /** The RLP encoding of the byte string {@code bytes[off, off+len)}. */
    public static byte[] encodeBytes(byte[] bytes, int off, int len) {
        byte[] out = new byte[sizeOfBytes(bytes, off, len)];
        new RlpWriter(out).writeBytes(bytes, off, len);
        return out;
    }

    /** The RLP encoding of the non-negative integer {@code value} ({@code 0x80} for zero). */
    public static byte[] encodeLong(long value) {
        byte[] out = new byte[sizeOfLong(value)];
        new RlpWriter(out).writeLong(value);
        return out;
    }

    /** The RLP encoding of the non-negative integer {@code value} ({@code 0x80} for zero). */
    public static byte[] encodeBigInteger(BigInteger value) {
        byte[] out = new byte[sizeOfBigInteger(value)];
        new RlpWriter(out).writeBigInteger(value);
        return out;
    }

    /** A list of already-encoded items: the header, then the items as they are. */
    public static byte[] encodeList(byte[]... encodedItems) {
        return encodeList(List.of(encodedItems));
    }

    /** A list of already-encoded items: the header, then the items as they are. */
    public static byte[] encodeList(List<byte[]> encodedItems) {
        long payload = 0;
        for (byte[] item : encodedItems) {
            payload += item.length;
        }
        int payloadLength = toIntSize(payload);
        byte[] out = new byte[sizeOfList(payloadLength)];
        RlpWriter writer = new RlpWriter(out).writeListHeader(payloadLength);
        for (byte[] item : encodedItems) {
            writer.writeEncoded(item);
        }
        return out;
    }

    /** The RLP encoding of an item tree. */
    public static byte[] encode(RlpItem item) {
        byte[] out = new byte[sizeOf(item)];
        new RlpWriter(out).writeItem(item);
        return out;
    }

    // ---------------------------------------------------------------- decoding

    /** Decodes exactly one item spanning all of {@code input}. */
    public static RlpItem decode(byte[] input) {
        if (input == null) {
            throw new RlpDecodingException("RLP input is null");
        }
        return decode(input, 0, input.length, DEFAULT_MAX_DEPTH);
    }

    /**
     * Decodes exactly one item spanning all of {@code input[off, off+len)}; offsets in error
     * messages and {@link RlpItem#offset()} count from {@code off}. The bytes are copied, so the
     * caller may reuse {@code input} afterwards.
     */
    public static RlpItem decode(byte[] input, int off, int len) {
        return decode(input, off, len, DEFAULT_MAX_DEPTH);
    }

    /**
     * Like {@link #decode(byte[], int, int)} with lists nested at most {@code maxDepth} deep
     * (0 allows no list at all; at most {@link #MAX_DEPTH}).
     */
    public static RlpItem decode(byte[] input, int off, int len, int maxDepth) {
        if (input == null) {
            throw new RlpDecodingException("RLP input is null");
        }
        Objects.checkFromIndexSize(off, len, input.length);
        if (maxDepth < 0 || maxDepth > MAX_DEPTH) {
            throw new IllegalArgumentException("maxDepth must be between 0 and " + MAX_DEPTH + ", got " + maxDepth);
        }
        return new RlpDecoder(Arrays.copyOfRange(input, off, off + len), maxDepth).decodeOne();
    }

    // ---------------------------------------------------------------- shared helpers

    /** Bytes needed for the minimal big-endian form of an unsigned value (0 for zero). */
    static int unsignedByteLength(long value) {
        return (64 - Long.numberOfLeadingZeros(value) + 7) >>> 3;
    }

    /** Writes the low {@code n} bytes of {@code value} big-endian at {@code dest[pos]}. */
    static void writeUnsigned(long value, byte[] dest, int pos, int n) {
        for (int i = pos + n - 1; i >= pos; i--) {
            dest[i] = (byte) value;
            value >>>= 8;
        }
    }

    /** Minimal big-endian bytes of a non-negative integer (empty for zero). */
    static byte[] unsignedBytes(BigInteger value) {
        requireNonNegative(value);
        byte[] twos = value.toByteArray();
        if (twos.length > 1 && twos[0] == 0) {
            return Arrays.copyOfRange(twos, 1, twos.length);
        }
        return value.signum() == 0 ? new byte[0] : twos;
    }

    static void requireNonNegative(long value) {
        if (value < 0) {
            throw new IllegalArgumentException("RLP integers are unsigned; got " + value);
        }
    }

    static void requireNonNegative(BigInteger value) {
        if (value.signum() < 0) {
            throw new IllegalArgumentException("RLP integers are unsigned; got " + value);
        }
    }
}
