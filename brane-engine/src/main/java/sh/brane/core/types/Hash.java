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
        if (hex == null || hex.length() != 66 || hex.charAt(0) != '0' || (hex.charAt(1) | 0x20) != 'x') {
            throw new InvalidEncodingException("hash must be 0x followed by 64 hex digits, got "
                    + (hex == null ? "null" : '"' + (hex.length() > 80 ? hex.substring(0, 77) + "..." : hex)
                    + "\" (" + hex.length() + " chars)"));
        }
        byte[] bytes = new byte[LENGTH];
        try {
            Hex.decodeTo(hex, 2, 64, bytes, 0);
        } catch (HexFormatException e) {
            throw new InvalidEncodingException("hash is not hex: " + e.getMessage(), e);
        }
        return new Hash(bytes);
    }

    /** Wraps a copy of exactly 32 bytes. */
    public static Hash fromBytes(byte[] bytes) {
        if (bytes == null || bytes.length != LENGTH) {
            throw new InvalidEncodingException("hash must be 32 bytes, got "
                    + (bytes == null ? "null" : bytes.length + " bytes"));
        }
        return new Hash(bytes.clone());
    }

    /** Takes ownership of {@code bytes} without copying; for freshly computed digests only. */
    public static Hash wrap(byte[] bytes) {
        if (bytes.length != LENGTH) {
            throw new InvalidEncodingException("hash must be 32 bytes, got " + bytes.length + " bytes");
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
