package sh.brane.core.types;

import sh.brane.primitives.Hex;

/**
 * What the fixed-length byte types ({@link Address}, {@link Hash}) share: recognising and decoding
 * {@code 0x} followed by exactly twice their length in hex digits, and the wording of their errors.
 * Each type still throws its own exception type with its own name in the message.
 */
final class FixedHex {

    private FixedHex() {
    }

    /** True if {@code hex} is {@code 0x} or {@code 0X} followed by exactly {@code 2 * length} characters. */
    static boolean hasShape(String hex, int length) {
        return hex != null && hex.length() == 2 + 2 * length && hex.charAt(0) == '0' && (hex.charAt(1) | 0x20) == 'x';
    }

    /**
     * Decodes the digits after the prefix of a string that {@link #hasShape has the shape}.
     *
     * @throws sh.brane.primitives.HexFormatException naming the first character that is not hex
     */
    static byte[] decodeDigits(String hex, int length) {
        byte[] bytes = new byte[length];
        Hex.decodeTo(hex, 2, 2 * length, bytes, 0);
        return bytes;
    }

    /** E.g. {@code hash must be 0x followed by 64 hex digits, got "0x12" (4 chars)}. */
    static String shapeError(String what, int length, String hex) {
        return what + " must be 0x followed by " + 2 * length + " hex digits, got " + describe(hex);
    }

    /** E.g. {@code address must be 20 bytes, got 19 bytes}. */
    static String lengthError(String what, int length, byte[] bytes) {
        return what + " must be " + length + " bytes, got " + (bytes == null ? "null" : bytes.length + " bytes");
    }

    /** The input quoted with its length, cut at 80 characters so that a huge input keeps messages readable. */
    static String describe(String s) {
        if (s == null) {
            return "null";
        }
        return '"' + (s.length() <= 80 ? s : s.substring(0, 77) + "...") + "\" (" + s.length() + " chars)";
    }
}
