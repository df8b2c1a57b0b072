package sh.brane.primitives;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Objects;

/** An RLP byte string. Immutable: accessors return copies. */
public final class RlpString implements RlpItem {

    private static final byte[] EMPTY_BYTES = new byte[0];
    /** The empty string: also the RLP encoding of the integer zero. */
    public static final RlpString EMPTY = new RlpString(EMPTY_BYTES, 0, 0, 0);

    /** Shared, never-mutated backing array (a private copy of the decoded input, or of the bytes given). */
    private final byte[] source;
    private final int dataOffset;
    private final int length;
    private final int offset;

    RlpString(byte[] source, int dataOffset, int length, int offset) {
        this.source = source;
        this.dataOffset = dataOffset;
        this.length = length;
        this.offset = offset;
    }

    /** A string holding a copy of {@code bytes}. */
    public static RlpString of(byte[] bytes) {
        Objects.requireNonNull(bytes, "bytes");
        return new RlpString(bytes.clone(), 0, bytes.length, 0);
    }

    /** The minimal big-endian encoding of a non-negative {@code value} (zero is the empty string). */
    public static RlpString ofLong(long value) {
        Rlp.requireNonNegative(value);
        byte[] bytes = new byte[Rlp.unsignedByteLength(value)];
        Rlp.writeUnsigned(value, bytes, 0, bytes.length);
        return new RlpString(bytes, 0, bytes.length, 0);
    }

    /** The minimal big-endian encoding of a non-negative {@code value} (zero is the empty string). */
    public static RlpString ofBigInteger(BigInteger value) {
        byte[] bytes = Rlp.unsignedBytes(value);
        return new RlpString(bytes, 0, bytes.length, 0);
    }

    @Override
    public int offset() {
        return offset;
    }

    @Override
    public boolean isList() {
        return false;
    }

    /** Number of bytes in the string. */
    public int length() {
        return length;
    }

    public boolean isEmpty() {
        return length == 0;
    }

    /** The byte at {@code index} (0-based within the string). */
    public byte byteAt(int index) {
        Objects.checkIndex(index, length);
        return source[dataOffset + index];
    }

    /** Copies the string's bytes into {@code dest} at {@code destOff} without allocating. */
    public void copyTo(byte[] dest, int destOff) {
        System.arraycopy(source, dataOffset, dest, destOff, length);
    }

    @Override
    public byte[] asBytes() {
        return length == 0 ? EMPTY_BYTES : Arrays.copyOfRange(source, dataOffset, dataOffset + length);
    }

    /**
     * The string's bytes, which must be exactly {@code expectedLength} long (e.g. 20 for an
     * address, 32 for a hash).
     */
    public byte[] asBytes(int expectedLength) {
        if (length != expectedLength) {
            throw new RlpDecodingException("expected a string of " + expectedLength + " bytes at offset " + offset
                    + " but found " + describe());
        }
        return asBytes();
    }

    @Override
    public long asLong() {
        checkCanonicalInteger();
        if (length > 8 || (length == 8 && source[dataOffset] < 0)) {
            throw new RlpDecodingException("integer at offset " + offset + " has " + length
                    + " bytes and does not fit a long (at most 2^63-1)");
        }
        long v = 0;
        for (int i = dataOffset, end = dataOffset + length; i < end; i++) {
            v = (v << 8) | (source[i] & 0xFF);
        }
        return v;
    }

    @Override
    public int asInt() {
        long v = asLong();
        if (v > Integer.MAX_VALUE) {
            throw new RlpDecodingException("integer " + v + " at offset " + offset + " does not fit an int (at most 2^31-1)");
        }
        return (int) v;
    }

    @Override
    public BigInteger asBigInteger() {
        checkCanonicalInteger();
        if (length <= 7) {
            return BigInteger.valueOf(asLong());
        }
        return new BigInteger(1, source, dataOffset, length);
    }

    @Override
    public RlpString asRlpString() {
        return this;
    }

    private void checkCanonicalInteger() {
        if (length > 0 && source[dataOffset] == 0) {
            throw new RlpDecodingException("integer at offset " + offset + " has a leading zero byte; RLP integers"
                    + " are minimal big-endian and zero is the empty string 0x80");
        }
    }

    @Override
    public String describe() {
        return "a string of " + length + (length == 1 ? " byte" : " bytes");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RlpString other && Arrays.equals(source, dataOffset, dataOffset + length,
                other.source, other.dataOffset, other.dataOffset + other.length);
    }

    @Override
    public int hashCode() {
        int h = 1;
        for (int i = dataOffset, end = dataOffset + length; i < end; i++) {
            h = 31 * h + source[i];
        }
        return h;
    }

    /** The bytes as {@code 0x} hex. */
    @Override
    public String toString() {
        return Hex.encode(source, dataOffset, length, true);
    }
}
