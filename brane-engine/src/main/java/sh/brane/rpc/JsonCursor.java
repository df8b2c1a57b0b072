package sh.brane.rpc;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * A strict, optimistic reader of the plain JSON nodes write, straight from the answer's bytes: the fast path of typed
 * answers. Jackson's tokenizer copies and hashes every string before the hex is decoded; this cursor matches names
 * by length and bytes and decodes hex once.
 *
 * <p>It reads a strict subset (plain ASCII, no escapes, lowercase {@code 0x}, canonical shapes); anything else throws
 * the stackless {@link CursorBail} and the caller reads the answer again with the token path
 * ({@link sh.brane.rpc.core.JsonRpcReader}), so a value is either what the token path would give or the token path
 * decides. The byte scanning is in {@link JsonBytes}, the name table in {@link FieldNames}. Not thread-safe.
 */
public final class JsonCursor {

    /** The object has no more fields. */
    public static final int END = -2;
    /** A field whose name is not in the table. */
    public static final int UNKNOWN = -1;

    /** Nesting the cursor skips through; deeper values go to the token path, whose limit is larger. */
    static final int MAX_DEPTH = 64;
    /** The field names an object reader knows, matched by length and bytes; each name's index is its position. */
    public static final class Names extends FieldNames {
        public Names(String... names) {
            super(names);
        }
    }

    private final byte[] b;
    private final int end;
    private int pos;
    /** The table of the name read last, and the slot of its guess for the next one ({@link FieldNames#follow}). */
    private FieldNames lastNames;
    private int lastSlot = -1;
    /** A quantity's magnitude on its way into a BigInteger, which copies it: one per cursor, not one per value. */
    private final byte[] magnitude = new byte[JsonBytes.MAX_QUANTITY_DIGITS / 2];

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
    public static CursorBail bail() {
        throw CursorBail.INSTANCE;
    }

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
        literalEnd();
    }

    /** Consumes {@code bytes} if the input goes on with exactly them; false, nothing consumed, if not. One compare
     *  for the framing nodes write alike on every answer ({@link CursorAnswer}). */
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
        return name(names, FieldNames.FIRST);
    }

    /** After a field's value: the next field's name (the cursor on its value), or {@link #END}. */
    public int nextField(Names names) {
        // after a nested object of another table (a receipt's logs), there is no guess
        return nextName(names, names == lastNames ? lastSlot : -1);
    }

    /** {@link #nextField(Names)} after field {@code previous} of {@code names}, whose value may have held objects of
     *  other tables (a receipt's logs): the guess is the name that followed {@code previous} last time. */
    public int nextField(Names names, int previous) {
        return nextName(names, FieldNames.slotAfter(previous));
    }

    /** The next name after a value ({@code slot} as in {@link #name}), or {@link #END}. The usual bytes, a comma, the
     *  guessed name in quotes and a colon with no whitespace between, are checked in one go; anything else takes the
     *  steps one by one, to the same result. */
    private int nextName(Names names, int slot) {
        int guess = slot < 0 ? -1 : names.guess(slot);
        int value = guess < 0 ? -1 : names.valueAfterGuess(b, pos, end, guess);
        if (value < 0) {
            return more('}') ? name(names, slot) : END;
        }
        pos = value;
        lastNames = names;
        lastSlot = FieldNames.slotAfter(guess);
        return guess;
    }

    /** The name next, tried first as the one that came after the previous name last time ({@code slot}, -1: none). */
    private int name(Names names, int slot) {
        expect('"');
        long found = names.find(b, pos, end, slot);
        pos = (int) (found >>> 32) + 1;
        expect(':');
        int f = (int) found;
        lastNames = names;
        lastSlot = FieldNames.slotAfter(f);
        return f;
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
        return more(']');
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
        return JsonBytes.stringEnd(b, pos, end);
    }

    private void skipNumber() {
        pos = JsonBytes.numberEnd(b, pos, end);
        literalEnd();
    }

    private void literalEnd() {
        if (!JsonBytes.endsValue(b, pos, end)) {
            bail();
        }
    }

    /** A non-negative integer of at most 18 digits, no sign, fraction or exponent (a JSON-RPC id). */
    long plainLong() {
        peek();
        int from = pos;
        pos = JsonBytes.plainLongEnd(b, from, end);
        literalEnd();
        return JsonBytes.decimal(b, from, pos);
    }

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
        int i = JsonBytes.quantityEnd(b, from, end);
        if (i - from > JsonBytes.SAFE_LONG_DIGITS) {
            int significant = JsonBytes.significantDigits(b, from, i);
            // 16 significant digits fit when the first is below 8; more never do
            if (significant > 16 || (significant == 16 && JsonBytes.HEX[b[i - 16] & 0xff] > 7)) {
                bail();
            }
        }
        pos = i + 1;
        return JsonBytes.hexLong(b, Math.max(from, i - 16), i);
    }

    /** A hex quantity of at most 256 bits. */
    public BigInteger quantity() {
        int from = hexStart();
        int i = JsonBytes.quantityEnd(b, from, end);
        pos = i + 1;
        int significant = JsonBytes.significantDigits(b, from, i);
        if (significant <= JsonBytes.SAFE_LONG_DIGITS) {
            return BigInteger.valueOf(JsonBytes.hexLong(b, i - significant, i));
        }
        return JsonBytes.hexBig(b, i, significant, magnitude);
    }

    /** Where the digits of the next value would begin, were it a {@code "0x"} string; nothing is consumed. */
    public int hexDigitsFrom() {
        peek();
        return pos + 3;
    }

    /**
     * Passes over the next value if it is {@code "0x"} and exactly the {@code digits} hex digits at {@code digitsFrom}
     * (a value read earlier): one compare for values an answer repeats. False, nothing consumed, otherwise.
     */
    public boolean skipIfSameHex(int digitsFrom, int digits) {
        if (peek() != '"') {
            return false;
        }
        int after = JsonBytes.afterSameHex(b, pos, end, digitsFrom, digits);
        pos = Math.max(pos, after); // -1 when the value differs: nothing consumed
        return after >= 0;
    }

    /** {@code "0x"} and exactly {@code 2 * length} hex digits, decoded; with {@code rejectMixedCase} (EIP-55
     *  checksummed addresses, which the token path checks) letters of both cases bail. */
    public byte[] fixedHex(int length, boolean rejectMixedCase) {
        int from = hexStart();
        int close = from + 2 * length;
        if (close >= end || b[close] != '"') {
            bail();
        }
        byte[] out = JsonBytes.decode(b, from, length, rejectMixedCase);
        pos = close + 1;
        return out;
    }

    /** {@code "0x"} and an even number of hex digits, decoded. */
    public byte[] bytes() {
        return bytes(-1);
    }

    /** {@link #bytes()}, in one pass when it has {@code usualLength} bytes (a bloom's 256): a quote where such digits
     *  end, and they are decoded straight away (a quote or any other byte among them bails, as before). */
    public byte[] bytes(int usualLength) {
        int from = hexStart();
        int close = from + 2 * usualLength;
        if (usualLength < 0 || close >= end || b[close] != '"') {
            pos = from;
            close = stringEnd();
            if (((close - from) & 1) != 0) {
                bail();
            }
        }
        byte[] out = JsonBytes.decode(b, from, (close - from) / 2, false);
        pos = close + 1;
        return out;
    }
}
