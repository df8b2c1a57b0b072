package sh.brane.client.contract;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import sh.brane.core.abi.AbiType;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;

/**
 * Matches a Java type to an ABI type once, at bind time, and builds the two conversions between them:
 * Java argument to a value the ABI encoder accepts, and decoded value to the Java type. A mismatch is a
 * {@link Mismatch} whose message says what the ABI type accepts.
 */
final class TypeMapping {

    /** Converts one value; built at bind time, so a call does no reflection lookups. */
    @FunctionalInterface
    interface Conversion {
        Object apply(Object value) throws Throwable;
    }

    static final Conversion IDENTITY = v -> v;

    /** The Java type cannot hold (or give) the ABI type. */
    static final class Mismatch extends Exception {
        private static final long serialVersionUID = 1L;

        Mismatch(String message) {
            super(message, null, false, false);
        }
    }

    private TypeMapping() {
    }

    /** How a Java argument of {@code javaType} becomes a value for {@code abi} (checked now). */
    static Conversion argument(AbiType abi, Type javaType) throws Mismatch {
        Class<?> raw = raw(javaType);
        if (raw == Object.class) {
            return IDENTITY;
        }
        switch (abi) {
            case AbiType.UintType u -> requireInteger(abi, raw, true);
            case AbiType.IntType i -> requireInteger(abi, raw, true);
            case AbiType.AddressType a -> require(abi, raw, Address.class);
            case AbiType.BoolType b -> require(abi, raw, boolean.class, Boolean.class);
            case AbiType.FixedBytesType f -> {
                if (f.size() == 32 && raw == Hash.class) {
                    return v -> ((Hash) v).toBytes();
                }
                require(abi, raw, byte[].class);
            }
            case AbiType.BytesType b -> require(abi, raw, byte[].class);
            case AbiType.StringType s -> require(abi, raw, String.class);
            case AbiType.ArrayType a -> {
                Conversion element = argument(a.element(), elementType(abi, javaType));
                if (element == IDENTITY) {
                    return IDENTITY;
                }
                return v -> {
                    Object[] items = items(v);
                    Object[] out = new Object[items.length];
                    for (int i = 0; i < items.length; i++) {
                        out[i] = element.apply(items[i]);
                    }
                    return out;
                };
            }
            case AbiType.TupleType t -> {
                RecordComponent[] rc = recordComponents(abi, raw);
                MethodHandle[] getters = new MethodHandle[rc.length];
                Conversion[] parts = new Conversion[rc.length];
                for (int i = 0; i < rc.length; i++) {
                    int k = i;
                    parts[i] = nested(() -> argument(t.component(k), rc[k].getGenericType()),
                            raw.getSimpleName() + "." + rc[i].getName());
                    getters[i] = getter(rc[i]);
                }
                return v -> {
                    Object[] out = new Object[getters.length];
                    for (int i = 0; i < out.length; i++) {
                        out[i] = parts[i].apply(getters[i].invoke(v));
                    }
                    return out;
                };
            }
        }
        return IDENTITY;
    }

    /** How a decoded value of {@code abi} becomes {@code javaType} (checked now). */
    static Conversion result(AbiType abi, Type javaType) throws Mismatch {
        Class<?> raw = raw(javaType);
        if (raw == Object.class) {
            return IDENTITY;
        }
        switch (abi) {
            case AbiType.UintType u -> {
                return integerResult(abi, raw, u.bits(), false);
            }
            case AbiType.IntType i -> {
                return integerResult(abi, raw, i.bits(), true);
            }
            case AbiType.AddressType a -> require(abi, raw, Address.class);
            case AbiType.BoolType b -> require(abi, raw, boolean.class, Boolean.class);
            case AbiType.FixedBytesType f -> {
                if (f.size() == 32 && raw == Hash.class) {
                    return v -> v instanceof Hash ? v : Hash.wrap((byte[]) v);
                }
                require(abi, raw, byte[].class);
            }
            case AbiType.BytesType b -> require(abi, raw, byte[].class);
            case AbiType.StringType s -> require(abi, raw, String.class);
            case AbiType.ArrayType a -> {
                Type elementType = elementType(abi, javaType);
                Conversion element = result(a.element(), elementType);
                if (raw.isArray()) {
                    Class<?> component = raw.getComponentType();
                    return v -> {
                        List<?> list = (List<?>) v;
                        Object out = Array.newInstance(component, list.size());
                        for (int i = 0; i < list.size(); i++) {
                            Array.set(out, i, element.apply(list.get(i)));
                        }
                        return out;
                    };
                }
                if (element == IDENTITY) {
                    return IDENTITY;
                }
                return v -> {
                    List<?> list = (List<?>) v;
                    List<Object> out = new ArrayList<>(list.size());
                    for (Object item : list) {
                        out.add(element.apply(item));
                    }
                    return Collections.unmodifiableList(out);
                };
            }
            case AbiType.TupleType t -> {
                return recordResult(t.components(), raw, raw.getSimpleName());
            }
        }
        return IDENTITY;
    }

    /** A record built from decoded {@code components} (a List), e.g. a tuple, several outputs or an event. */
    static Conversion recordResult(List<AbiType> components, Class<?> raw, String where) throws Mismatch {
        RecordComponent[] rc = recordComponents(AbiType.tuple(components), raw);
        Conversion[] parts = new Conversion[rc.length];
        Class<?>[] types = new Class<?>[rc.length];
        for (int i = 0; i < rc.length; i++) {
            int k = i;
            parts[i] = nested(() -> result(components.get(k), rc[k].getGenericType()), where + "." + rc[i].getName());
            types[i] = rc[i].getType();
        }
        MethodHandle constructor = canonicalConstructor(raw, types);
        return v -> {
            List<?> list = (List<?>) v;
            Object[] args = new Object[parts.length];
            for (int i = 0; i < args.length; i++) {
                args[i] = parts[i].apply(list.get(i));
            }
            return constructor.invokeWithArguments(args);
        };
    }

    private interface Check {
        Conversion run() throws Mismatch;
    }

    private static Conversion nested(Check check, String where) throws Mismatch {
        try {
            return check.run();
        } catch (Mismatch m) {
            throw new Mismatch(where + ": " + m.getMessage());
        }
    }

    private static Conversion integerResult(AbiType abi, Class<?> raw, int bits, boolean signed) throws Mismatch {
        if (raw == BigInteger.class) {
            return IDENTITY;
        }
        int valueBits = signed ? bits : bits + 1; // an unsigned N-bit value needs N+1 bits in a signed Java type
        if ((raw == long.class || raw == Long.class) && valueBits <= 64) {
            return v -> ((BigInteger) v).longValueExact();
        }
        if ((raw == int.class || raw == Integer.class) && valueBits <= 32) {
            return v -> ((BigInteger) v).intValueExact();
        }
        throw new Mismatch(abi.canonical() + " is returned as BigInteger" + (valueBits <= 64 ? " or long" : "")
                + (valueBits <= 32 ? " or int" : "") + ", not " + raw.getSimpleName());
    }

    private static void requireInteger(AbiType abi, Class<?> raw, boolean argument) throws Mismatch {
        require(abi, raw, BigInteger.class, long.class, Long.class, int.class, Integer.class, short.class,
                Short.class, byte.class, Byte.class);
    }

    private static void require(AbiType abi, Class<?> raw, Class<?>... allowed) throws Mismatch {
        for (Class<?> c : allowed) {
            if (raw == c) {
                return;
            }
        }
        List<String> names = new ArrayList<>();
        for (Class<?> c : allowed) {
            names.add(c.getSimpleName());
        }
        if (abi instanceof AbiType.FixedBytesType f && f.size() == 32) {
            names.add("Hash");
        }
        throw new Mismatch(abi.canonical() + " maps to " + String.join(" or ", names) + ", not "
                + raw.getSimpleName());
    }

    private static RecordComponent[] recordComponents(AbiType abi, Class<?> raw) throws Mismatch {
        if (!raw.isRecord()) {
            throw new Mismatch(abi.canonical() + " is a tuple and maps to a record with "
                    + ((AbiType.TupleType) abi).size() + " components, not " + raw.getSimpleName());
        }
        RecordComponent[] rc = raw.getRecordComponents();
        int size = ((AbiType.TupleType) abi).size();
        if (rc.length != size) {
            throw new Mismatch(abi.canonical() + " has " + size + " components but record " + raw.getSimpleName()
                    + " has " + rc.length);
        }
        return rc;
    }

    private static Type elementType(AbiType abi, Type javaType) throws Mismatch {
        if (javaType instanceof Class<?> c && c.isArray()) {
            return c.getComponentType();
        }
        if (javaType instanceof GenericArrayType g) {
            return g.getGenericComponentType();
        }
        if (javaType instanceof ParameterizedType p && p.getRawType() == List.class) {
            Type arg = p.getActualTypeArguments()[0];
            if (arg instanceof WildcardType w) {
                arg = w.getUpperBounds()[0];
            }
            return arg;
        }
        throw new Mismatch(abi.canonical() + " maps to a List<...> or a Java array, not " + javaType.getTypeName());
    }

    static Class<?> raw(Type type) {
        if (type instanceof Class<?> c) {
            return c;
        }
        if (type instanceof ParameterizedType p) {
            return (Class<?>) p.getRawType();
        }
        if (type instanceof GenericArrayType g) {
            return Array.newInstance(raw(g.getGenericComponentType()), 0).getClass();
        }
        if (type instanceof WildcardType w) {
            return raw(w.getUpperBounds()[0]);
        }
        return Object.class;
    }

    private static Object[] items(Object value) {
        if (value instanceof List<?> list) {
            return list.toArray();
        }
        if (value instanceof Object[] array) {
            return array;
        }
        int n = Array.getLength(value);
        Object[] out = new Object[n];
        for (int i = 0; i < n; i++) {
            out[i] = Array.get(value, i);
        }
        return out;
    }

    private static MethodHandle getter(RecordComponent component) throws Mismatch {
        try {
            java.lang.reflect.Method accessor = component.getAccessor();
            accessor.setAccessible(true); // records nested in package-private interfaces
            return MethodHandles.lookup().unreflect(accessor);
        } catch (IllegalAccessException | RuntimeException e) {
            throw new Mismatch("record " + component.getDeclaringRecord().getName() + " is not accessible ("
                    + e.getMessage() + "): make it public");
        }
    }

    private static MethodHandle canonicalConstructor(Class<?> record, Class<?>[] types) throws Mismatch {
        try {
            Constructor<?> c = record.getDeclaredConstructor(types);
            c.setAccessible(true);
            return MethodHandles.lookup().unreflectConstructor(c).asFixedArity();
        } catch (NoSuchMethodException | IllegalAccessException | RuntimeException e) {
            throw new Mismatch("record " + record.getName() + " is not accessible (" + e.getMessage()
                    + "): make it public");
        }
    }
}
