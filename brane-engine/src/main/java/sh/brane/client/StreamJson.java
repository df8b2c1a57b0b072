package sh.brane.client;

import java.math.BigInteger;

import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.core.types.HexData;
import sh.brane.primitives.Hex;
import sh.brane.primitives.InvalidEncodingException;
import sh.brane.rpc.InvalidResponseException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;

/**
 * Strict readers of one JSON value on a streaming parser, the one-pass twins of {@link Json}'s tree readers with
 * the same rules and the same messages ({@code "receipt.gasUsed: expected a hex quantity, got 12"}).
 *
 * <p>Every reader takes the parser on the value's first token and leaves it on the value's last. Hex is decoded
 * from the parser's own character buffer: no {@code String} is made for a hash, an address, a quantity or hex
 * data on the way to its typed value. Where a value sits is given as {@code (base, index, name)}, e.g.
 * {@code ("receipt.logs", 0, "data")}, and spelled out only when something is wrong, so that reading a block of
 * hundreds of transactions builds no path strings.
 *
 * <p>Bounds: a quantity is at most 64 hex digits, a hash exactly 64, an address 40 (checked before decoding);
 * strings and nesting are bounded by the parser's {@code StreamReadConstraints}, and a whole answer by the
 * transport's response size limit.
 */
final class StreamJson {
    private static final int MAX_QUANTITY_DIGITS = 64;
    private static final byte[] NIBBLES = new byte[128];

    static {
        java.util.Arrays.fill(NIBBLES, (byte) -1);
        for (int i = 0; i < 10; i++) {
            NIBBLES['0' + i] = (byte) i;
        }
        for (int i = 0; i < 6; i++) {
            NIBBLES['a' + i] = (byte) (10 + i);
            NIBBLES['A' + i] = (byte) (10 + i);
        }
    }

    private StreamJson() {
    }

    // ------------------------------------------------------------------ where

    static String where(String base, int index, String name) {
        String at = index < 0 ? base : base + "[" + index + "]";
        return name == null ? at : at + "." + name;
    }

    // ------------------------------------------------------------------ structure

    static boolean isNull(JsonParser p) {
        return p.currentToken() == JsonToken.VALUE_NULL;
    }

    static void expectObject(JsonParser p, String base, int index, String name) {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw bad(p, where(base, index, name), "expected a JSON object");
        }
    }

    static void expectArray(JsonParser p, String base, int index, String name) {
        if (p.currentToken() != JsonToken.START_ARRAY) {
            throw bad(p, where(base, index, name), "expected a JSON array");
        }
    }

    /** The next property's name with the parser moved onto its value, or null at the object's end. */
    static String nextField(JsonParser p) {
        // nextName: the canonical name straight from the parser's symbol table, in one call
        String name = p.nextName();
        if (name != null) {
            p.nextToken();
        }
        return name;
    }

    static InvalidResponseException missing(String base, int index, String name) {
        return new InvalidResponseException(where(base, index, name) + ": missing");
    }

    /**
     * Refuses an object that lacks a required field: bit i of {@code seen} is set once {@code required[i]} was read.
     * The check is one comparison when every field is there.
     */
    static void requireAll(int seen, String[] required, String base, int index) {
        int all = (1 << required.length) - 1;
        if (seen == all) {
            return;
        }
        for (int i = 0; i < required.length; i++) {
            if ((seen & (1 << i)) == 0) {
                throw missing(base, index, required[i]);
            }
        }
    }

    /** A transaction's {@code type} field: one byte, 0 (legacy) when null. */
    static int typeByte(JsonParser p, boolean isNull, String base, int index, String name) {
        if (isNull) {
            return 0;
        }
        long type = quantityLong(p, base, index, name);
        if (type > 0xff) {
            throw bad(p, where(base, index, name), "transaction type must be one byte");
        }
        return (int) type;
    }

    // ------------------------------------------------------------------ quantities

    /** A hex quantity that fits a non-negative long. */
    static long quantityLong(JsonParser p, String base, int index, String name) {
        long v = shortQuantity(p);
        return v >= 0 ? v : quantityLongChecked(p, base, index, name);
    }

    /**
     * The common shape of a quantity ("0x" and 1..15 hex digits) checked and read in one loop; -1 for anything else
     * (more digits, leading zeros past 15 digits, "0X", errors), which the careful readers handle with their messages.
     */
    private static long shortQuantity(JsonParser p) {
        if (p.currentToken() != JsonToken.VALUE_STRING) {
            return -1;
        }
        char[] c = p.getStringCharacters();
        int off = p.getStringOffset();
        int len = p.getStringLength();
        if (len < 3 || len > 17 || c[off] != '0' || c[off + 1] != 'x') {
            return -1;
        }
        long out = 0;
        int invalid = 0;
        for (int i = off + 2, end = off + len; i < end; i++) {
            int d = nibble(c[i]);
            invalid |= d;
            out = (out << 4) | (d & 0xf);
        }
        return invalid < 0 ? -1 : out;
    }

    private static long quantityLongChecked(JsonParser p, String base, int index, String name) {
        int len = quantityShape(p, base, index, name);
        char[] c = p.getStringCharacters();
        int off = p.getStringOffset();
        int i = 2;
        while (i < len - 1 && c[off + i] == '0') {
            i++; // tolerated leading zeros do not count towards the 16 digits of a long
        }
        int digits = len - i;
        if (digits > 16 || (digits == 16 && NIBBLES[c[off + i]] > 7)) {
            throw bad(p, where(base, index, name), "quantity too large for a long (at most 0x7fffffffffffffff)");
        }
        long out = 0;
        for (; i < len; i++) {
            out = (out << 4) | NIBBLES[c[off + i]];
        }
        return out;
    }

    /** A hex quantity of at most 256 bits. */
    static BigInteger quantity(JsonParser p, String base, int index, String name) {
        long v = shortQuantity(p);
        if (v >= 0) {
            return BigInteger.valueOf(v);
        }
        int len = quantityShape(p, base, index, name);
        char[] c = p.getStringCharacters();
        int off = p.getStringOffset();
        int i = 2;
        while (i < len - 1 && c[off + i] == '0') {
            i++;
        }
        int digits = len - i;
        if (digits < 16 || (digits == 16 && NIBBLES[c[off + i]] <= 7)) {
            long out = 0;
            for (; i < len; i++) {
                out = (out << 4) | NIBBLES[c[off + i]];
            }
            return BigInteger.valueOf(out);
        }
        return new BigInteger(new String(c, off + i, digits), 16);
    }

    /**
     * A hash at {@code p} in its plain shape ("0x" and 64 hex digits), or null for anything else, for which the caller
     * goes to {@link #hash}, which says what is wrong. Lets a caller that reads many hashes at one place (a log's
     * topics) build the place's name only when something is wrong.
     */
    static Hash plainHash(JsonParser p) {
        if (p.currentToken() != JsonToken.VALUE_STRING) {
            return null;
        }
        byte[] out = fixedHex(p, Hash.LENGTH, false);
        return out == null ? null : Hash.wrap(out);
    }

    /** Optional long quantity: null for JSON null. */
    static Long optQuantityLong(JsonParser p, String base, int index, String name) {
        return isNull(p) ? null : quantityLong(p, base, index, name);
    }

    static BigInteger optQuantity(JsonParser p, String base, int index, String name) {
        return isNull(p) ? null : quantity(p, base, index, name);
    }

    /** Checks "0x" + 1..64 hex digits (leading zeros tolerated, as some nodes send them); returns the length. */
    private static int quantityShape(JsonParser p, String base, int index, String name) {
        if (p.currentToken() != JsonToken.VALUE_STRING) {
            throw bad(p, where(base, index, name), "expected a hex quantity string");
        }
        char[] c = p.getStringCharacters();
        int off = p.getStringOffset();
        int len = p.getStringLength();
        if (len < 3 || c[off] != '0' || (c[off + 1] != 'x' && c[off + 1] != 'X')) {
            throw bad(p, where(base, index, name), "expected a hex quantity like 0x1a");
        }
        if (len - 2 > MAX_QUANTITY_DIGITS) {
            throw bad(p, where(base, index, name), "quantity longer than 256 bits");
        }
        for (int i = 2; i < len; i++) {
            if (nibble(c[off + i]) < 0) {
                throw bad(p, where(base, index, name), "non-hex character at index " + i + " of quantity");
            }
        }
        return len;
    }

    // ------------------------------------------------------------------ hex values

    static Hash hash(JsonParser p, String base, int index, String name) {
        if (p.currentToken() != JsonToken.VALUE_STRING) {
            throw bad(p, where(base, index, name), "expected a string");
        }
        byte[] out = fixedHex(p, Hash.LENGTH, false);
        if (out == null) {
            // the slow path, for its precise message
            try {
                return Hash.of(p.getString());
            } catch (InvalidEncodingException e) {
                throw new InvalidResponseException(where(base, index, name) + ": not a 32-byte hash: " + e.getMessage(), e);
            }
        }
        return Hash.wrap(out);
    }

    static Hash optHash(JsonParser p, String base, int index, String name) {
        return isNull(p) ? null : hash(p, base, index, name);
    }

    static Address address(JsonParser p, String base, int index, String name) {
        if (p.currentToken() != JsonToken.VALUE_STRING) {
            throw bad(p, where(base, index, name), "expected a string");
        }
        byte[] out = fixedHex(p, Address.LENGTH, true);
        if (out == null) {
            // malformed, or mixed case whose EIP-55 checksum Address.of checks
            try {
                return Address.of(p.getString());
            } catch (InvalidEncodingException e) {
                throw new InvalidResponseException(where(base, index, name) + ": not an address: " + e.getMessage(), e);
            }
        }
        return Address.wrap(out);
    }

    static Address optAddress(JsonParser p, String base, int index, String name) {
        return isNull(p) ? null : address(p, base, index, name);
    }

    /** 0x-prefixed hex data of any even length. */
    static byte[] bytes(JsonParser p, String base, int index, String name) {
        if (p.currentToken() != JsonToken.VALUE_STRING) {
            throw bad(p, where(base, index, name), "expected a string");
        }
        char[] c = p.getStringCharacters();
        int off = p.getStringOffset();
        int len = p.getStringLength();
        if (len < 2 || c[off] != '0' || c[off + 1] != 'x') {
            throw bad(p, where(base, index, name), "expected 0x-prefixed hex data");
        }
        byte[] out = (len & 1) == 0 ? decode(c, off + 2, (len - 2) / 2, false) : null;
        if (out == null) {
            try {
                return Hex.decode(p.getString());
            } catch (InvalidEncodingException e) {
                throw new InvalidResponseException(where(base, index, name) + ": not hex data: " + e.getMessage(), e);
            }
        }
        return out;
    }

    /** True if the value is the string {@code "0x"} (no bytes). */
    static boolean isEmptyHex(JsonParser p) {
        return p.currentToken() == JsonToken.VALUE_STRING && p.getStringLength() == 2
                && p.getStringCharacters()[p.getStringOffset()] == '0'
                && p.getStringCharacters()[p.getStringOffset() + 1] == 'x';
    }

    /** Hex data, or null for JSON null. */
    static HexData optHexData(JsonParser p, String base, int index, String name) {
        return isNull(p) ? null : HexData.wrap(bytes(p, base, index, name));
    }

    static boolean optBoolean(JsonParser p, String base, int index, String name) {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_TRUE) {
            return true;
        }
        if (t == JsonToken.VALUE_FALSE || t == JsonToken.VALUE_NULL) {
            return false;
        }
        throw bad(p, where(base, index, name), "expected a boolean");
    }

    /** "0x" + exactly {@code 2 * length} hex digits, decoded; null if the shape is wrong (or mixed case, if asked). */
    private static byte[] fixedHex(JsonParser p, int length, boolean rejectMixedCase) {
        char[] c = p.getStringCharacters();
        int off = p.getStringOffset();
        int len = p.getStringLength();
        if (len != 2 + 2 * length || c[off] != '0' || (c[off + 1] != 'x' && c[off + 1] != 'X')) {
            return null;
        }
        return decode(c, off + 2, length, rejectMixedCase);
    }

    /**
     * Decodes {@code length} bytes of hex from {@code c[from..]}; null if a character is not hex (or, if asked, the
     * letters mix cases). The hot loop of every typed read (hashes, addresses, call data): branch-free lookups, one
     * validity check at the end, and the case bits only for addresses, whose EIP-55 checksum a mixed case asks for.
     */
    private static byte[] decode(char[] c, int from, int length, boolean rejectMixedCase) {
        byte[] out = new byte[length];
        int invalid = 0;
        for (int i = 0, j = from; i < length; i++, j += 2) {
            int h = nibble(c[j]);
            int l = nibble(c[j + 1]);
            invalid |= h | l;
            out[i] = (byte) ((h << 4) | l);
        }
        if (invalid < 0) {
            return null;
        }
        if (rejectMixedCase) {
            int letters = 0;
            for (int j = from, end = from + 2 * length; j < end; j++) {
                letters |= caseBits(c[j]);
            }
            if (letters == 3) {
                return null;
            }
        }
        return out;
    }

    /** The value of a hex digit, or -1 (a negative int) for any other character, without a branch. */
    private static int nibble(char ch) {
        // (127 - ch) >> 31 is -1 for ch > 127, which also keeps the table index in range
        return NIBBLES[ch & 0x7f] | ((127 - ch) >> 31);
    }

    /** 1 for a lowercase hex letter, 2 for an uppercase one, 0 for a digit. */
    private static int caseBits(char ch) {
        return ch >= 'a' ? 1 : ch >= 'A' ? 2 : 0;
    }

    // ------------------------------------------------------------------ errors

    static InvalidResponseException bad(JsonParser p, String where, String what) {
        return new InvalidResponseException(where + ": " + what + ", got " + describe(p));
    }

    /** The current value, shortened: a scalar as JSON, a structure as {...} or [...]. */
    private static String describe(JsonParser p) {
        JsonToken t = p.currentToken();
        if (t == null) {
            return "nothing";
        }
        String s = switch (t) {
            case START_OBJECT -> "{...}";
            case START_ARRAY -> "[...]";
            case VALUE_STRING -> "\"" + p.getString() + "\"";
            default -> p.getString();
        };
        return s.length() > 80 ? s.substring(0, 80) + "... (" + s.length() + " chars)" : s;
    }
}
