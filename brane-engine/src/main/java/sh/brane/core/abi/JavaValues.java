package sh.brane.core.abi;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;

import sh.brane.core.types.Address;
import sh.brane.core.types.AddressFormatException;
import sh.brane.primitives.Hex;

/** Converts plain Java values to {@link AbiValue}s by ABI type, with errors that name where the value sits. */
final class JavaValues {

    private JavaValues() {
    }

    static AbiValue convert(AbiType type, Object value, String path) {
        if (value instanceof AbiValue v) {
            if (!v.type.equals(type)) {
                throw fail(path, type, "an ABI value of type " + v.type.canonical() + " was given");
            }
            return v;
        }
        if (value == null) {
            throw fail(path, type, "the value is null");
        }
        return switch (type) {
            case AbiType.UintType u -> toUint(u, value, path);
            case AbiType.IntType i -> toInt(i, value, path);
            case AbiType.AddressType a -> toAddress(value, path);
            case AbiType.BoolType b -> {
                if (value instanceof Boolean bool) {
                    yield AbiValue.bool(bool);
                }
                throw fail(path, type, "expected a Boolean, got " + kind(value));
            }
            case AbiType.FixedBytesType f -> {
                if (value instanceof byte[] bytes) {
                    if (bytes.length != f.size()) {
                        throw fail(path, type, "expected exactly " + f.size() + " bytes, got " + bytes.length);
                    }
                    yield AbiValue.bytesN(f.size(), bytes);
                }
                throw fail(path, type, "expected a byte[] of " + f.size() + " bytes, got " + kind(value));
            }
            case AbiType.BytesType b -> {
                if (value instanceof byte[] bytes) {
                    yield AbiValue.bytes(bytes);
                }
                throw fail(path, type, "expected a byte[], got " + kind(value));
            }
            case AbiType.StringType s -> {
                if (value instanceof String str) {
                    yield new AbiValue.DynamicBytes(AbiType.STRING, str.getBytes(StandardCharsets.UTF_8), str);
                }
                throw fail(path, type, "expected a String, got " + kind(value));
            }
            case AbiType.ArrayType a -> toArray(a, value, path);
            case AbiType.TupleType t -> toTuple(t, value, path);
        };
    }

    private static AbiValue toUint(AbiType.UintType t, Object value, String path) {
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            long v = ((Number) value).longValue();
            if (v < 0 || (t.bits() < 64 && (v >>> t.bits()) != 0)) {
                throw fail(path, t, v + " is out of range (allowed: 0 to 2^" + t.bits() + "-1)");
            }
            return new AbiValue.Word(t, v, null);
        }
        if (value instanceof BigInteger big) {
            if (big.signum() < 0 || big.bitLength() > t.bits()) {
                throw fail(path, t, big + " is out of range (allowed: 0 to 2^" + t.bits() + "-1)");
            }
            return big.bitLength() <= 63 ? new AbiValue.Word(t, big.longValue(), null)
                    : new AbiValue.Word(t, 0, AbiValue.toWord(big));
        }
        throw fail(path, t, "expected a BigInteger, Long or Integer, got " + kind(value));
    }

    private static AbiValue toInt(AbiType.IntType t, Object value, String path) {
        int bits = t.bits();
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            long v = ((Number) value).longValue();
            if (bits < 64 && (v >> (bits - 1)) != 0 && (v >> (bits - 1)) != -1) {
                throw fail(path, t, v + " is out of range (allowed: -2^" + (bits - 1) + " to 2^" + (bits - 1) + "-1)");
            }
            return new AbiValue.Word(t, v, null);
        }
        if (value instanceof BigInteger big) {
            if (big.bitLength() > bits - 1) {
                throw fail(path, t, big + " is out of range (allowed: -2^" + (bits - 1) + " to 2^" + (bits - 1) + "-1)");
            }
            return big.bitLength() <= 63 ? new AbiValue.Word(t, big.longValue(), null)
                    : new AbiValue.Word(t, 0, AbiValue.toWord(big));
        }
        throw fail(path, t, "expected a BigInteger, Long or Integer, got " + kind(value));
    }

    private static AbiValue toAddress(Object value, String path) {
        if (value instanceof Address a) {
            return AbiValue.address(a);
        }
        if (value instanceof String s) {
            try {
                return AbiValue.address(Address.of(s));
            } catch (AddressFormatException e) {
                throw fail(path, AbiType.ADDRESS, e.getMessage());
            }
        }
        throw fail(path, AbiType.ADDRESS, "expected an Address or its hex String, got " + kind(value));
    }

    private static AbiValue toArray(AbiType.ArrayType t, Object value, String path) {
        Object[] items = items(value);
        if (items == null) {
            throw fail(path, t, "expected a List or an array, got " + kind(value));
        }
        if (t.isFixedLength() && items.length != t.length()) {
            throw fail(path, t, "expected exactly " + t.length() + " elements, got " + items.length);
        }
        AbiValue[] out = new AbiValue[items.length];
        for (int i = 0; i < items.length; i++) {
            out[i] = convert(t.element(), items[i], path + "[" + i + "]");
        }
        return new AbiValue.Array(t, out);
    }

    private static AbiValue toTuple(AbiType.TupleType t, Object value, String path) {
        Object[] items = items(value);
        if (items == null) {
            throw fail(path, t, "expected a List or an Object[] of the tuple's components, got " + kind(value));
        }
        if (items.length != t.size()) {
            throw fail(path, t, "expected " + t.size() + " components, got " + items.length);
        }
        AbiValue[] out = new AbiValue[items.length];
        for (int i = 0; i < items.length; i++) {
            out[i] = convert(t.component(i), items[i], path + "." + i);
        }
        return new AbiValue.Tuple(t, out);
    }

    /** The elements of a List or a Java array (boxing primitive arrays), or null for anything else. */
    static Object[] items(Object value) {
        if (value instanceof List<?> list) {
            return list.toArray();
        }
        if (value instanceof Object[] array) {
            return array;
        }
        if (value instanceof long[] longs) {
            Object[] out = new Object[longs.length];
            for (int i = 0; i < longs.length; i++) {
                out[i] = longs[i];
            }
            return out;
        }
        if (value instanceof int[] ints) {
            Object[] out = new Object[ints.length];
            for (int i = 0; i < ints.length; i++) {
                out[i] = ints[i];
            }
            return out;
        }
        if (value instanceof boolean[] bools) {
            Object[] out = new Object[bools.length];
            for (int i = 0; i < bools.length; i++) {
                out[i] = bools[i];
            }
            return out;
        }
        return null;
    }

    /** True if {@code value} converts to {@code type}; used to pick among overloads. */
    static boolean fits(AbiType type, Object value) {
        try {
            convert(type, value, "value");
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static AbiEncodingException fail(String path, AbiType type, String problem) {
        return new AbiEncodingException(path + " (" + type.canonical() + "): " + problem);
    }

    private static String kind(Object value) {
        return value == null ? "null" : value.getClass().getSimpleName();
    }

    /** A short printable form of a decoded Java value, for messages and toString. */
    static String describe(Object value) {
        if (value instanceof byte[] bytes) {
            return bytes.length > 64 ? Hex.encode(bytes, 0, 64, true) + "...(" + bytes.length + " bytes)" : Hex.encode(bytes);
        }
        if (value instanceof List<?> list) {
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < list.size(); i++) {
                if (i > 0) {
                    sb.append(", ");
                }
                if (i == 16) {
                    sb.append("...").append(list.size() - 16).append(" more");
                    break;
                }
                sb.append(describe(list.get(i)));
            }
            return sb.append(']').toString();
        }
        if (value instanceof String s) {
            return '"' + (s.length() > 80 ? s.substring(0, 77) + "..." : s) + '"';
        }
        return String.valueOf(value);
    }
}
