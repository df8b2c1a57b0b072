package sh.brane.core.types;

import java.util.Arrays;

import sh.brane.primitives.Hex;
import sh.brane.primitives.HexFormatException;
import sh.brane.primitives.Keccak256;

/**
 * A 20-byte Ethereum account address. Printed in EIP-55 mixed-case checksum form; parsing accepts
 * all-lowercase or all-uppercase hex, and mixed case only when its checksum is right, since a
 * wrong checksum usually means a mistyped address.
 */
public final class Address implements Comparable<Address> {

    public static final int LENGTH = 20;
    public static final Address ZERO = new Address(new byte[LENGTH]);

    private final byte[] bytes;

    private Address(byte[] bytes) {
        this.bytes = bytes;
    }

    /** Parses {@code 0x} + 40 hex digits, checking the EIP-55 checksum when the case is mixed. */
    public static Address of(String hex) {
        if (hex == null) {
            throw new AddressFormatException("address is null");
        }
        if (!FixedHex.hasShape(hex, LENGTH)) {
            throw new AddressFormatException(FixedHex.shapeError("address", LENGTH, hex));
        }
        byte[] bytes;
        try {
            bytes = FixedHex.decodeDigits(hex, LENGTH);
        } catch (HexFormatException e) {
            throw new AddressFormatException("address " + FixedHex.describe(hex) + " is not hex: " + e.getMessage());
        }
        Address address = new Address(bytes);
        if (isMixedCase(hex) && !address.toChecksumString().substring(2).equals(hex.substring(2))) {
            throw new AddressFormatException("address " + hex + " has an invalid EIP-55 checksum; expected "
                    + address.toChecksumString() + " (or write it all in lowercase to skip the check)");
        }
        return address;
    }

    /** Wraps a copy of exactly 20 bytes. */
    public static Address fromBytes(byte[] bytes) {
        if (bytes == null || bytes.length != LENGTH) {
            throw new AddressFormatException(FixedHex.lengthError("address", LENGTH, bytes));
        }
        return new Address(bytes.clone());
    }

    /** Takes ownership of exactly 20 bytes without copying; for bytes freshly decoded and referenced nowhere else. */
    public static Address wrap(byte[] bytes) {
        if (bytes == null || bytes.length != LENGTH) {
            throw new AddressFormatException(FixedHex.lengthError("address", LENGTH, bytes));
        }
        return new Address(bytes);
    }

    /** The address in the last 20 bytes of {@code src[off, off+32)}, e.g. an ABI word or a topic. */
    public static Address fromWord(byte[] src, int off) {
        return new Address(Arrays.copyOfRange(src, off + 12, off + 32));
    }

    /** A copy of the 20 bytes. */
    public byte[] toBytes() {
        return bytes.clone();
    }

    /** Copies the 20 bytes into {@code dest} at {@code off} without allocating. */
    public void copyTo(byte[] dest, int off) {
        System.arraycopy(bytes, 0, dest, off, LENGTH);
    }

    /** Lowercase {@code 0x} hex, the form JSON-RPC uses. */
    public String toHex() {
        return Hex.encode(bytes);
    }

    /** EIP-55 mixed-case checksum form. */
    public String toChecksumString() {
        char[] lower = new char[40];
        Hex.encodeTo(bytes, lower, 0, false);
        byte[] ascii = new byte[40];
        for (int i = 0; i < 40; i++) {
            ascii[i] = (byte) lower[i];
        }
        byte[] hash = Keccak256.hash(ascii);
        char[] out = new char[42];
        out[0] = '0';
        out[1] = 'x';
        for (int i = 0; i < 40; i++) {
            char c = lower[i];
            int nibble = (hash[i / 2] >> ((i % 2 == 0) ? 4 : 0)) & 0xF;
            out[i + 2] = (c >= 'a' && nibble >= 8) ? (char) (c - 32) : c;
        }
        return new String(out);
    }

    @Override
    public String toString() {
        return toChecksumString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Address other && Arrays.equals(bytes, other.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public int compareTo(Address o) {
        return Arrays.compareUnsigned(bytes, o.bytes);
    }

    private static boolean isMixedCase(String hex) {
        boolean lower = false;
        boolean upper = false;
        for (int i = 2; i < hex.length(); i++) {
            char c = hex.charAt(i);
            lower |= c >= 'a' && c <= 'f';
            upper |= c >= 'A' && c <= 'F';
        }
        return lower && upper;
    }
}
