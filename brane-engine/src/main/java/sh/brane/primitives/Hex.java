package sh.brane.primitives;

/**
 * Hexadecimal encoding as Ethereum uses it: lowercase output, optional {@code 0x} prefix on input.
 *
 * <p>{@link #decodeTo} and {@link #encodeTo} write into caller-owned arrays and allocate nothing,
 * for hot paths that reuse their buffers.
 */
public final class Hex {

    private static final char[] DIGITS = "0123456789abcdef".toCharArray();
    /** Nibble value of each ASCII character, -1 where the character is not a hex digit. */
    private static final byte[] NIBBLES = new byte[128];
    /** Both hex digits of each byte value, high digit in the upper 16 bits: one lookup per byte encoded. */
    private static final int[] DIGIT_PAIRS = new int[256];
    /**
     * The high and the low nibble of a byte for each char's low 8 bits, {@link #INVALID} where the char is
     * not a hex digit: OR-ing both lookups gives the byte, or a value above 0xFF if either char was bad,
     * so the loop checks validity once at the end instead of branching per char.
     */
    private static final int[] HIGH_NIBBLE = new int[256];
    private static final int[] LOW_NIBBLE = new int[256];
    private static final int INVALID = 0x100;

    static {
        java.util.Arrays.fill(NIBBLES, (byte) -1);
        for (int i = 0; i < 10; i++) {
            NIBBLES['0' + i] = (byte) i;
        }
        for (int i = 0; i < 6; i++) {
            NIBBLES['a' + i] = (byte) (10 + i);
            NIBBLES['A' + i] = (byte) (10 + i);
        }
        for (int c = 0; c < 256; c++) {
            int n = c < 128 ? NIBBLES[c] : -1;
            HIGH_NIBBLE[c] = n < 0 ? INVALID : n << 4;
            LOW_NIBBLE[c] = n < 0 ? INVALID : n;
            DIGIT_PAIRS[c] = DIGITS[c >>> 4] << 16 | DIGITS[c & 0xF];
        }
    }

    private Hex() {
    }

    /** {@code 0x}-prefixed lowercase hex of all of {@code bytes}. */
    public static String encode(byte[] bytes) {
        return encode(bytes, 0, bytes.length, true);
    }

    /** Lowercase hex of all of {@code bytes}, without prefix. */
    public static String encodeNoPrefix(byte[] bytes) {
        return encode(bytes, 0, bytes.length, false);
    }

    /** Hex of {@code bytes[off, off+len)}. */
    public static String encode(byte[] bytes, int off, int len, boolean withPrefix) {
        java.util.Objects.checkFromIndexSize(off, len, bytes.length);
        char[] out = new char[(withPrefix ? 2 : 0) + len * 2];
        int pos = 0;
        if (withPrefix) {
            out[pos++] = '0';
            out[pos++] = 'x';
        }
        writeDigits(bytes, off, len, out, pos);
        return new String(out);
    }

    /**
     * Writes the hex of all of {@code bytes} into {@code dest} at {@code off}; allocates nothing.
     *
     * @return the number of chars written ({@code 2 * bytes.length}, plus 2 with the prefix)
     * @throws IndexOutOfBoundsException if {@code dest} is too small
     */
    public static int encodeTo(byte[] bytes, char[] dest, int off, boolean withPrefix) {
        int needed = (withPrefix ? 2 : 0) + bytes.length * 2;
        java.util.Objects.checkFromIndexSize(off, needed, dest.length);
        int pos = off;
        if (withPrefix) {
            dest[pos++] = '0';
            dest[pos++] = 'x';
        }
        writeDigits(bytes, 0, bytes.length, dest, pos);
        return needed;
    }

    private static void writeDigits(byte[] src, int off, int len, char[] dest, int pos) {
        for (int i = off, end = off + len; i < end; i++) {
            int pair = DIGIT_PAIRS[src[i] & 0xFF];
            dest[pos++] = (char) (pair >>> 16);
            dest[pos++] = (char) pair;
        }
    }

    /**
     * Decodes hex with or without {@code 0x}. An odd number of digits is rejected: Ethereum byte
     * strings always have an even number (use {@link #decodeQuantity} for JSON-RPC quantities).
     */
    public static byte[] decode(CharSequence hex) {
        if (hex == null) {
            throw new HexFormatException("hex string is null");
        }
        int start = prefixLength(hex, 0, hex.length());
        int digits = hex.length() - start;
        if ((digits & 1) != 0) {
            throw new HexFormatException("hex string has an odd number of digits (" + digits + "): "
                    + preview(hex) + "; byte strings need two digits per byte");
        }
        byte[] out = new byte[digits / 2];
        decodeDigits(hex, start, digits, out, 0);
        return out;
    }

    /**
     * Decodes {@code hex[off, off+len)} (with or without {@code 0x}) into {@code dest} at
     * {@code destOff}; allocates nothing on success.
     *
     * @return the number of bytes written
     */
    public static int decodeTo(CharSequence hex, int off, int len, byte[] dest, int destOff) {
        if (hex == null) {
            throw new HexFormatException("hex string is null");
        }
        java.util.Objects.checkFromIndexSize(off, len, hex.length());
        int start = off + prefixLength(hex, off, len);
        int digits = len - (start - off);
        if ((digits & 1) != 0) {
            throw new HexFormatException("hex string has an odd number of digits (" + digits + "): "
                    + preview(hex) + "; byte strings need two digits per byte");
        }
        int bytes = digits / 2;
        if (destOff < 0 || bytes > dest.length - destOff) {
            throw new IndexOutOfBoundsException("destination has room for " + Math.max(0, dest.length - destOff)
                    + " bytes at offset " + destOff + " but the hex holds " + bytes);
        }
        decodeDigits(hex, start, digits, dest, destOff);
        return bytes;
    }

    /**
     * Decodes a JSON-RPC quantity ({@code 0x}-prefixed, odd number of digits allowed) into big-endian
     * bytes, one byte per two digits rounded up. Leading zero digits are accepted and kept (some nodes
     * send them), so {@code 0x0} gives {@code {0}} and {@code 0x00ff} gives {@code {0, -1}}; read the
     * result with {@code new BigInteger(1, bytes)} when the numeric value is what matters.
     */
    public static byte[] decodeQuantity(CharSequence hex) {
        if (hex == null || hex.length() < 3 || hex.charAt(0) != '0' || (hex.charAt(1) | 0x20) != 'x') {
            throw new HexFormatException("not a JSON-RPC quantity (0x followed by hex digits): " + preview(hex));
        }
        int digits = hex.length() - 2;
        byte[] out = new byte[(digits + 1) / 2];
        int pos = 2;
        int o = 0;
        if ((digits & 1) != 0) {
            out[o++] = (byte) nibble(hex, pos++);
        }
        while (pos < hex.length()) {
            out[o++] = (byte) ((nibble(hex, pos) << 4) | nibble(hex, pos + 1));
            pos += 2;
        }
        return out;
    }

    /** True if {@code s} is {@code 0x}-prefixed (or not) and otherwise only hex digits. */
    public static boolean isHex(CharSequence s) {
        if (s == null) {
            return false;
        }
        for (int i = prefixLength(s, 0, s.length()); i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 128 || NIBBLES[c] < 0) {
                return false;
            }
        }
        return true;
    }

    private static int prefixLength(CharSequence s, int off, int len) {
        return len >= 2 && s.charAt(off) == '0' && (s.charAt(off + 1) | 0x20) == 'x' ? 2 : 0;
    }

    private static void decodeDigits(CharSequence hex, int start, int digits, byte[] dest, int destOff) {
        int bad = 0;
        for (int i = start, end = start + digits; i < end; i += 2) {
            char hi = hex.charAt(i);
            char lo = hex.charAt(i + 1);
            // chars above 0xFF would alias a table entry: their high bits are kept in "bad"
            int b = HIGH_NIBBLE[hi & 0xFF] | LOW_NIBBLE[lo & 0xFF] | ((hi | lo) & 0xFF00);
            bad |= b;
            dest[destOff++] = (byte) b;
        }
        if ((bad & ~0xFF) != 0) {
            for (int i = start; ; i++) {
                nibble(hex, i); // throws for the first bad char, naming it and its index
            }
        }
    }

    private static int nibble(CharSequence s, int index) {
        char c = s.charAt(index);
        int v = c < 128 ? NIBBLES[c] : -1;
        if (v < 0) {
            throw new HexFormatException("invalid hex character '" + printable(c) + "' at index " + index
                    + " of " + preview(s) + "; only 0-9, a-f and A-F are allowed after 0x");
        }
        return v;
    }

    private static String printable(char c) {
        return c >= 0x20 && c < 0x7f ? String.valueOf(c) : String.format("\\u%04x", (int) c);
    }

    /** The start of a possibly huge input, so that error messages stay readable. */
    static String preview(CharSequence s) {
        if (s == null) {
            return "null";
        }
        return s.length() <= 80 ? '"' + s.toString() + '"'
                : '"' + s.subSequence(0, 77).toString() + "...\" (" + s.length() + " chars)";
    }
}
