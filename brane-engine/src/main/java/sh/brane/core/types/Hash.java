package sh.brane.core.types;

import java.util.Arrays;

import sh.brane.primitives.Hex;
import sh.brane.primitives.HexFormatException;
import sh.brane.primitives.InvalidEncodingException;

/** A 32-byte hash: a transaction or block hash, a log topic, a storage slot. */
public final class Hash {

    public static final int LENGTH = 32;
    public static final Hash ZERO = new Hash(new byte[LENGTH]);

    private final byte[] bytes;

    private Hash(byte[] bytes) {
        this.bytes = bytes;
    }

    /** Parses {@code 0x} + 64 hex digits. */
    public static Hash of(String hex) {
        if (!FixedHex.hasShape(hex, LENGTH)) {
            throw new InvalidEncodingException(FixedHex.shapeError("hash", LENGTH, hex));
        }
        try {
            return new Hash(FixedHex.decodeDigits(hex, LENGTH));
        } catch (HexFormatException e) {
            throw new InvalidEncodingException("hash is not hex: " + e.getMessage(), e);
        }
    }

    /** Wraps a copy of exactly 32 bytes. */
    public static Hash fromBytes(byte[] bytes) {
        if (bytes == null || bytes.length != LENGTH) {
            throw new InvalidEncodingException(FixedHex.lengthError("hash", LENGTH, bytes));
        }
        return new Hash(bytes.clone());
    }

    /** Takes ownership of {@code bytes} without copying; for freshly computed digests only. */
    public static Hash wrap(byte[] bytes) {
        if (bytes.length != LENGTH) {
            throw new InvalidEncodingException(FixedHex.lengthError("hash", LENGTH, bytes));
        }
        return new Hash(bytes);
    }

    public byte[] toBytes() {
        return bytes.clone();
    }

    public void copyTo(byte[] dest, int off) {
        System.arraycopy(bytes, 0, dest, off, LENGTH);
    }

    public String toHex() {
        return Hex.encode(bytes);
    }

    @Override
    public String toString() {
        return toHex();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Hash other && Arrays.equals(bytes, other.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }
}
