package sh.brane.core.abi;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import sh.brane.core.types.Address;

/**
 * An immutable, typed ABI value, ready to be written by {@link FastAbiEncoder} without any work
 * left to do: numbers are held as a {@code long} or as their final 32-byte word, strings as their
 * UTF-8 bytes, and every value knows its encoded size. Build them once (e.g. a token address) and
 * encode them as often as you like; encoding allocates nothing.
 *
 * <p>Four shapes cover every type: {@link Word} (all 32-byte elementary types), {@link DynamicBytes}
 * ({@code bytes} and {@code string}), {@link Array} and {@link Tuple}. Values are validated when
 * built: a {@code uint8} cannot hold 256, a {@code bytes3} cannot hold 4 bytes.
 */
public abstract sealed class AbiValue permits AbiValue.Word, AbiValue.DynamicBytes, AbiValue.Array, AbiValue.Tuple {

    final AbiType type;
    final boolean dynamic;
    /** Size of this value's own encoding: the whole static size, or the tail of a dynamic value. */
    final int encodedSize;

    AbiValue(AbiType type, int encodedSize) {
        this.type = type;
        this.dynamic = type.isDynamic();
        this.encodedSize = encodedSize;
    }

    public final AbiType type() {
        return type;
    }

    /**
     * Bytes this value's encoding takes: for static values their full size in the head, for dynamic
     * values the size of their tail (length word, content and padding, or offsets and elements).
     */
    public final int encodedSize() {
        return encodedSize;
    }

    /**
     * This value as the plain Java object the decoder returns for its type: {@link BigInteger} for
     * integers, {@link Address}, {@link Boolean}, {@code byte[]} for {@code bytes} and
     * {@code bytesN}, {@link String}, and an unmodifiable {@link List} for arrays and tuples.
     */
    public abstract Object toJava();

    @Override
    public String toString() {
        return type.canonical() + ":" + JavaValues.describe(toJava());
    }

    // ---- factories ----

    /** {@code uint256} from a non-negative long. */
    public static Word uint256(long value) {
        return uintN(256, value);
    }

    /** {@code uint256} from a non-negative BigInteger below 2^256. */
    public static Word uint256(BigInteger value) {
        return uintN(256, value);
    }

    /** {@code uint<bits>} from a non-negative long that fits. */
    public static Word uintN(int bits, long value) {
        AbiType.UintType t = AbiType.uintN(bits);
        if (value < 0 || (bits < 64 && (value >>> bits) != 0)) {
            throw new AbiEncodingException(t.canonical() + " cannot hold " + value
                    + " (allowed: 0 to 2^" + bits + "-1)");
        }
        return new Word(t, value, null);
    }

    /** {@code uint<bits>} from a non-negative BigInteger that fits. */
    public static Word uintN(int bits, BigInteger value) {
        AbiType.UintType t = AbiType.uintN(bits);
        if (value.signum() < 0 || value.bitLength() > bits) {
            throw new AbiEncodingException(t.canonical() + " cannot hold " + value
                    + " (allowed: 0 to 2^" + bits + "-1)");
        }
        return value.bitLength() <= 63 ? new Word(t, value.longValue(), null) : new Word(t, 0, toWord(value));
    }

    /** {@code int<bits>} from a long that fits. */
    public static Word intN(int bits, long value) {
        AbiType.IntType t = AbiType.intN(bits);
        if (bits < 64 && (value >> (bits - 1)) != 0 && (value >> (bits - 1)) != -1) {
            throw new AbiEncodingException(t.canonical() + " cannot hold " + value
                    + " (allowed: -2^" + (bits - 1) + " to 2^" + (bits - 1) + "-1)");
        }
        return new Word(t, value, null);
    }

    /** {@code int<bits>} from a BigInteger that fits. */
    public static Word intN(int bits, BigInteger value) {
        AbiType.IntType t = AbiType.intN(bits);
        if (value.bitLength() > bits - 1) {
            throw new AbiEncodingException(t.canonical() + " cannot hold " + value
                    + " (allowed: -2^" + (bits - 1) + " to 2^" + (bits - 1) + "-1)");
        }
        return value.bitLength() <= 63 ? new Word(t, value.longValue(), null) : new Word(t, 0, toWord(value));
    }

    /** {@code int256} from a long. */
    public static Word int256(long value) {
        return intN(256, value);
    }

    /** {@code int256} from a BigInteger in -2^255 .. 2^255-1. */
    public static Word int256(BigInteger value) {
        return intN(256, value);
    }

    /** {@code address}. */
    public static Word address(Address address) {
        if (address == null) {
            throw new AbiEncodingException("address value is null");
        }
        byte[] word = new byte[32];
        address.copyTo(word, 12);
        return new Word(AbiType.ADDRESS, 0, word);
    }

    /** {@code bool}. */
    public static Word bool(boolean value) {
        return value ? Word.TRUE : Word.FALSE;
    }

    /** {@code bytes<N>} where N is the array's length (1..32); the bytes are copied. */
    public static Word bytesN(byte[] value) {
        if (value == null || value.length < 1 || value.length > 32) {
            throw new AbiEncodingException("bytesN needs 1 to 32 bytes, got "
                    + (value == null ? "null" : value.length + " bytes"));
        }
        return bytesN(value.length, value);
    }

    /** {@code bytes<size>}; the array must hold exactly {@code size} bytes. */
    public static Word bytesN(int size, byte[] value) {
        AbiType.FixedBytesType t = AbiType.bytesN(size);
        if (value == null || value.length != size) {
            throw new AbiEncodingException(t.canonical() + " needs exactly " + size + " bytes, got "
                    + (value == null ? "null" : value.length + " bytes"));
        }
        byte[] word = new byte[32];
        System.arraycopy(value, 0, word, 0, size);
        return new Word(t, 0, word);
    }

    /** {@code bytes}; the array is copied. */
    public static DynamicBytes bytes(byte[] value) {
        if (value == null) {
            throw new AbiEncodingException("bytes value is null");
        }
        return new DynamicBytes(AbiType.BYTES, value.clone(), null);
    }

    /** {@code string}, held as UTF-8. */
    public static DynamicBytes string(String value) {
        if (value == null) {
            throw new AbiEncodingException("string value is null");
        }
        return new DynamicBytes(AbiType.STRING, value.getBytes(StandardCharsets.UTF_8), value);
    }

    /** A dynamic array {@code elementType[]}; every element must have exactly that type. */
    public static Array array(AbiType elementType, AbiValue... elements) {
        return new Array(AbiType.array(elementType), elements.clone());
    }

    /** A dynamic array {@code elementType[]}. */
    public static Array array(AbiType elementType, List<? extends AbiValue> elements) {
        return new Array(AbiType.array(elementType), elements.toArray(new AbiValue[0]));
    }

    /** A fixed-length array {@code elementType[elements.length]}. */
    public static Array fixedArray(AbiType elementType, AbiValue... elements) {
        return new Array(AbiType.array(elementType, elements.length), elements.clone());
    }

    /** A tuple whose type is made of its components' types. */
    public static Tuple tuple(AbiValue... components) {
        AbiType[] types = new AbiType[components.length];
        for (int i = 0; i < components.length; i++) {
            if (components[i] == null) {
                throw new AbiEncodingException("tuple component " + i + " is null");
            }
            types[i] = components[i].type;
        }
        return new Tuple(AbiType.tuple(types), components.clone());
    }

    /**
     * Converts a plain Java value to a value of {@code type}: integers from {@link BigInteger},
     * {@code Long}, {@code Integer}, {@code Short} or {@code Byte}; {@code address} from
     * {@link Address} or its hex; {@code bool} from {@link Boolean}; {@code bytesN} and {@code bytes}
     * from {@code byte[]}; {@code string} from {@link String}; arrays from a {@link List} or an
     * array; tuples from a {@link List} or an {@code Object[]}. An {@link AbiValue} of the same type is
     * returned as is.
     *
     * @throws AbiEncodingException naming the type and the problem if the value does not fit
     */
    public static AbiValue of(AbiType type, Object value) {
        return JavaValues.convert(type, value, "value");
    }

    static byte[] toWord(BigInteger value) {
        byte[] word = new byte[32];
        byte[] raw = value.toByteArray();
        int copy = Math.min(raw.length, 32);
        System.arraycopy(raw, raw.length - copy, word, 32 - copy, copy);
        if (value.signum() < 0) {
            Arrays.fill(word, 0, 32 - copy, (byte) 0xff);
        }
        return word;
    }

    // ---- the shapes ----

    /** A 32-byte elementary value: {@code uintN}, {@code intN}, {@code address}, {@code bool}, {@code bytesN}. */
    public static final class Word extends AbiValue {
        static final Word TRUE = new Word(AbiType.BOOL, 1, null);
        static final Word FALSE = new Word(AbiType.BOOL, 0, null);

        /** The value when it fits a long (sign-extended to 32 bytes when written); unused if word is set. */
        final long small;
        /** The complete 32-byte word, or null when {@link #small} holds the value. */
        final byte[] word;

        Word(AbiType type, long small, byte[] word) {
            super(type, 32);
            this.small = small;
            this.word = word;
        }

        /** The 32 bytes as written to the encoding (a fresh copy). */
        public byte[] toWord() {
            if (word != null) {
                return word.clone();
            }
            byte[] w = new byte[32];
            long fill = small >> 63;
            for (int i = 0; i < 24; i++) {
                w[i] = (byte) fill;
            }
            for (int i = 0; i < 8; i++) {
                w[24 + i] = (byte) (small >>> (56 - 8 * i));
            }
            return w;
        }

        @Override
        public Object toJava() {
            return switch (type) {
                case AbiType.UintType u -> word == null ? BigInteger.valueOf(small) : new BigInteger(1, word);
                case AbiType.IntType i -> word == null ? BigInteger.valueOf(small) : new BigInteger(word);
                case AbiType.BoolType b -> small != 0;
                case AbiType.AddressType a -> Address.fromWord(word, 0);
                case AbiType.FixedBytesType f -> Arrays.copyOf(word, f.size());
                default -> throw new IllegalStateException("not a word type: " + type);
            };
        }
    }

    /** {@code bytes} or {@code string}. */
    public static final class DynamicBytes extends AbiValue {
        final byte[] content;
        private final String text;

        DynamicBytes(AbiType type, byte[] content, String text) {
            super(type, 32 + padded(checkLength(type, content.length)));
            this.content = content;
            this.text = text;
        }

        /** The raw bytes (UTF-8 for strings); a fresh copy. */
        public byte[] content() {
            return content.clone();
        }

        @Override
        public Object toJava() {
            return type == AbiType.STRING ? (text != null ? text : new String(content, StandardCharsets.UTF_8))
                    : content.clone();
        }
    }

    /** {@code T[]} or {@code T[k]}. */
    public static final class Array extends AbiValue {
        final AbiValue[] elements;
        /** Head size of the element sequence, precomputed for the encoder. */
        final int sequenceHeadSize;

        Array(AbiType.ArrayType type, AbiValue[] elements) {
            super(type, sizeOf(type, elements));
            this.elements = elements;
            this.sequenceHeadSize = elements.length * type.element().headSize();
        }

        private static int sizeOf(AbiType.ArrayType type, AbiValue[] elements) {
            if (type.isFixedLength() && elements.length != type.length()) {
                throw new AbiEncodingException(type.canonical() + " needs exactly " + type.length()
                        + " elements, got " + elements.length);
            }
            AbiType expected = type.element();
            for (int i = 0; i < elements.length; i++) {
                AbiValue e = elements[i];
                if (e == null) {
                    throw new AbiEncodingException(type.canonical() + " element " + i + " is null");
                }
                if (e.type != expected && !e.type.equals(expected)) {
                    throw new AbiEncodingException(type.canonical() + " element " + i + " has type "
                            + e.type.canonical() + ", expected " + expected.canonical());
                }
            }
            long size = sequenceSize(elements) + (type.isFixedLength() ? 0 : 32);
            return checkedSize(size, type);
        }

        public int length() {
            return elements.length;
        }

        public AbiValue get(int i) {
            return elements[i];
        }

        @Override
        public Object toJava() {
            return javaList(elements);
        }
    }

    /** A tuple (struct). */
    public static final class Tuple extends AbiValue {
        final AbiValue[] components;
        final int sequenceHeadSize;

        Tuple(AbiType.TupleType type, AbiValue[] components) {
            super(type, sizeOf(type, components));
            this.components = components;
            int head = 0;
            for (AbiValue c : components) {
                head += c.type.headSize();
            }
            this.sequenceHeadSize = head;
        }

        private static int sizeOf(AbiType.TupleType type, AbiValue[] components) {
            if (components.length != type.size()) {
                throw new AbiEncodingException(type.canonical() + " needs " + type.size() + " components, got "
                        + components.length);
            }
            for (int i = 0; i < components.length; i++) {
                AbiValue c = components[i];
                if (c == null) {
                    throw new AbiEncodingException(type.canonical() + " component " + i + " is null");
                }
                if (!c.type.equals(type.component(i))) {
                    throw new AbiEncodingException(type.canonical() + " component " + i + " has type "
                            + c.type.canonical() + ", expected " + type.component(i).canonical());
                }
            }
            return checkedSize(sequenceSize(components), type);
        }

        public int size() {
            return components.length;
        }

        public AbiValue get(int i) {
            return components[i];
        }

        @Override
        public Object toJava() {
            return javaList(components);
        }
    }

    /** An array's elements or a tuple's components as an unmodifiable list of their Java values. */
    private static List<Object> javaList(AbiValue[] values) {
        Object[] out = new Object[values.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = values[i].toJava();
        }
        return Collections.unmodifiableList(Arrays.asList(out));
    }

    /** Total size of a head/tail sequence of these values. */
    static long sequenceSize(AbiValue[] items) {
        long size = 0;
        for (AbiValue v : items) {
            size += v.dynamic ? 32L + v.encodedSize : v.encodedSize;
        }
        return size;
    }

    private static int checkedSize(long size, AbiType type) {
        if (size > Integer.MAX_VALUE - 64) {
            throw new AbiEncodingException(type.canonical() + " value would encode to " + size
                    + " bytes, more than a Java array can hold");
        }
        return (int) size;
    }

    private static int checkLength(AbiType type, int length) {
        if (length > Integer.MAX_VALUE - 128) {
            throw new AbiEncodingException(type.canonical() + " value of " + length
                    + " bytes is too large to encode in one buffer");
        }
        return length;
    }

    static int padded(int length) {
        return (length + 31) & ~31;
    }
}
