package sh.brane.rpc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A strict, optimistic reader of the plain JSON that nodes write, straight from the answer's bytes: the fast path
 * of typed answers (blocks, receipts, logs). Measured on a full block of 300 transactions (see docs/rpc.md, typed
 * answers), Jackson's tokenizer cost more than half of a typed call's CPU: it copies every string into its own
 * char buffer, hashes every field name, and tracks locations, before a decoder turns the hex chars into bytes. This
 * cursor matches field names by length and bytes and decodes hex from the bytes themselves, once.
 *
 * <p>It accepts a strict subset of what the token path accepts: plain ASCII strings without escapes, lowercase
 * {@code 0x}, canonical shapes only. Anything else (an escape, a non-ASCII byte, uppercase {@code 0X}, an odd hex
 * length, a missing or null required field, a value out of range, deep nesting, a truncated document) throws
 * {@link Bail}, a preallocated exception without a stack: the caller then reads the whole answer again with the
 * token path ({@link JsonRpcReader}), which accepts or rejects it with its precise message. So a value either
 * comes out of this cursor equal to what the token path would give, or the token path decides. Work is linear in
 * the bytes read; nesting it skips is bounded by {@link #MAX_DEPTH}; strings by Jackson's own string limit.
 *
 * <p>Reading protocol: {@link #firstField}/{@link #nextField} walk an object's names (matched against a
 * {@link Names} table, {@link #UNKNOWN} for any other name, {@link #END} at the closing brace), leaving the cursor
 * on the value, which one value reader (or {@link #skipValue}) then consumes; arrays likewise with
 * {@link #firstElement}/{@link #nextElement}. Not thread-safe: one per answer.
 *
 * <p>Longer than this project's usual class on purpose: the grammar (structure, skipping, literals, numbers) and the
 * value readers share the one cursor position and the bail rule, and split apart they would pass the position back
 * and forth on the hottest path of typed calls.
 */
public final class JsonCursor {

    /** The object has no more fields. */
    public static final int END = -2;
    /** A field whose name is not in the table. */
    public static final int UNKNOWN = -1;

    /** Nesting the cursor skips through; deeper values go to the token path, whose limit is larger. */
    static final int MAX_DEPTH = 64;
    private static final int MAX_NUMBER_LENGTH = 1000;
    private static final int MAX_STRING_LENGTH =
            JsonRpcWriter.MAPPER.tokenStreamFactory().streamReadConstraints().getMaxStringLength();
    /** The significant hex digits a non-negative long holds without a range check. */
    private static final int SAFE_LONG_DIGITS = 15;
    private static final int MAX_QUANTITY_DIGITS = 64;

    /** Nibble of each byte value, -1 where the byte is not a hex digit. */
    private static final int[] HEX = new int[256];
    /** {@link #HEX} with bit 8 set for a lowercase letter and bit 9 for an uppercase one: one lookup per digit. */
    private static final int[] HEX_CASE = new int[256];
    private static final int LOWER = 0x100;
    private static final int UPPER = 0x200;
    /** Eight bytes at once, for scanning strings and matching names a word at a time. */
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH = 0x8080808080808080L;

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

    /** This input is not one the cursor reads: read it with the token path. Carries no stack and no message. */
    public static final class Bail extends RuntimeException {
        static final Bail INSTANCE = new Bail();

        private Bail() {
            super(null, null, false, false);
        }
    }

    /** The field names an object reader knows, matched by length and bytes; each name's index is its position. */
    public static final class Names {
        private final byte[][] names;
        /** For each name length, the indexes of the names of that length. */
        private final int[][] byLength;
        /** Each name's first and last (up to) eight bytes as words: a name of up to 16 bytes is matched by both. */
        private final long[] heads;
        private final long[] tails;

        public Names(String... names) {
            this.names = new byte[names.length][];
            int longest = 0;
            for (int i = 0; i < names.length; i++) {
                this.names[i] = names[i].getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                longest = Math.max(longest, this.names[i].length);
            }
            byLength = new int[longest + 1][];
            for (int len = 0; len <= longest; len++) {
                int n = 0;
                for (byte[] name : this.names) {
                    n += name.length == len ? 1 : 0;
                }
                int[] idx = new int[n];
                n = 0;
                for (int i = 0; i < names.length; i++) {
                    if (this.names[i].length == len) {
                        idx[n++] = i;
                    }
                }
                byLength[len] = idx;
            }
            heads = new long[names.length];
            tails = new long[names.length];
            for (int i = 0; i < names.length; i++) {
                byte[] n = this.names[i];
                heads[i] = word(n, 0, Math.min(n.length, 8));
                tails[i] = n.length > 8 ? word(n, n.length - 8, 8) : 0;
            }
        }

        int match(byte[] b, int from, int len) {
            if (len >= byLength.length || byLength[len].length == 0) {
                return UNKNOWN;
            }
            return match(b, from, len, word(b, from, Math.min(len, 8)), len > 8 ? word(b, from + len - 8, 8) : 0);
        }

        /** {@link #match(byte[], int, int)} with the name's head and tail words already read. */
        int match(byte[] b, int from, int len, long head, long tail) {
            if (len >= byLength.length) {
                return UNKNOWN;
            }
            for (int i : byLength[len]) {
                if (heads[i] == head && tails[i] == tail
                        && (len <= 16 || Arrays.equals(b, from + 8, from + len - 8, names[i], 8, len - 8))) {
                    return i;
                }
            }
            return UNKNOWN;
        }
    }

    /** {@code n <= 8} bytes at {@code from} as a little-endian word (zero above them). */
    private static long word(byte[] b, int from, int n) {
        if (n == 8) {
            return (long) LONGS.get(b, from);
        }
        long w = 0;
        for (int i = n - 1; i >= 0; i--) {
            w = (w << 8) | (b[from + i] & 0xff);
        }
        return w;
    }

    private final byte[] b;
    private final int end;
    private int pos;

    /** A cursor over {@code bytes[off, off+len)}, which must not change while it reads. */
    public static JsonCursor over(byte[] bytes, int off, int len) {
        return new JsonCursor(bytes, off, len);
    }

    private JsonCursor(byte[] bytes, int off, int len) {
        java.util.Objects.checkFromIndexSize(off, len, bytes.length);
        this.b = bytes;
        this.pos = off;
        this.end = off + len;
    }

    /** Bails: the answer goes to the token path. */
    public static Bail bail() {
        throw Bail.INSTANCE;
    }

    // ------------------------------------------------------------------ structure

    /** The next significant byte (whitespace skipped), not consumed; 0 at the end of the input. */
    private int peek() {
        int i = pos;
        if (i < end && b[i] > ' ') {
            return b[i]; // the usual case: no whitespace (nodes write none); a negative byte takes the loop
        }
        while (i < end) {
            byte c = b[i];
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                pos = i;
                return c;
            }
            i++;
        }
        pos = end;
        return 0;
    }

    private void expect(int c) {
        if (peek() != c) {
            bail();
        }
        pos++;
    }

    /** Consumes JSON {@code null} if it is next; false (nothing consumed) for any other value. */
    public boolean isNull() {
        if (peek() != 'n') {
            return false;
        }
        literal(NULL);
        return true;
    }

    private static final byte[] NULL = {'n', 'u', 'l', 'l'};
    private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};

    private void literal(byte[] word) {
        if (end - pos < word.length || !Arrays.equals(b, pos, pos + word.length, word, 0, word.length)) {
            bail();
        }
        pos += word.length;
        // "nullx" is not a literal: what follows must end the value
        if (pos < end) {
            int c = b[pos];
            if (c != ',' && c != '}' && c != ']' && c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                bail();
            }
        }
    }

    /**
     * Consumes {@code bytes} if the input goes on with exactly them (no whitespace skipped); false, nothing consumed,
     * if not. For the framing nodes write byte for byte alike on every answer ({@link CursorAnswer}): one compare of
     * the run where the field-by-field path reads a name, matches it and skips a value, for each field.
     */
    public boolean skipIfNext(byte[] bytes) {
        int n = bytes.length;
        if (end - pos < n || Arrays.mismatch(b, pos, pos + n, bytes, 0, n) >= 0) {
            return false;
        }
        pos += n;
        return true;
    }

    /** Consumes the {@code {} that must come next. */
    public void beginObject() {
        expect('{');
    }

    /** Right after {@link #beginObject}: the first field's name (the cursor on its value), or {@link #END}. */
    public int firstField(Names names) {
        if (peek() == '}') {
            pos++;
            return END;
        }
        return name(names);
    }

    /** After a field's value: the next field's name (the cursor on its value), or {@link #END}. */
    public int nextField(Names names) {
        int c = peek();
        if (c == '}') {
            pos++;
            return END;
        }
        if (c != ',') {
            bail();
        }
        pos++;
        return name(names);
    }

    private int name(Names names) {
        expect('"');
        int from = pos;
        if (from + 8 <= end) {
            int k = shortName(names, from);
            if (k != NOT_SHORT) {
                return k;
            }
        }
        int i = from;
        while (true) {
            if (i >= end) {
                bail();
            }
            byte c = b[i];
            if (c == '"') {
                break;
            }
            if (c == '\\' || c < 0x20) { // escapes go to the token path; a negative byte is not ASCII
                bail();
            }
            i++;
        }
        if (i - from > 256) {
            bail();
        }
        pos = i + 1;
        expect(':');
        return names.match(b, from, i - from);
    }

    /** {@link #shortName}: the name is not one it reads; the byte-by-byte path does. */
    private static final int NOT_SHORT = Integer.MIN_VALUE;
    private static final long QUOTES = 0x2222222222222222L;
    private static final long BACKSLASHES = 0x5c5c5c5c5c5c5c5cL;
    private static final long SPACES = 0x2020202020202020L;

    /**
     * The name starting at {@code from} (after its opening quote), read a word at a time when it is plain and at
     * most 15 bytes long (every name nodes write: {@code id}, {@code result}, {@code transactionIndex} is 16 and
     * takes the other path): its closing quote is found in the first two words, which are also its head and tail
     * for {@link Names#match}, so the name is scanned once, not once to find its end and again to match it. Then
     * {@code ':'} is consumed as {@link #name} does. {@link #NOT_SHORT} (nothing consumed) for anything else: a
     * longer name, or an escape, a control or a non-ASCII byte before the quote, which the byte-by-byte path
     * bails on as before, or a name too near the end of the input for whole words. The caller checked that 8 bytes
     * are left.
     */
    private int shortName(Names names, int from) {
        long x = (long) LONGS.get(b, from);
        long inFirst = firstQuote(x);
        int len;
        long head;
        long tail;
        if (inFirst != 0) {
            len = Long.numberOfTrailingZeros(inFirst) >>> 3;
            long mask = (1L << (len << 3)) - 1;
            if ((special(x) & mask) != 0) {
                return NOT_SHORT;
            }
            head = x & mask;
            tail = 0;
        } else {
            if (from + 16 > end) {
                return NOT_SHORT;
            }
            long y = (long) LONGS.get(b, from + 8);
            long inSecond = firstQuote(y);
            if (inSecond == 0 || special(x) != 0) {
                return NOT_SHORT;
            }
            int more = Long.numberOfTrailingZeros(inSecond) >>> 3;
            long mask = (1L << (more << 3)) - 1;
            if ((special(y) & mask) != 0) {
                return NOT_SHORT;
            }
            len = 8 + more;
            head = x;
            tail = len == 8 ? 0 : (long) LONGS.get(b, from + len - 8);
        }
        pos = from + len + 1;
        expect(':');
        return names.match(b, from, len, head, tail);
    }

    /**
     * The high bit of the lowest byte of {@code x} that is a quote (and maybe of higher bytes: the zero-byte test
     * can flag a byte above a true match, never below one), or 0 if none is.
     */
    private static long firstQuote(long x) {
        long q = x ^ QUOTES;
        return (q - ONES) & ~q & HIGH;
    }

    /**
     * High bits flagging bytes of {@code x} that are a backslash, a control or a non-ASCII byte (as in
     * {@link #stringEnd}); a byte may be flagged falsely only above a truly flagged one.
     */
    private static long special(long x) {
        long backslash = x ^ BACKSLASHES;
        return (((backslash - ONES) & ~backslash) | ((x - SPACES) & ~x) | x) & HIGH;
    }

    /** Consumes the {@code [} that must come next; true if an element follows (the cursor on it). */
    public boolean firstElement() {
        expect('[');
        if (peek() == ']') {
            pos++;
            return false;
        }
        return true;
    }

    /** After an element: true if another follows (the cursor on it), false at the closing bracket. */
    public boolean nextElement() {
        int c = peek();
        if (c == ']') {
            pos++;
            return false;
        }
        if (c != ',') {
            bail();
        }
        pos++;
        return true;
    }

    /** True if the next value is an object (not consumed). */
    public boolean atObject() {
        return peek() == '{';
    }

    /** True if the next value is an array (not consumed). */
    public boolean atArray() {
        return peek() == '[';
    }

    /** True if the next value is a string (not consumed). */
    public boolean atString() {
        return peek() == '"';
    }

    /** True if only whitespace is left. */
    public boolean atEnd() {
        return peek() == 0 && pos == end;
    }

    /** A string of printable ASCII with no escape, as it stands; bails on any other string. */
    public String plainString() {
        expect('"');
        int close = stringEnd();
        String s = new String(b, pos, close - pos, java.nio.charset.StandardCharsets.ISO_8859_1);
        pos = close + 1;
        return s;
    }

    /** Consumes any one JSON value, checking its grammar as it goes. */
    public void skipValue() {
        skipValue(0);
    }

    private void skipValue(int depth) {
        if (depth > MAX_DEPTH) {
            bail();
        }
        int c = peek();
        switch (c) {
            case '{' -> {
                pos++;
                if (peek() == '}') {
                    pos++;
                    return;
                }
                do {
                    expect('"');
                    pos = stringEnd() + 1;
                    expect(':');
                    skipValue(depth + 1);
                } while (more('}'));
            }
            case '[' -> {
                pos++;
                if (peek() == ']') {
                    pos++;
                    return;
                }
                do {
                    skipValue(depth + 1);
                } while (more(']'));
            }
            case '"' -> {
                pos++;
                pos = stringEnd() + 1;
            }
            case 't' -> literal(TRUE);
            case 'f' -> literal(FALSE);
            case 'n' -> literal(NULL);
            default -> skipNumber();
        }
    }

    /** After a member or element: true on a comma (consumed), false on {@code close} (consumed). */
    private boolean more(int close) {
        int c = peek();
        pos++;
        if (c == ',') {
            return true;
        }
        if (c != close) {
            bail();
        }
        return false;
    }

    /** The index of the quote closing the plain string that starts at {@link #pos}. */
    private int stringEnd() {
        int i = pos;
        int limit = (int) Math.min(end, (long) pos + MAX_STRING_LENGTH);
        // eight bytes at a time while none is a quote, a backslash, a control or a non-ASCII byte
        while (i + 8 <= limit) {
            long x = (long) LONGS.get(b, i);
            long quote = x ^ 0x2222222222222222L;
            long backslash = x ^ 0x5c5c5c5c5c5c5c5cL;
            long special = ((quote - ONES) & ~quote) | ((backslash - ONES) & ~backslash)
                    | ((x - 0x2020202020202020L) & ~x) | x;
            if ((special & HIGH) != 0) {
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
                bail();
            }
            i++;
        }
        throw bail();
    }

    /** A number by JSON's grammar: {@code -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?}. */
    private void skipNumber() {
        int start = pos;
        int i = pos;
        if (i < end && b[i] == '-') {
            i++;
        }
        if (i < end && b[i] == '0') {
            i++;
        } else {
            i = digits(i, true);
        }
        if (i < end && b[i] == '.') {
            i = digits(i + 1, true);
        }
        if (i < end && (b[i] == 'e' || b[i] == 'E')) {
            i++;
            if (i < end && (b[i] == '+' || b[i] == '-')) {
                i++;
            }
            i = digits(i, true);
        }
        if (i - start > MAX_NUMBER_LENGTH) {
            bail();
        }
        pos = i;
        literalEnd();
    }

    private int digits(int i, boolean atLeastOne) {
        int from = i;
        while (i < end && b[i] >= '0' && b[i] <= '9') {
            i++;
        }
        if (atLeastOne && i == from) {
            bail();
        }
        return i;
    }

    private void literalEnd() {
        if (pos < end) {
            int c = b[pos];
            if (c != ',' && c != '}' && c != ']' && c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                bail();
            }
        }
    }

    /** A non-negative integer of at most 18 digits, no sign, fraction or exponent (a JSON-RPC id). */
    long plainLong() {
        peek();
        int from = pos;
        int i = from;
        // one pass: digits are read and summed together; a 19th digit is enough to bail (as more than 18 did)
        int limit = Math.min(end, from + 19);
        long v = 0;
        while (i < limit) {
            int d = b[i] - '0';
            if (d < 0 || d > 9) {
                break;
            }
            v = v * 10 + d;
            i++;
        }
        if (i == from || i - from > 18 || (b[from] == '0' && i - from > 1)) {
            bail();
        }
        pos = i;
        literalEnd();
        return v;
    }

    // ------------------------------------------------------------------ values

    /** {@code true}, {@code false}, or null (false). */
    public boolean optBoolean() {
        int c = peek();
        if (c == 't') {
            literal(TRUE);
            return true;
        }
        if (c == 'f') {
            literal(FALSE);
        } else {
            literal(NULL);
        }
        return false;
    }

    /** Consumes {@code "0x} and returns the index of the first digit. */
    private int hexStart() {
        expect('"');
        if (end - pos < 2 || b[pos] != '0' || b[pos + 1] != 'x') {
            bail();
        }
        return pos + 2;
    }

    /** A hex quantity ({@code "0x"} and 1 to 64 digits, leading zeros allowed) that fits a non-negative long. */
    public long quantityLong() {
        int from = hexStart();
        int i = from;
        long v = 0;
        int limit = Math.min(end, from + MAX_QUANTITY_DIGITS + 1);
        int d;
        while (i < limit && (d = HEX[b[i] & 0xff]) >= 0) {
            v = (v << 4) | d;
            i++;
        }
        int digits = i - from;
        if (digits == 0 || digits > MAX_QUANTITY_DIGITS || i >= end || b[i] != '"') {
            bail();
        }
        if (digits > SAFE_LONG_DIGITS) {
            int significant = significantDigits(from, i);
            // 16 significant digits fit when the first is below 8; more never do
            if (significant > 16 || (significant == 16 && HEX[b[i - 16] & 0xff] > 7)) {
                bail();
            }
        }
        pos = i + 1;
        return v;
    }

    /** A hex quantity of at most 256 bits. */
    public BigInteger quantity() {
        int from = hexStart();
        int i = from;
        long v = 0;
        int limit = Math.min(end, from + MAX_QUANTITY_DIGITS + 1);
        int d;
        while (i < limit && (d = HEX[b[i] & 0xff]) >= 0) {
            v = (v << 4) | d;
            i++;
        }
        int digits = i - from;
        if (digits == 0 || digits > MAX_QUANTITY_DIGITS || i >= end || b[i] != '"') {
            bail();
        }
        pos = i + 1;
        if (digits <= SAFE_LONG_DIGITS) {
            return BigInteger.valueOf(v);
        }
        int significant = significantDigits(from, i);
        if (significant <= SAFE_LONG_DIGITS) {
            return BigInteger.valueOf(v); // leading zeros shifted out of v harmlessly
        }
        byte[] magnitude = new byte[(significant + 1) / 2];
        int k = i - significant;
        int o = 0;
        if ((significant & 1) != 0) {
            magnitude[o++] = (byte) HEX[b[k++] & 0xff];
        }
        for (; k < i; k += 2) {
            magnitude[o++] = (byte) (HEX[b[k] & 0xff] << 4 | HEX[b[k + 1] & 0xff]);
        }
        return new BigInteger(1, magnitude);
    }

    private int significantDigits(int from, int to) {
        int k = from;
        while (k < to - 1 && b[k] == '0') {
            k++;
        }
        return to - k;
    }

    /** Where the digits of the next value would begin, were it a {@code "0x"} string; nothing is consumed. */
    public int hexDigitsFrom() {
        peek();
        return pos + 3;
    }

    /**
     * Passes over the next value if it is {@code "0x"} and exactly the {@code digits} hex digits at {@code digitsFrom}
     * (those of a value read earlier from this input, where {@link #hexDigitsFrom} said they began): one compare where
     * decoding would read them again, for the values an answer repeats item after item. False, nothing consumed, if
     * it is anything else.
     */
    public boolean skipIfSameHex(int digitsFrom, int digits) {
        if (peek() != '"') {
            return false;
        }
        int from = pos + 3;
        int close = from + digits;
        if (close >= end || b[pos + 1] != '0' || b[pos + 2] != 'x' || b[close] != '"'
                || Arrays.mismatch(b, from, close, b, digitsFrom, digitsFrom + digits) >= 0) {
            return false;
        }
        pos = close + 1;
        return true;
    }

    /**
     * {@code "0x"} and exactly {@code 2 * length} hex digits, decoded. With {@code rejectMixedCase} (addresses, whose
     * mixed case carries an EIP-55 checksum the token path checks) letters of both cases bail.
     */
    public byte[] fixedHex(int length, boolean rejectMixedCase) {
        int from = hexStart();
        int close = from + 2 * length;
        if (close >= end || b[close] != '"') {
            bail();
        }
        byte[] out = decode(from, length, rejectMixedCase);
        pos = close + 1;
        return out;
    }

    /** {@code "0x"} and an even number of hex digits, decoded. */
    public byte[] bytes() {
        int from = hexStart();
        pos = from;
        int close = stringEnd();
        int digits = close - from;
        if ((digits & 1) != 0) {
            bail();
        }
        byte[] out = decode(from, digits / 2, false);
        pos = close + 1;
        return out;
    }

    /**
     * {@code length} bytes from the hex digits at {@code from}, which the caller checked are in the input; one lookup
     * per digit gives its value, its validity and its case, checked once at the end.
     */
    private byte[] decode(int from, int length, boolean rejectMixedCase) {
        byte[] out = new byte[length];
        int seen = 0;
        byte[] in = b;
        for (int i = 0, j = from; i < length; i++, j += 2) {
            int h = HEX_CASE[in[j] & 0xff];
            int l = HEX_CASE[in[j + 1] & 0xff];
            seen |= h | l;
            out[i] = (byte) (((h & 0xf) << 4) | (l & 0xf));
        }
        if (seen < 0 || (rejectMixedCase && (seen & (LOWER | UPPER)) == (LOWER | UPPER))) {
            bail();
        }
        return out;
    }
}
