package sh.brane.core.abi;

import java.util.List;

/**
 * A Solidity ABI type: {@code uintN}, {@code intN}, {@code address}, {@code bool}, {@code bytesN},
 * {@code bytes}, {@code string}, arrays {@code T[]} and {@code T[k]}, and tuples, nested to any
 * depth up to {@link #MAX_DEPTH}.
 *
 * <p>Types are immutable and compare equal when their {@link #canonical() canonical} strings do.
 * Size facts the encoder and decoder need on every call ({@link #isDynamic()}, {@link #headSize()})
 * are computed once when the type is built.
 */
public abstract sealed class AbiType
        permits AbiType.UintType, AbiType.IntType, AbiType.AddressType, AbiType.BoolType,
        AbiType.FixedBytesType, AbiType.BytesType, AbiType.StringType, AbiType.ArrayType, AbiType.TupleType {

    /** Deepest nesting of arrays and tuples accepted, so that hostile types cannot exhaust the stack. */
    public static final int MAX_DEPTH = 32;

    private final String canonical;
    private final boolean dynamic;
    private final int headSize;
    private final int depth;

    AbiType(String canonical, boolean dynamic, int headSize, int depth) {
        this.canonical = canonical;
        this.dynamic = dynamic;
        this.headSize = headSize;
        this.depth = depth;
    }

    /**
     * Parses a canonical type string such as {@code uint256}, {@code bytes32[]} or
     * {@code (uint256,address[])[2][]}; {@code uint} and {@code int} are read as {@code uint256}
     * and {@code int256}.
     *
     * @throws AbiParseException for unknown or malformed types, naming the position and the problem
     */
    public static AbiType parse(String type) {
        return AbiTypeParser.parse(type);
    }

    /** The canonical form used in signatures, e.g. {@code (uint256,address)[]}. */
    public final String canonical() {
        return canonical;
    }

    /** True for {@code bytes}, {@code string}, {@code T[]}, and arrays and tuples that contain one. */
    public final boolean isDynamic() {
        return dynamic;
    }

    /** Bytes this type takes in the head of its enclosing tuple: 32 for dynamic types, else its full size. */
    public final int headSize() {
        return headSize;
    }

    /** Nesting depth: 0 for elementary types, 1 + the deepest child for arrays and tuples. */
    public final int depth() {
        return depth;
    }

    @Override
    public final boolean equals(Object o) {
        return o instanceof AbiType other && canonical.equals(other.canonical);
    }

    @Override
    public final int hashCode() {
        return canonical.hashCode();
    }

    @Override
    public final String toString() {
        return canonical;
    }

    // ---- factories ----

    public static final AddressType ADDRESS = new AddressType();
    public static final BoolType BOOL = new BoolType();
    public static final BytesType BYTES = new BytesType();
    public static final StringType STRING = new StringType();
    private static final UintType[] UINTS = new UintType[33];
    private static final IntType[] INTS = new IntType[33];
    private static final FixedBytesType[] FIXED_BYTES = new FixedBytesType[33];

    static {
        for (int i = 1; i <= 32; i++) {
            UINTS[i] = new UintType(i * 8);
            INTS[i] = new IntType(i * 8);
            FIXED_BYTES[i] = new FixedBytesType(i);
        }
    }

    public static final UintType UINT8 = UINTS[1];
    public static final UintType UINT256 = UINTS[32];
    public static final IntType INT256 = INTS[32];
    public static final FixedBytesType BYTES32 = FIXED_BYTES[32];

    /** {@code uint<bits>}; bits must be a multiple of 8 in 8..256. */
    public static UintType uintN(int bits) {
        checkBits("uint", bits);
        return UINTS[bits / 8];
    }

    /** {@code int<bits>}; bits must be a multiple of 8 in 8..256. */
    public static IntType intN(int bits) {
        checkBits("int", bits);
        return INTS[bits / 8];
    }

    /** {@code bytes<size>}; size in 1..32. */
    public static FixedBytesType bytesN(int size) {
        if (size < 1 || size > 32) {
            throw new AbiParseException("bytes" + size + " is not a Solidity type: bytesN needs 1 <= N <= 32");
        }
        return FIXED_BYTES[size];
    }

    /** {@code element[]}. */
    public static ArrayType array(AbiType element) {
        return new ArrayType(element, -1);
    }

    /** {@code element[length]}. */
    public static ArrayType array(AbiType element, int length) {
        if (length < 0) {
            throw new AbiParseException("array length must not be negative, got " + length);
        }
        return new ArrayType(element, length);
    }

    /** A tuple of the given component types, e.g. a Solidity struct. */
    public static TupleType tuple(AbiType... components) {
        return new TupleType(List.of(components));
    }

    /** A tuple of the given component types. */
    public static TupleType tuple(List<? extends AbiType> components) {
        return new TupleType(List.copyOf(components));
    }

    private static void checkBits(String kind, int bits) {
        if (bits < 8 || bits > 256 || bits % 8 != 0) {
            throw new AbiParseException(kind + bits + " is not a Solidity type: " + kind
                    + "N needs N to be a multiple of 8 from 8 to 256");
        }
    }

    // ---- the types ----

    /** {@code uintN}. */
    public static final class UintType extends AbiType {
        private final int bits;

        private UintType(int bits) {
            super("uint" + bits, false, 32, 0);
            this.bits = bits;
        }

        public int bits() {
            return bits;
        }
    }

    /** {@code intN} (two's complement). */
    public static final class IntType extends AbiType {
        private final int bits;

        private IntType(int bits) {
            super("int" + bits, false, 32, 0);
            this.bits = bits;
        }

        public int bits() {
            return bits;
        }
    }

    /** {@code address}: 20 bytes, right-aligned in its word. */
    public static final class AddressType extends AbiType {
        private AddressType() {
            super("address", false, 32, 0);
        }
    }

    /** {@code bool}: the word 0 or 1. */
    public static final class BoolType extends AbiType {
        private BoolType() {
            super("bool", false, 32, 0);
        }
    }

    /** {@code bytesN}: N bytes, left-aligned in their word. */
    public static final class FixedBytesType extends AbiType {
        private final int size;

        private FixedBytesType(int size) {
            super("bytes" + size, false, 32, 0);
            this.size = size;
        }

        public int size() {
            return size;
        }
    }

    /** {@code bytes}: dynamic-length raw bytes. */
    public static final class BytesType extends AbiType {
        private BytesType() {
            super("bytes", true, 32, 0);
        }
    }

    /** {@code string}: dynamic-length UTF-8 text. */
    public static final class StringType extends AbiType {
        private StringType() {
            super("string", true, 32, 0);
        }
    }

    /** {@code T[]} (length -1) or {@code T[k]}. */
    public static final class ArrayType extends AbiType {
        private final AbiType element;
        private final int length;

        private ArrayType(AbiType element, int length) {
            super(element.canonical() + (length < 0 ? "[]" : "[" + length + "]"),
                    length < 0 || element.isDynamic(),
                    length < 0 || element.isDynamic() ? 32 : staticSize(element, length),
                    checkDepth(element.depth() + 1));
            this.element = element;
            this.length = length;
        }

        private static int staticSize(AbiType element, int length) {
            long size = (long) element.headSize() * length;
            if (size > Integer.MAX_VALUE) {
                throw new AbiParseException("static array " + element.canonical() + "[" + length
                        + "] would take " + size + " bytes; at most " + Integer.MAX_VALUE + " are supported");
            }
            return (int) size;
        }

        public AbiType element() {
            return element;
        }

        /** The fixed length, or -1 for {@code T[]}. */
        public int length() {
            return length;
        }

        public boolean isFixedLength() {
            return length >= 0;
        }
    }

    /** A tuple {@code (T1,T2,...)}, the ABI form of a Solidity struct. */
    public static final class TupleType extends AbiType {
        private final List<AbiType> components;
        private final AbiType[] componentArray;

        private TupleType(List<AbiType> components) {
            super(canonicalOf(components), anyDynamic(components), headSizeOf(components), depthOf(components));
            this.components = components;
            this.componentArray = components.toArray(new AbiType[0]);
        }

        public List<AbiType> components() {
            return components;
        }

        public int size() {
            return componentArray.length;
        }

        public AbiType component(int i) {
            return componentArray[i];
        }

        AbiType[] componentArray() {
            return componentArray;
        }

        private static String canonicalOf(List<AbiType> components) {
            StringBuilder sb = new StringBuilder("(");
            for (int i = 0; i < components.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                sb.append(components.get(i).canonical());
            }
            return sb.append(')').toString();
        }

        private static boolean anyDynamic(List<AbiType> components) {
            for (AbiType t : components) {
                if (t.isDynamic()) {
                    return true;
                }
            }
            return false;
        }

        private static int headSizeOf(List<AbiType> components) {
            if (anyDynamic(components)) {
                return 32;
            }
            long size = 0;
            for (AbiType t : components) {
                size += t.headSize();
            }
            if (size > Integer.MAX_VALUE) {
                throw new AbiParseException("tuple " + canonicalOf(components) + " would take " + size
                        + " bytes; at most " + Integer.MAX_VALUE + " are supported");
            }
            return (int) size;
        }

        private static int depthOf(List<AbiType> components) {
            int max = 0;
            for (AbiType t : components) {
                max = Math.max(max, t.depth());
            }
            return checkDepth(max + 1);
        }
    }

    private static int checkDepth(int depth) {
        if (depth > MAX_DEPTH) {
            throw new AbiParseException("type nests arrays and tuples " + depth + " levels deep; at most "
                    + MAX_DEPTH + " are supported");
        }
        return depth;
    }
}
