package sh.brane.core.abi;

import java.lang.reflect.Constructor;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import org.web3j.abi.TypeReference;
import org.web3j.abi.datatypes.Bool;
import org.web3j.abi.datatypes.DynamicArray;
import org.web3j.abi.datatypes.DynamicBytes;
import org.web3j.abi.datatypes.DynamicStruct;
import org.web3j.abi.datatypes.NumericType;
import org.web3j.abi.datatypes.StaticArray;
import org.web3j.abi.datatypes.StaticStruct;
import org.web3j.abi.datatypes.Type;
import org.web3j.abi.datatypes.Utf8String;

import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;

/** Converts between our ABI types/values and web3j's, and normalises values for comparison. */
final class Web3jBridge {

    private Web3jBridge() {
    }

    /** Our Java value of {@code type} as a web3j value. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static Type<?> toWeb3j(AbiType type, Object value) {
        try {
            return switch (type) {
                case AbiType.UintType u -> (Type<?>) Class.forName("org.web3j.abi.datatypes.generated.Uint" + u.bits())
                        .getConstructor(BigInteger.class).newInstance(value);
                case AbiType.IntType i -> (Type<?>) Class.forName("org.web3j.abi.datatypes.generated.Int" + i.bits())
                        .getConstructor(BigInteger.class).newInstance(value);
                case AbiType.AddressType a -> new org.web3j.abi.datatypes.Address(((Address) value).toHex());
                case AbiType.BoolType b -> new Bool((Boolean) value);
                case AbiType.FixedBytesType f -> (Type<?>) Class.forName("org.web3j.abi.datatypes.generated.Bytes" + f.size())
                        .getConstructor(byte[].class).newInstance(value);
                case AbiType.BytesType b -> new DynamicBytes((byte[]) value);
                case AbiType.StringType s -> new Utf8String((String) value);
                case AbiType.ArrayType a -> {
                    List<Type> items = new ArrayList<>();
                    for (Object o : (List<?>) value) {
                        items.add(toWeb3j(a.element(), o));
                    }
                    Class elementClass = web3jClass(a.element());
                    if (a.isFixedLength() && a.element().isDynamic()) {
                        // the spec encodes T[k] exactly as the tuple (T,...,T); web3j's StaticArray
                        // gets dynamic elements wrong (web3j PR #2282), its DynamicStruct gets them right
                        yield new DynamicStruct(items);
                    }
                    if (a.isFixedLength() && (a.element() instanceof AbiType.TupleType
                            || a.element() instanceof AbiType.ArrayType)) {
                        // same equivalence: web3j miscounts the head size of static arrays of structs
                        yield new StaticStruct(items);
                    }
                    if (a.isFixedLength()) {
                        Constructor<?> c = Class.forName("org.web3j.abi.datatypes.generated.StaticArray" + a.length())
                                .getConstructor(Class.class, List.class);
                        yield (Type<?>) c.newInstance(elementClass, items);
                    }
                    yield new DynamicArray(elementClass, items);
                }
                case AbiType.TupleType t -> {
                    List<Type> items = new ArrayList<>();
                    List<?> values = (List<?>) value;
                    for (int i = 0; i < t.size(); i++) {
                        items.add(toWeb3j(t.component(i), values.get(i)));
                    }
                    yield t.isDynamic() ? new DynamicStruct(items) : new StaticStruct(items);
                }
            };
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    static Class<?> web3jClass(AbiType type) {
        try {
            return switch (type) {
                case AbiType.UintType u -> Class.forName("org.web3j.abi.datatypes.generated.Uint" + u.bits());
                case AbiType.IntType i -> Class.forName("org.web3j.abi.datatypes.generated.Int" + i.bits());
                case AbiType.AddressType a -> org.web3j.abi.datatypes.Address.class;
                case AbiType.BoolType b -> Bool.class;
                case AbiType.FixedBytesType f -> Class.forName("org.web3j.abi.datatypes.generated.Bytes" + f.size());
                case AbiType.BytesType b -> DynamicBytes.class;
                case AbiType.StringType s -> Utf8String.class;
                case AbiType.ArrayType a -> a.isFixedLength() && a.element().isDynamic() ? DynamicStruct.class
                        : a.isFixedLength() && (a.element() instanceof AbiType.TupleType
                                || a.element() instanceof AbiType.ArrayType) ? StaticStruct.class
                        : a.isFixedLength() ? Class.forName("org.web3j.abi.datatypes.generated.StaticArray" + a.length()) : DynamicArray.class;
                case AbiType.TupleType t -> t.isDynamic() ? DynamicStruct.class : StaticStruct.class;
            };
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static List<TypeReference<Type>> references(List<AbiType> types) throws ClassNotFoundException {
        List<TypeReference<Type>> out = new ArrayList<>();
        for (AbiType t : types) {
            out.add((TypeReference) TypeReference.makeTypeReference(t.canonical()));
        }
        return out;
    }

    /** A comparable form of one of our values: byte[] as hex, Address as lowercase hex, lists recursively. */
    static Object normalize(Object value) {
        if (value instanceof byte[] b) {
            return Hex.encode(b);
        }
        if (value instanceof Address a) {
            return a.toHex();
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>();
            for (Object o : list) {
                out.add(normalize(o));
            }
            return out;
        }
        return value;
    }

    /** The same comparable form of a web3j value. */
    static Object normalizeWeb3j(Type<?> value) {
        if (value instanceof NumericType n) {
            return n.getValue();
        }
        if (value instanceof org.web3j.abi.datatypes.Address a) {
            return a.getValue().toLowerCase();
        }
        if (value instanceof Bool b) {
            return b.getValue();
        }
        if (value instanceof org.web3j.abi.datatypes.BytesType b) {
            return Hex.encode(b.getValue());
        }
        if (value instanceof Utf8String s) {
            return s.getValue();
        }
        if (value instanceof org.web3j.abi.datatypes.Array<?> a) {
            List<Object> out = new ArrayList<>();
            for (Object o : a.getValue()) {
                out.add(normalizeWeb3j((Type<?>) o));
            }
            return out;
        }
        throw new IllegalArgumentException("unexpected web3j value " + value.getClass());
    }

    static boolean isStaticArray(Type<?> t) {
        return t instanceof StaticArray;
    }
}
