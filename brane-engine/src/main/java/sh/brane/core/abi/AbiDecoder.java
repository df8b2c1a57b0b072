package sh.brane.core.abi;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import sh.brane.core.types.Address;

/**
 * Decodes ABI data into plain Java values: {@link BigInteger} for {@code uintN}/{@code intN},
 * {@link Address}, {@link Boolean}, {@code byte[]} for {@code bytesN} and {@code bytes},
 * {@link String}, and unmodifiable {@link List}s for arrays and tuples (the same values
 * {@link AbiValue#of} accepts, so results can be encoded again).
 *
 * <p>Hostile data is expected. Every offset and length is checked against the bytes actually
 * present before anything is allocated, and recursion follows the type, whose depth is limited by
 * {@link AbiType#MAX_DEPTH}. Padding must be clean: a {@code uint8} word with high bits set, a
 * {@code bool} other than 0 or 1, or an {@code address} with non-zero upper bytes is rejected, as
 * Solidity's own decoder does. Bytes after the encoding are ignored.
 *
 * <p><b>Output bound.</b> Offsets may legally point several elements at the same bytes, so a small
 * input can describe a large value (a 128 KB {@code bytes[]} whose 1,000 offsets share one 96 KB blob
 * is 96 MB of output). The decoder therefore charges every value it produces, each copy of shared data
 * included, and refuses the input once the charge would pass {@link #maxOutputBytes}:
 * <pre>output bytes &lt;= {@value #OUTPUT_FACTOR} x input bytes + {@value #OUTPUT_ALLOWANCE}</pre>
 * where a value's output bytes are 32 for each value (number, address, bool, list, ...) plus the
 * length of each byte string ({@code bytes}, {@code bytesN}) and text ({@code string}, counted in its
 * UTF-8 bytes). A canonical encoding spends at least 32 input bytes per value and at least the length of
 * each byte string, so ordinary data produces at most twice its input (a {@code bytes32} word counts 64);
 * only static arrays or tuples nested several levels around single words, or more than about a thousand
 * zero-size values ({@code ()[]}), come near the bound.
 * The Java objects holding the result take a small constant factor more heap than these bytes.
 */
public final class AbiDecoder {

    /** Output bytes allowed per input byte; see the class comment. */
    public static final int OUTPUT_FACTOR = 4;
    /** Output bytes allowed on top of {@link #OUTPUT_FACTOR} x input, so tiny inputs are not starved. */
    public static final int OUTPUT_ALLOWANCE = 32 * 1024;

    /** Bytes one value costs before its payload: the 32-byte word it stands for. */
    private static final int VALUE_COST = 32;

    private final byte[] data;
    private final int start;
    private final int end;
    /** Output bytes still allowed; see {@link #maxOutputBytes}. */
    private long budget;

    private AbiDecoder(byte[] data, int start, int end) {
        this.data = data;
        this.start = start;
        this.end = end;
        this.budget = maxOutputBytes(end - start);
    }

    /**
     * The most output one decode of {@code inputLength} bytes may produce:
     * {@code OUTPUT_FACTOR x inputLength + OUTPUT_ALLOWANCE}, measured as the class comment says.
     */
    public static long maxOutputBytes(int inputLength) {
        return (long) OUTPUT_FACTOR * inputLength + OUTPUT_ALLOWANCE;
    }

    /** Decodes {@code data} as the tuple {@code (types...)}, e.g. a function's return values. */
    public static List<Object> decode(List<AbiType> types, byte[] data) {
        return decode(types, data, 0, data == null ? 0 : data.length);
    }

    /** Decodes {@code data[offset, offset+length)} as the tuple {@code (types...)}. */
    public static List<Object> decode(List<AbiType> types, byte[] data, int offset, int length) {
        if (data == null) {
            throw new AbiDecodingException("cannot decode " + types + ": data is null");
        }
        if (offset < 0 || length < 0 || offset > data.length - length) {
            throw new IndexOutOfBoundsException("range [" + offset + ", " + offset + "+" + length
                    + ") is outside the " + data.length + "-byte array");
        }
        return decode(types.toArray(new AbiType[0]), data, offset, length);
    }

    /** As {@link #decode(List, byte[], int, int)} with the types in an array (not modified). */
    static List<Object> decode(AbiType[] types, byte[] data, int offset, int length) {
        if (data == null) {
            throw new AbiDecodingException("cannot decode " + java.util.Arrays.toString(types) + ": data is null");
        }
        if (offset < 0 || length < 0 || offset > data.length - length) {
            throw new IndexOutOfBoundsException("range [" + offset + ", " + offset + "+" + length
                    + ") is outside the " + data.length + "-byte array");
        }
        return wrap(new AbiDecoder(data, offset, offset + length).sequence(types, offset, null));
    }

    /**
     * Decodes {@code data} by a tuple type string, e.g. {@code (uint256,address[],string)}.
     *
     * @throws AbiParseException if the type string is malformed
     */
    public static List<Object> decode(String tupleType, byte[] data) {
        AbiType t = AbiType.parse(tupleType);
        if (!(t instanceof AbiType.TupleType tuple)) {
            return decode(List.of(t), data);
        }
        return decode(tuple.componentArray(), data, 0, data == null ? 0 : data.length);
    }

    /** Decodes data holding a single value of {@code type} (encoded as a one-element tuple). */
    public static Object decodeSingle(AbiType type, byte[] data) {
        return decode(List.of(type), data).get(0);
    }

    /**
     * Decodes one 32-byte word as a static elementary type, e.g. an indexed event argument read
     * from a topic.
     */
    public static Object decodeWord(AbiType type, byte[] word32) {
        if (type.isDynamic() || type.headSize() != 32 || type instanceof AbiType.ArrayType
                || type instanceof AbiType.TupleType) {
            throw new AbiDecodingException("cannot decode " + type.canonical() + " from one 32-byte word");
        }
        if (word32 == null || word32.length != 32) {
            throw new AbiDecodingException("cannot decode " + type.canonical() + ": expected a 32-byte word, got "
                    + (word32 == null ? "null" : word32.length + " bytes"));
        }
        return new AbiDecoder(word32, 0, 32).word(type, 0);
    }

    // ---- internals ----

    private Object[] sequence(AbiType[] types, int base, AbiType owner) {
        long headEnd = base;
        for (AbiType t : types) {
            headEnd += t.headSize();
        }
        if (headEnd > end) {
            throw error(owner != null ? owner : AbiType.tuple(types), base,
                    "needs " + (headEnd - base) + " bytes of head but only " + (end - base) + " remain");
        }
        if (owner == null && budget < (long) VALUE_COST * types.length) {
            owner = AbiType.tuple(types); // only needed for the message
        }
        spend((long) VALUE_COST * types.length, owner, base);
        Object[] out = new Object[types.length];
        int pos = base;
        for (int i = 0; i < types.length; i++) {
            AbiType t = types[i];
            out[i] = t.isDynamic() ? dynamic(t, target(t, base, pos)) : staticValue(t, pos);
            pos += t.headSize();
        }
        return out;
    }

    private Object[] repeated(AbiType element, int count, int base, AbiType owner) {
        long headEnd = base + (long) element.headSize() * count;
        if (headEnd > end) {
            throw error(owner, base, count + " elements need " + (headEnd - base) + " bytes but only "
                    + (end - base) + " remain");
        }
        spend((long) VALUE_COST * count, owner, base);
        Object[] out = new Object[count];
        int pos = base;
        boolean dyn = element.isDynamic();
        for (int i = 0; i < count; i++) {
            out[i] = dyn ? dynamic(element, target(element, base, pos)) : staticValue(element, pos);
            pos += element.headSize();
        }
        return out;
    }

    /** Reads the offset word at {@code pos} and returns the absolute position it points to. */
    private int target(AbiType t, int base, int pos) {
        long offset = smallNumber(pos, t, "offset");
        long target = base + offset;
        if (target > end) {
            throw error(t, pos, "offset " + offset + " points to byte " + (target - start)
                    + ", past the end of the " + (end - start) + "-byte data");
        }
        return (int) target;
    }

    private Object dynamic(AbiType t, int pos) {
        switch (t) {
            case AbiType.BytesType b -> {
                int len = length(t, pos, 1);
                spend(len, t, pos); // aliased offsets may reach the same bytes many times: charge each copy
                return Arrays.copyOfRange(data, pos + 32, pos + 32 + len);
            }
            case AbiType.StringType s -> {
                int len = length(t, pos, 1);
                spend(len, t, pos);
                return new String(data, pos + 32, len, StandardCharsets.UTF_8);
            }
            case AbiType.ArrayType a -> {
                if (a.isFixedLength()) {
                    return wrap(repeated(a.element(), a.length(), pos, a));
                }
                int n = length(t, pos, a.element().headSize());
                return wrap(repeated(a.element(), n, pos + 32, a));
            }
            case AbiType.TupleType tt -> {
                return wrap(sequence(tt.componentArray(), pos, tt));
            }
            default -> throw error(t, pos, "is not a dynamic type");
        }
    }

    /**
     * Reads the length word at {@code pos} and checks that {@code length * unitSize} bytes follow it.
     */
    private int length(AbiType t, int pos, int unitSize) {
        if (pos > end - 32) {
            throw error(t, pos, "needs a 32-byte length word but only " + (end - pos) + " bytes remain");
        }
        long n = smallNumber(pos, t, "length");
        long available = end - (pos + 32L);
        if (n * unitSize > available) {
            throw error(t, pos, "length " + n + (unitSize == 1 ? "" : " (elements of " + unitSize + " bytes)")
                    + " exceeds the " + available + " bytes that follow");
        }
        return (int) n;
    }

    /** A word that must fit in 31 bits, as offsets and lengths do. */
    private long smallNumber(int pos, AbiType t, String what) {
        if (pos > end - 32) {
            throw error(t, pos, "needs a 32-byte " + what + " word but only " + (end - pos) + " bytes remain");
        }
        for (int i = pos; i < pos + 28; i++) {
            if (data[i] != 0) {
                throw error(t, pos, what + " 0x" + sh.brane.primitives.Hex.encode(data, pos, 32, false).replaceFirst("^0+", "")
                        + " is larger than any data this decoder accepts (at most 2^31-1)");
            }
        }
        int v = ((data[pos + 28] & 0xff) << 24) | ((data[pos + 29] & 0xff) << 16)
                | ((data[pos + 30] & 0xff) << 8) | (data[pos + 31] & 0xff);
        if (v < 0) {
            throw error(t, pos, what + " " + Integer.toUnsignedString(v) + " is larger than 2^31-1");
        }
        return v;
    }

    private Object staticValue(AbiType t, int pos) {
        if (t instanceof AbiType.ArrayType a) {
            return wrap(repeated(a.element(), a.length(), pos, a));
        }
        if (t instanceof AbiType.TupleType tt) {
            return wrap(sequence(tt.componentArray(), pos, tt));
        }
        return word(t, pos);
    }

    private Object word(AbiType t, int pos) {
        if (pos > end - 32) {
            throw error(t, pos, "needs 32 bytes but only " + (end - pos) + " remain");
        }
        switch (t) {
            case AbiType.UintType u -> {
                int highBytes = 32 - u.bits() / 8;
                for (int i = pos; i < pos + highBytes; i++) {
                    if (data[i] != 0) {
                        throw error(t, pos, "value does not fit in " + u.bits() + " bits (dirty high-order bytes)");
                    }
                }
                if (allEqual(pos, 24, (byte) 0) && data[pos + 24] >= 0) {
                    return BigInteger.valueOf(readLong(pos + 24));
                }
                return new BigInteger(1, data, pos, 32);
            }
            case AbiType.IntType it -> {
                int valueBytes = it.bits() / 8;
                byte sign = data[pos + 32 - valueBytes] < 0 ? (byte) -1 : 0;
                if (!allEqual(pos, 32 - valueBytes, sign)) {
                    throw error(t, pos, "value is not a sign-extended " + it.bits() + "-bit integer");
                }
                long low = readLong(pos + 24);
                if (allEqual(pos, 24, sign) && (low >> 63) == sign) {
                    return BigInteger.valueOf(low);
                }
                return new BigInteger(data, pos, 32);
            }
            case AbiType.AddressType a -> {
                if (!allEqual(pos, 12, (byte) 0)) {
                    throw error(t, pos, "the upper 12 bytes of an address word must be zero");
                }
                return Address.fromWord(data, pos);
            }
            case AbiType.BoolType b -> {
                if (!allEqual(pos, 31, (byte) 0) || (data[pos + 31] & 0xfe) != 0) {
                    throw error(t, pos, "a bool word must be 0 or 1");
                }
                return data[pos + 31] == 1 ? Boolean.TRUE : Boolean.FALSE;
            }
            case AbiType.FixedBytesType f -> {
                for (int i = pos + f.size(); i < pos + 32; i++) {
                    if (data[i] != 0) {
                        throw error(t, pos, "bytes after the first " + f.size() + " must be zero padding");
                    }
                }
                spend(f.size(), t, pos);
                return Arrays.copyOfRange(data, pos, pos + f.size());
            }
            default -> throw error(t, pos, "is not a 32-byte elementary type");
        }
    }

    private boolean allEqual(int from, int count, byte value) {
        for (int i = from; i < from + count; i++) {
            if (data[i] != value) {
                return false;
            }
        }
        return true;
    }

    private long readLong(int pos) {
        long v = 0;
        for (int i = pos; i < pos + 8; i++) {
            v = (v << 8) | (data[i] & 0xff);
        }
        return v;
    }

    private void spend(long bytes, AbiType t, int pos) {
        budget -= bytes;
        if (budget < 0) {
            int input = end - start;
            throw error(t, pos, "the data would decode to more values than its " + input
                    + " bytes can hold: one decode may produce at most " + OUTPUT_FACTOR + " x input + "
                    + OUTPUT_ALLOWANCE + " = " + maxOutputBytes(input)
                    + " bytes (AbiDecoder.maxOutputBytes); offsets may point at shared data");
        }
    }

    private static List<Object> wrap(Object[] values) {
        return Collections.unmodifiableList(Arrays.asList(values));
    }

    private AbiDecodingException error(AbiType t, int pos, String problem) {
        return new AbiDecodingException("cannot decode " + t.canonical() + " at byte " + (pos - start) + ": " + problem);
    }
}
