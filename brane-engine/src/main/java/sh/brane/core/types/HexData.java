package sh.brane.core.types;

import java.util.Arrays;
import java.util.Objects;

import sh.brane.primitives.Hex;

/**
 * Arbitrary bytes written as {@code 0x} hex in JSON-RPC: call data, return data, a raw
 * transaction, log data. Immutable: the bytes are copied in and out.
 */
public final class HexData {

    public static final HexData EMPTY = new HexData(new byte[0]);

    private final byte[] bytes;

    private HexData(byte[] bytes) {
        this.bytes = bytes;
    }

    /**
     * Parses hex with or without the {@code 0x} prefix; {@code "0x"} is the empty data.
     *
     * @throws sh.brane.primitives.HexFormatException for an odd number of digits or a non-hex
     *         character (naming its index)
     */
    public static HexData of(String hex) {
        byte[] bytes = Hex.decode(hex);
        return bytes.length == 0 ? EMPTY : new HexData(bytes);
    }

    /** Wraps a copy of {@code bytes}. */
    public static HexData fromBytes(byte[] bytes) {
        Objects.requireNonNull(bytes, "bytes");
        return bytes.length == 0 ? EMPTY : new HexData(bytes.clone());
    }

    /** Wraps a copy of {@code bytes[off, off+len)}. */
    public static HexData fromBytes(byte[] bytes, int off, int len) {
        Objects.checkFromIndexSize(off, len, bytes.length);
        return len == 0 ? EMPTY : new HexData(Arrays.copyOfRange(bytes, off, off + len));
    }

    /**
     * Takes ownership of {@code bytes} without copying: for arrays just produced (an encoder's
     * output) that nothing else will touch.
     */
    public static HexData wrap(byte[] bytes) {
        Objects.requireNonNull(bytes, "bytes");
        return bytes.length == 0 ? EMPTY : new HexData(bytes);
    }

    /** Number of bytes. */
    public int length() {
        return bytes.length;
    }

    public boolean isEmpty() {
        return bytes.length == 0;
    }

    /** The byte at {@code index}. */
    public byte byteAt(int index) {
        return bytes[Objects.checkIndex(index, bytes.length)];
    }

    /** A copy of the bytes. */
    public byte[] toBytes() {
        return bytes.clone();
    }

    /** Copies the bytes into {@code dest} at {@code off} without allocating. */
    public void copyTo(byte[] dest, int off) {
        System.arraycopy(bytes, 0, dest, off, bytes.length);
    }

    /** Lowercase {@code 0x} hex; {@code "0x"} when empty. */
    public String toHex() {
        return Hex.encode(bytes);
    }

    /** Same as {@link #toHex()}. */
    @Override
    public String toString() {
        return toHex();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HexData other && Arrays.equals(bytes, other.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }
}
