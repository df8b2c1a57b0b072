package sh.brane.rpc;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The field names an object reader knows ({@link JsonCursor.Names} is its public face), matched by length and
 * bytes; each name's index is its position.
 *
 * <p>A node writes an object's fields in the same order every time (every transaction of a block, every log), so the
 * table also remembers which name followed which: the cursor checks that one first, with one or two word compares,
 * and looks the name up only when the guess is wrong. The remembered order is a hint shared by every thread reading
 * with this table: a racy write at worst costs a lookup, since a guess is always checked against the bytes.
 */
class FieldNames {
    private final byte[][] names;
    /** For each name length, the indexes of the names of that length. */
    private final int[][] byLength;
    /** Each name's first and last (up to) eight bytes as words: a name of up to 16 bytes is matched by both. */
    private final long[] heads;
    private final long[] tails;
    /** Each name's bytes 8 to 15, for names of 17 to 24 bytes, which head, middle and tail cover. */
    private final long[] middles;
    /** At {@code i + 1}, the index of the name that last followed name {@code i}; at 0, the last first name; -1 for
     *  none. */
    private final int[] follow;

    /** {@link #follow}'s slot for the first name of an object. */
    static final int FIRST = 0;

    FieldNames(String... names) {
        this.names = new byte[names.length][];
        int longest = 0;
        for (int i = 0; i < names.length; i++) {
            this.names[i] = names[i].getBytes(StandardCharsets.US_ASCII);
            longest = Math.max(longest, this.names[i].length);
        }
        byLength = new int[longest + 1][];
        for (int len = 0; len <= longest; len++) {
            final int l = len;
            byLength[len] = java.util.stream.IntStream.range(0, names.length)
                    .filter(i -> this.names[i].length == l).toArray();
        }
        heads = new long[names.length];
        tails = new long[names.length];
        middles = new long[names.length];
        for (int i = 0; i < names.length; i++) {
            byte[] n = this.names[i];
            heads[i] = JsonBytes.word(n, 0, Math.min(n.length, 8));
            tails[i] = n.length > 8 ? JsonBytes.word(n, n.length - 8, 8) : 0;
            middles[i] = n.length > 16 ? JsonBytes.word(n, 8, 8) : 0;
        }
        follow = new int[names.length + 1];
        Arrays.fill(follow, -1);
    }

    /** The slot whose guess is read after name {@code index} (or {@link JsonCursor#UNKNOWN}: -1, no guess). */
    static int slotAfter(int index) {
        return index < 0 ? -1 : index + 1;
    }

    /** {@link #find(byte[], int, int)}, trying first the name that came in {@code slot} last time (-1: no guess),
     *  and remembering the one found. */
    long find(byte[] b, int from, int end, int slot) {
        if (slot < 0) {
            return find(b, from, end);
        }
        int guess = follow[slot];
        if (guess >= 0 && is(b, from, end, guess)) {
            return found(from + names[guess].length, guess);
        }
        long found = find(b, from, end);
        int index = (int) found;
        if (index >= 0 && follow[slot] != index) {
            follow[slot] = index;
        }
        return found;
    }

    /** The name that came in {@code slot} last time, or -1. */
    int guess(int slot) {
        return follow[slot];
    }

    /** Where the value begins if the bytes at {@code p} are a comma, name {@code guess} in quotes and a colon, with
     *  no whitespace between (how nodes write); -1 if they are anything else. */
    int valueAfterGuess(byte[] b, int p, int end, int guess) {
        if (p + 2 >= end || b[p] != ',' || b[p + 1] != '"') {
            return -1;
        }
        int quote = quoteAfter(b, p + 2, end, guess);
        return quote >= 0 && quote + 1 < end && b[quote + 1] == ':' ? quote + 2 : -1;
    }

    /** The index of the quote closing name {@code index} if the bytes at {@code from} are exactly that name and its
     *  quote, else -1 ({@link #is}). */
    int quoteAfter(byte[] b, int from, int end, int index) {
        return is(b, from, end, index) ? from + names[index].length : -1;
    }

    /** Whether the bytes at {@code from} are exactly name {@code index} and its closing quote; false (not known) near
     *  the end of the input, where a word does not fit. */
    private boolean is(byte[] b, int from, int end, int index) {
        int len = names[index].length;
        if (from + Math.max(len, 8) >= end || b[from + len] != '"') {
            return false;
        }
        long head = JsonBytes.word(b, from);
        if (len < 8) {
            return (head & ((1L << (len << 3)) - 1)) == heads[index];
        }
        return head == heads[index] && (len == 8 || JsonBytes.word(b, from + len - 8) == tails[index])
                && (len <= 16 || (len <= 24 ? JsonBytes.word(b, from + 8) == middles[index]
                        : Arrays.equals(b, from + 8, from + len - 8, names[index], 8, len - 8)));
    }

    int match(byte[] b, int from, int len) {
        if (len >= byLength.length || byLength[len].length == 0) {
            return JsonCursor.UNKNOWN;
        }
        return match(b, from, len, JsonBytes.word(b, from, Math.min(len, 8)),
                len > 8 ? JsonBytes.word(b, from + len - 8, 8) : 0);
    }

    /** {@link #match(byte[], int, int)} with the name's head and tail words already read. */
    int match(byte[] b, int from, int len, long head, long tail) {
        if (len >= byLength.length) {
            return JsonCursor.UNKNOWN;
        }
        for (int i : byLength[len]) {
            if (heads[i] == head && tails[i] == tail
                    && (len <= 16 || Arrays.equals(b, from + 8, from + len - 8, names[i], 8, len - 8))) {
                return i;
            }
        }
        return JsonCursor.UNKNOWN;
    }

    /** Finds the name starting at {@code from}: its closing quote's index in the high 32 bits, its index here (or
     *  {@link JsonCursor#UNKNOWN}) in the low 32. Bails on an escape, a control, non-ASCII or over 256 bytes. */
    long find(byte[] b, int from, int end) {
        if (from + 8 <= end) {
            long found = findShort(b, from, end);
            if (found != NOT_SHORT) {
                return found;
            }
        }
        int i = from;
        while (true) {
            if (i >= end) {
                JsonCursor.bail();
            }
            byte c = b[i];
            if (c == '"') {
                break;
            }
            if (c == '\\' || c < 0x20) { // escapes go to the token path; a negative byte is not ASCII
                JsonCursor.bail();
            }
            i++;
        }
        if (i - from > 256) {
            JsonCursor.bail();
        }
        return found(i, match(b, from, i - from));
    }

    private static long found(int quote, int index) {
        return (long) quote << 32 | (index & 0xffffffffL);
    }

    /** {@link #findShort}: the name is not one it reads; the byte-by-byte path does. */
    private static final long NOT_SHORT = Long.MIN_VALUE;

    /**
     * The name at {@code from} read a word at a time when it is plain and at most 15 bytes (every common name), so it
     * is scanned once, not once to find its end and again to match; {@link #NOT_SHORT} otherwise. The caller checked
     * that 8 bytes are left.
     */
    private long findShort(byte[] b, int from, int end) {
        long x = JsonBytes.word(b, from);
        long inFirst = JsonBytes.firstQuote(x);
        int len;
        long head;
        long tail;
        if (inFirst != 0) {
            len = Long.numberOfTrailingZeros(inFirst) >>> 3;
            long mask = (1L << (len << 3)) - 1;
            if ((JsonBytes.special(x) & mask) != 0) {
                return NOT_SHORT;
            }
            head = x & mask;
            tail = 0;
        } else {
            if (from + 16 > end) {
                return NOT_SHORT;
            }
            long y = JsonBytes.word(b, from + 8);
            long inSecond = JsonBytes.firstQuote(y);
            if (inSecond == 0 || JsonBytes.special(x) != 0) {
                return NOT_SHORT;
            }
            int more = Long.numberOfTrailingZeros(inSecond) >>> 3;
            long mask = (1L << (more << 3)) - 1;
            if ((JsonBytes.special(y) & mask) != 0) {
                return NOT_SHORT;
            }
            len = 8 + more;
            head = x;
            tail = len == 8 ? 0 : JsonBytes.word(b, from + len - 8);
        }
        return found(from + len, match(b, from, len, head, tail));
    }
}
