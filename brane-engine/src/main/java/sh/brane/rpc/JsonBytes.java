package sh.brane.rpc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.util.Arrays;

import sh.brane.rpc.core.JsonRpcWriter;

/**
 * The byte scanning under {@link JsonCursor}: strings, numbers and hex found and decoded in a byte array, a word at a
 * time where that pays. Stateless: the cursor keeps the position; whatever it does not read bails.
 */
final class JsonBytes {
    static final int MAX_NUMBER_LENGTH = 1000;
    static final int MAX_STRING_LENGTH =
            JsonRpcWriter.MAPPER.tokenStreamFactory().streamReadConstraints().getMaxStringLength();
    /** The significant hex digits a non-negative long holds without a range check. */
    static final int SAFE_LONG_DIGITS = 15;
    static final int MAX_QUANTITY_DIGITS = 64;

    /** Nibble of each byte value, -1 where the byte is not a hex digit. */
    static final int[] HEX = new int[256];
    /** {@link #HEX} with bit 8 set for a lowercase letter and bit 9 for an uppercase one: one lookup per digit. */
    private static final int[] HEX_CASE = new int[256];
    private static final int LOWER = 0x100;
    private static final int UPPER = 0x200;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH = 0x8080808080808080L;
    private static final long QUOTES = 0x2222222222222222L;
    private static final long BACKSLASHES = 0x5c5c5c5c5c5c5c5cL;
    private static final long SPACES = 0x2020202020202020L;

    static {
        Arrays.fill(HEX, -1);
        for (int i = 0; i < 10; i++) {
            HEX['0' + i] = i;
        }
        for (int i = 0; i < 6; i++) {
            HEX['a' + i] = 10 + i;
            HEX['A' + i] = 10 + i;
        }
        for (int c = 0; c < 256; c++) {
            HEX_CASE[c] = HEX[c] < 0 ? -1 : HEX[c] | (c >= 'a' ? LOWER : c >= 'A' ? UPPER : 0);
        }
    }

    private JsonBytes() {
    }

    /** The eight bytes at {@code from} as a little-endian word; the caller checked they are there. */
    static long word(byte[] b, int from) {
        return (long) LONGS.get(b, from);
    }

    /** {@code n <= 8} bytes at {@code from} as a little-endian word (zero above them). */
    static long word(byte[] b, int from, int n) {
        if (n == 8) {
            return word(b, from);
        }
        long w = 0;
        for (int i = n - 1; i >= 0; i--) {
            w = (w << 8) | (b[from + i] & 0xff);
        }
        return w;
    }

    /** The high bit of the lowest quote byte of {@code x} (false flags only above a true one), or 0. */
    static long firstQuote(long x) {
        long q = x ^ QUOTES;
        return (q - ONES) & ~q & HIGH;
    }

    /** High bits flagging backslash, control or non-ASCII bytes of {@code x} (false flags only above a true one). */
    static long special(long x) {
        long backslash = x ^ BACKSLASHES;
        return (((backslash - ONES) & ~backslash) | ((x - SPACES) & ~x) | x) & HIGH;
    }

    /** The index of the quote closing the plain string whose first byte is at {@code from}. */
    static int stringEnd(byte[] b, int from, int end) {
        int i = from;
        int limit = (int) Math.min(end, (long) from + MAX_STRING_LENGTH);
        // eight bytes at a time while none is a quote, a backslash, a control or a non-ASCII byte
        while (i + 8 <= limit) {
            long x = word(b, i);
            if ((firstQuote(x) | special(x)) != 0) {
                break;
            }
            i += 8;
        }
        while (i < limit) {
            byte c = b[i];
            if (c == '"') {
                return i;
            }
            if (c == '\\' || c < 0x20) {
                JsonCursor.bail();
            }
            i++;
        }
        throw JsonCursor.bail();
    }

    /** The end of the number at {@code from} by JSON's grammar: {@code -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?}. */
    static int numberEnd(byte[] b, int from, int end) {
        int i = from;
        if (i < end && b[i] == '-') {
            i++;
        }
        if (i < end && b[i] == '0') {
            i++;
        } else {
            i = digits(b, i, end);
        }
        if (i < end && b[i] == '.') {
            i = digits(b, i + 1, end);
        }
        if (i < end && (b[i] == 'e' || b[i] == 'E')) {
            i++;
            if (i < end && (b[i] == '+' || b[i] == '-')) {
                i++;
            }
            i = digits(b, i, end);
        }
        if (i - from > MAX_NUMBER_LENGTH) {
            JsonCursor.bail();
        }
        return i;
    }

    /** The end of the (at least one) decimal digits at {@code i}. */
    private static int digits(byte[] b, int i, int end) {
        int from = i;
        while (i < end && b[i] >= '0' && b[i] <= '9') {
            i++;
        }
        if (i == from) {
            JsonCursor.bail();
        }
        return i;
    }

    /** Whether the byte at {@code i} may end a literal or number: the end, a separator or whitespace. */
    static boolean endsValue(byte[] b, int i, int end) {
        if (i >= end) {
            return true;
        }
        int c = b[i];
        return c == ',' || c == '}' || c == ']' || c == ' ' || c == '\n' || c == '\r' || c == '\t';
    }

    /** The end of the hex digits at {@code from} (1 to 64 of them, followed by a quote), else bails. */
    static int quantityEnd(byte[] b, int from, int end) {
        int i = from;
        int limit = Math.min(end, from + MAX_QUANTITY_DIGITS + 1);
        // eight bytes at a time: a signature's r and s have 64 digits
        while (i + 8 <= limit) {
            long notHex = ~hexLanes(word(b, i)) & HIGH;
            if (notHex != 0) {
                i += Long.numberOfTrailingZeros(notHex) >>> 3;
                break;
            }
            i += 8;
        }
        while (i < limit && HEX[b[i] & 0xff] >= 0) {
            i++;
        }
        int digits = i - from;
        if (digits == 0 || digits > MAX_QUANTITY_DIGITS || i >= end || b[i] != '"') {
            JsonCursor.bail();
        }
        return i;
    }

    /** The high bit of each byte of {@code x} that is a hex digit ({@code 0-9a-fA-F}), exactly: the bytes are
     *  compared lane by lane with no carry between them. */
    static long hexLanes(long x) {
        long a = x & ~HIGH;
        long digit = (a + 0x5050505050505050L) & ~(a + 0x4646464646464646L);
        long l = a | 0x2020202020202020L;
        long letter = (l + 0x1f1f1f1f1f1f1f1fL) & ~(l + 0x1919191919191919L);
        return (digit | letter) & ~x & HIGH;
    }

    /** The value of the (at most 16, checked) hex digits in {@code [from, to)}: eight at a time, as words ending at
     *  {@code to}, the bytes before {@code from} masked off. */
    static long hexLong(byte[] b, int from, int to) {
        int n = to - from;
        if (to < 16) {
            long v = 0;
            for (int i = from; i < to; i++) {
                v = (v << 4) | HEX[b[i] & 0xff];
            }
            return v;
        }
        long low = nibbles(word(b, to - 8));
        if (n <= 8) {
            return low & ((1L << (n << 2)) - 1);
        }
        long high = nibbles(word(b, to - 16));
        return (n == 16 ? high : high & ((1L << ((n - 8) << 2)) - 1)) << 32 | low;
    }

    /** The value of eight hex digits (checked; the first in the low byte of {@code x}), the first digit highest. Any
     *  other byte gives some nibble, with no carry into the others. */
    private static long nibbles(long x) {
        // a letter (bit 0x40 set) is its low nibble plus 9, a digit its low nibble
        long nib = ((x & 0x0f0f0f0f0f0f0f0fL) + ((x >>> 6) & ONES) * 9) & 0x0f0f0f0f0f0f0f0fL;
        long y = ((nib << 4) | (nib >>> 8)) & 0x00ff00ff00ff00ffL;
        y = (y | (y >>> 8)) & 0x0000ffff0000ffffL;
        y = y | (y >>> 16);
        return Integer.reverseBytes((int) y) & 0xffffffffL;
    }

    /** The digits in {@code [from, to)} after leading zeros, at least one. */
    static int significantDigits(byte[] b, int from, int to) {
        int k = from;
        while (k < to - 1 && b[k] == '0') {
            k++;
        }
        return to - k;
    }

    /** The value of the last {@code significant} (at most 64) hex digits before {@code to}, which
     *  {@link #quantityEnd} checked; {@code scratch} (32 bytes) holds the magnitude, which BigInteger copies. */
    static BigInteger hexBig(byte[] b, int to, int significant, byte[] scratch) {
        int length = (significant + 1) / 2;
        byte[] magnitude = scratch;
        int k = to - significant;
        int o = 0;
        if ((significant & 1) != 0) {
            magnitude[o++] = (byte) HEX[b[k++] & 0xff];
        }
        decodePlainInto(b, k, magnitude, o, length - o); // quantityEnd checked the digits
        return new BigInteger(1, magnitude, 0, length);
    }

    /** {@code length} bytes from the hex digits at {@code from}; mixed case bails with {@code rejectMixedCase}. */
    static byte[] decode(byte[] in, int from, int length, boolean rejectMixedCase) {
        byte[] out = new byte[length];
        if (rejectMixedCase) {
            int seen = decodeInto(in, from, out, 0, length);
            if (seen < 0 || (seen & (LOWER | UPPER)) == (LOWER | UPPER)) {
                JsonCursor.bail();
            }
        } else if (decodePlainInto(in, from, out, 0, length) < 0) {
            JsonCursor.bail();
        }
        return out;
    }

    /** Where the value at {@code pos} ends if it is {@code "0x"} and exactly the {@code digits} hex digits at
     *  {@code digitsFrom} (read earlier from the same bytes); -1 if it is anything else. */
    static int afterSameHex(byte[] b, int pos, int end, int digitsFrom, int digits) {
        int from = pos + 3;
        int close = from + digits;
        if (close >= end || b[pos + 1] != '0' || b[pos + 2] != 'x' || b[close] != '"'
                || Arrays.mismatch(b, from, close, b, digitsFrom, digitsFrom + digits) >= 0) {
            return -1;
        }
        return close + 1;
    }

    /**
     * {@link #decodeInto} without noting the letters' case, which only an address needs: hashes, blooms and data are
     * most of the digits an answer holds. Returns negative if a byte was not a hex digit, else 0.
     */
    private static int decodePlainInto(byte[] in, int from, byte[] out, int off, int length) {
        long bad = 0;
        int i = 0;
        int j = from;
        for (; i + 4 <= length; i += 4, j += 8) {
            long x = word(in, j);
            long a = x & ~HIGH;
            long digit = (a + 0x5050505050505050L) & ~(a + 0x4646464646464646L);
            long l = a | 0x2020202020202020L;
            long letter = (l + 0x1f1f1f1f1f1f1f1fL) & ~(l + 0x1919191919191919L) & ~x & HIGH;
            bad |= ~(digit | letter) | x;
            INTS.set(out, off + i, packDigits(x, letter));
        }
        int seen = (bad & HIGH) != 0 ? -1 : 0;
        for (; i < length; i++, j += 2) {
            int h = HEX[in[j] & 0xff];
            int lo = HEX[in[j + 1] & 0xff];
            seen |= h | lo;
            out[off + i] = (byte) ((h << 4) | (lo & 0xf));
        }
        return seen;
    }

    /** The four bytes of eight hex digits ({@code x}, the first in its low byte; {@code letter} flags the letters at
     *  their high bits), the first digit highest in the first byte. */
    private static int packDigits(long x, long letter) {
        // a digit's value is its low nibble, a letter's its low nibble plus 9; then each pair of nibbles into one
        // byte, and the four bytes packed together
        long nib = (x & 0x0f0f0f0f0f0f0f0fL) + (letter >>> 7) * 9;
        long y = ((nib << 4) | (nib >>> 8)) & 0x00ff00ff00ff00ffL;
        y = (y | (y >>> 8)) & 0x0000ffff0000ffffL;
        return (int) (y | (y >>> 16));
    }

    /**
     * Decodes the {@code 2 * length} hex digits at {@code from} into {@code out[off, off+length)}: eight digits at a
     * time as one word (valid digits, case and nibbles found lane by lane), the rest one lookup per digit. Returns
     * negative if a byte was not a hex digit, else {@link #LOWER} and {@link #UPPER} set for the letter cases seen.
     */
    private static int decodeInto(byte[] in, int from, byte[] out, int off, int length) {
        long bad = 0;
        long lower = 0;
        long upper = 0;
        int i = 0;
        int j = from;
        for (; i + 4 <= length; i += 4, j += 8) {
            long x = word(in, j);
            long a = x & ~HIGH;
            long digit = (a + 0x5050505050505050L) & ~(a + 0x4646464646464646L);
            long l = a | 0x2020202020202020L;
            long letter = (l + 0x1f1f1f1f1f1f1f1fL) & ~(l + 0x1919191919191919L) & ~x & HIGH;
            bad |= ~(digit | letter) | x;
            long caseBit = x << 2; // each byte's 0x20 bit (set in lowercase letters) at its high bit
            lower |= letter & caseBit;
            upper |= letter & ~caseBit;
            INTS.set(out, off + i, packDigits(x, letter));
        }
        int seen = (bad & HIGH) != 0 ? -1 : 0;
        seen |= (lower & HIGH) != 0 ? LOWER : 0;
        seen |= (upper & HIGH) != 0 ? UPPER : 0;
        for (; i < length; i++, j += 2) {
            int h = HEX_CASE[in[j] & 0xff];
            int lo = HEX_CASE[in[j + 1] & 0xff];
            seen |= h | lo;
            out[off + i] = (byte) (((h & 0xf) << 4) | (lo & 0xf));
        }
        return seen;
    }

    /** The end of the non-negative integer of at most 18 digits at {@code from}, without a leading zero. */
    static int plainLongEnd(byte[] b, int from, int end) {
        int i = from;
        int limit = Math.min(end, from + 19); // a 19th digit is enough to bail
        while (i < limit && b[i] >= '0' && b[i] <= '9') {
            i++;
        }
        if (i == from || i - from > 18 || (b[from] == '0' && i - from > 1)) {
            JsonCursor.bail();
        }
        return i;
    }

    /** The value of the decimal digits in {@code [from, to)}. */
    static long decimal(byte[] b, int from, int to) {
        long v = 0;
        for (int i = from; i < to; i++) {
            v = v * 10 + (b[i] - '0');
        }
        return v;
    }
}
