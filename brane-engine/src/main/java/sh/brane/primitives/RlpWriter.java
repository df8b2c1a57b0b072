package sh.brane.primitives;

import java.math.BigInteger;
import java.util.Objects;

/**
 * Writes RLP items one after another into a caller-owned array, for the second pass of two-pass
 * encoding (see {@link Rlp}). Writing bytes, longs and list headers allocates nothing; a writer
 * can be reused for another buffer with {@link #reset}.
 *
 * <p>Not thread-safe. Writing past the end of the buffer throws {@link IndexOutOfBoundsException}
 * (a size from the first pass that does not match what is written is a programming error).
 */
public final class RlpWriter {

    private byte[] buffer;
    private int position;

    /** A writer starting at the beginning of {@code buffer}. */
    public RlpWriter(byte[] buffer) {
        this(buffer, 0);
    }

    /** A writer starting at {@code buffer[offset]}. */
    public RlpWriter(byte[] buffer, int offset) {
        reset(buffer, offset);
    }

    /** Points this writer at {@code buffer[offset]}, forgetting the previous buffer. */
    public RlpWriter reset(byte[] buffer, int offset) {
        Objects.requireNonNull(buffer, "buffer");
        Objects.checkIndex(offset, buffer.length + 1);
        this.buffer = buffer;
        this.position = offset;
        return this;
    }

    /** Index in the buffer where the next item will be written. */
    public int position() {
        return position;
    }

    /** The buffer being written. */
    public byte[] buffer() {
        return buffer;
    }

    /** Writes the byte string {@code bytes}. */
    public RlpWriter writeBytes(byte[] bytes) {
        return writeBytes(bytes, 0, bytes.length);
    }

    /** Writes the byte string {@code bytes[off, off+len)}. */
    public RlpWriter writeBytes(byte[] bytes, int off, int len) {
        Objects.checkFromIndexSize(off, len, bytes.length);
        if (len == 1 && bytes[off] >= 0) {
            ensure(1);
            buffer[position++] = bytes[off];
            return this;
        }
        writeHeader(Rlp.STRING_OFFSET, Rlp.LONG_STRING_OFFSET, len, len);
        System.arraycopy(bytes, off, buffer, position, len);
        position += len;
        return this;
    }

    /** Writes the non-negative integer {@code value} as a minimal big-endian string. */
    public RlpWriter writeLong(long value) {
        if (value < Rlp.STRING_OFFSET) {
            Rlp.requireNonNegative(value);
            ensure(1);
            buffer[position++] = value == 0 ? (byte) Rlp.STRING_OFFSET : (byte) value;
            return this;
        }
        int n = Rlp.unsignedByteLength(value);
        ensure(1 + n);
        buffer[position++] = (byte) (Rlp.STRING_OFFSET + n);
        Rlp.writeUnsigned(value, buffer, position, n);
        position += n;
        return this;
    }

    /**
     * Writes the non-negative integer {@code value} as a minimal big-endian string. Values below
     * 2<sup>63</sup> allocate nothing; larger ones go through {@link BigInteger#toByteArray()}.
     */
    public RlpWriter writeBigInteger(BigInteger value) {
        if (value.bitLength() < 64) {
            return writeLong(value.longValue());
        }
        Rlp.requireNonNegative(value);
        byte[] twos = value.toByteArray();
        int skip = twos[0] == 0 ? 1 : 0;
        return writeBytes(twos, skip, twos.length - skip);
    }

    /** Writes the header of a list whose items, written next, take {@code payloadLength} bytes. */
    public RlpWriter writeListHeader(int payloadLength) {
        if (payloadLength < 0) {
            throw new IllegalArgumentException("negative list payload length " + payloadLength);
        }
        writeHeader(Rlp.LIST_OFFSET, Rlp.LONG_LIST_OFFSET, payloadLength, 0);
        return this;
    }

    /** Copies already-encoded RLP as it is (no header is added). */
    public RlpWriter writeEncoded(byte[] encoded) {
        return writeEncoded(encoded, 0, encoded.length);
    }

    /** Copies already-encoded RLP {@code encoded[off, off+len)} as it is (no header is added). */
    public RlpWriter writeEncoded(byte[] encoded, int off, int len) {
        Objects.checkFromIndexSize(off, len, encoded.length);
        ensure(len);
        System.arraycopy(encoded, off, buffer, position, len);
        position += len;
        return this;
    }

    /** Writes an item tree. */
    public RlpWriter writeItem(RlpItem item) {
        switch (item) {
            case RlpString s -> {
                int len = s.length();
                if (len == 1 && s.byteAt(0) >= 0) {
                    ensure(1);
                    buffer[position++] = s.byteAt(0);
                } else {
                    writeHeader(Rlp.STRING_OFFSET, Rlp.LONG_STRING_OFFSET, len, len);
                    s.copyTo(buffer, position);
                    position += len;
                }
            }
            case RlpList l -> {
                writeListHeader(Rlp.payloadSize(l));
                for (RlpItem child : l.asList()) {
                    writeItem(child);
                }
            }
        }
        return this;
    }

    /** Writes a header for {@code len} payload bytes, checking room for it and {@code extra} bytes after. */
    private void writeHeader(int shortOffset, int longOffset, int len, int extra) {
        if (len <= Rlp.SHORT_LENGTH_LIMIT) {
            ensure(1 + (long) extra);
            buffer[position++] = (byte) (shortOffset + len);
        } else {
            int n = Rlp.unsignedByteLength(len);
            ensure(1 + n + (long) extra);
            buffer[position++] = (byte) (longOffset + n);
            Rlp.writeUnsigned(len, buffer, position, n);
            position += n;
        }
    }

    private void ensure(long n) {
        if (n > buffer.length - position) {
            throw new IndexOutOfBoundsException("RLP writer needs " + n + " bytes at position " + position
                    + " but the buffer has " + (buffer.length - position) + " left; the size computed for it"
                    + " does not match what is being written");
        }
    }
}
