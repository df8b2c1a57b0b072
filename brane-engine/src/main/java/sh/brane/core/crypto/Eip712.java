package sh.brane.core.crypto;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import sh.brane.core.types.Address;
import sh.brane.core.types.AddressFormatException;
import sh.brane.primitives.Hex;
import sh.brane.primitives.HexFormatException;
import sh.brane.primitives.Keccak256;

/**
 * EIP-712 hashing and signing ({@code eth_signTypedData_v4} semantics): {@code encodeType} with the
 * referenced struct types sorted by name, {@code typeHash}, {@code encodeData} with nested structs,
 * arrays (hashed element by element, nested arrays recursively), {@code bytes}/{@code string} hashed,
 * atomic types as 32-byte words; the domain separator and the {@code 0x1901} digest.
 */
public final class Eip712 {

    /** Deepest struct/array nesting accepted in values, so a cyclic Java value cannot recurse forever. */
    static final int MAX_DEPTH = 64;

    private Eip712() {
    }

    /** {@code Name(type1 name1,...)} followed by every referenced struct type, sorted by name. */
    public static String encodeType(Map<String, List<TypedData.Field>> types, String primaryType) {
        List<TypedData.Field> primary = types.get(primaryType);
        if (primary == null) {
            throw new TypedDataException("type '" + TypeGrammar.shorten(primaryType) + "' is not declared");
        }
        Set<String> deps = new TreeSet<>();
        collectDependencies(types, primaryType, deps);
        deps.remove(primaryType);
        StringBuilder sb = new StringBuilder();
        appendStruct(sb, primaryType, primary);
        for (String dep : deps) {
            appendStruct(sb, dep, types.get(dep));
        }
        return sb.toString();
    }

    /** {@code keccak256(encodeType(type))}. */
    public static byte[] typeHash(Map<String, List<TypedData.Field>> types, String type) {
        return Keccak256.hash(encodeType(types, type).getBytes(StandardCharsets.UTF_8));
    }

    /** {@code keccak256(typeHash || encodeData(value))} of a struct value. */
    public static byte[] hashStruct(Map<String, List<TypedData.Field>> types, String type, Map<String, ?> value) {
        return new Encoder(types).hashStruct(type, value, type, 0);
    }

    /** The domain separator: {@code hashStruct("EIP712Domain", domain)}. */
    public static byte[] domainSeparator(TypedData data) {
        return new Encoder(data.types()).hashStruct(TypedData.DOMAIN_TYPE, data.domain(), "domain", 0);
    }

    /** The struct hash of the message. */
    public static byte[] messageHash(TypedData data) {
        return new Encoder(data.types()).hashStruct(data.primaryType(), data.message(), "message", 0);
    }

    /**
     * The 32-byte digest a wallet signs: {@code keccak256(0x19 0x01 || domainSeparator || hashStruct(message))},
     * or without the message hash when the primary type is {@code EIP712Domain}.
     */
    public static byte[] digest(TypedData data) {
        Encoder encoder = new Encoder(data.types());
        byte[] buf = new byte[66];
        buf[0] = 0x19;
        buf[1] = 0x01;
        System.arraycopy(encoder.hashStruct(TypedData.DOMAIN_TYPE, data.domain(), "domain", 0), 0, buf, 2, 32);
        if (TypedData.DOMAIN_TYPE.equals(data.primaryType())) {
            return Keccak256.hash(buf, 0, 34);
        }
        System.arraycopy(encoder.hashStruct(data.primaryType(), data.message(), "message", 0), 0, buf, 34, 32);
        return Keccak256.hash(buf);
    }

    /** Signs the typed data ({@code eth_signTypedData_v4}); {@link Signature#toBytes65()} gives the wallet form. */
    public static Signature sign(TypedData data, PrivateKey key) {
        return key.signHash(digest(data));
    }

    /** The address that signed the typed data, from a 65-byte signature with v 27/28 or 0/1. */
    public static Address recoverSigner(TypedData data, byte[] signature65) {
        return Secp256k1.recoverAddress(digest(data), Signature.fromBytes65(signature65));
    }

    private static void collectDependencies(Map<String, List<TypedData.Field>> types, String type, Set<String> found) {
        // iterative, so a long chain of struct references cannot overflow the stack
        List<String> pending = new ArrayList<>();
        pending.add(type);
        while (!pending.isEmpty()) {
            String current = pending.remove(pending.size() - 1);
            if (!found.add(current)) {
                continue;
            }
            for (TypedData.Field field : types.get(current)) {
                String base = TypeGrammar.baseOf(field.type(), current + "." + field.name());
                if (types.containsKey(base) && !found.contains(base)) {
                    pending.add(base);
                }
            }
        }
    }

    private static void appendStruct(StringBuilder sb, String name, List<TypedData.Field> fields) {
        sb.append(name).append('(');
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(fields.get(i).type()).append(' ').append(fields.get(i).name());
        }
        sb.append(')');
    }

    /** Encodes values against one set of types, caching type hashes for the call. */
    private static final class Encoder {
        private final Map<String, List<TypedData.Field>> types;
        private final Map<String, byte[]> typeHashes = new HashMap<>();

        Encoder(Map<String, List<TypedData.Field>> types) {
            this.types = types;
        }

        byte[] hashStruct(String type, Object value, String path, int depth) {
            List<TypedData.Field> fields = types.get(type);
            if (fields == null) {
                throw new TypedDataException(path + ": type '" + TypeGrammar.shorten(type) + "' is not declared");
            }
            if (!(value instanceof Map<?, ?> map)) {
                throw new TypedDataException(path + " must be an object of type " + type + ", got " + kind(value));
            }
            if (depth > MAX_DEPTH) {
                throw new TypedDataException(path + " is nested deeper than " + MAX_DEPTH + " levels");
            }
            for (Object key : map.keySet()) {
                if (!(key instanceof String name) || !declares(fields, name)) {
                    throw new TypedDataException(path + " has field '" + TypeGrammar.shorten(String.valueOf(key))
                            + "' which type " + type + " does not declare");
                }
            }
            byte[] buf = new byte[32 * (fields.size() + 1)];
            System.arraycopy(typeHashes.computeIfAbsent(type, t -> typeHash(types, t)), 0, buf, 0, 32);
            for (int i = 0; i < fields.size(); i++) {
                TypedData.Field field = fields.get(i);
                String fieldPath = path + "." + field.name();
                if (!map.containsKey(field.name())) {
                    throw new TypedDataException(fieldPath + " is missing (type " + field.type() + ")");
                }
                encodeValue(field.type(), map.get(field.name()), fieldPath, depth + 1, buf, 32 * (i + 1));
            }
            return Keccak256.hash(buf);
        }

        private void encodeValue(String type, Object value, String path, int depth, byte[] out, int off) {
            if (value == null) {
                throw new TypedDataException(path + " is null (type " + type + ")");
            }
            if (type.endsWith("]")) {
                encodeArray(type, value, path, depth, out, off);
            } else if (types.containsKey(type)) {
                System.arraycopy(hashStruct(type, value, path, depth), 0, out, off, 32);
            } else {
                encodeAtomic(type, value, path, out, off);
            }
        }

        private void encodeArray(String type, Object value, String path, int depth, byte[] out, int off) {
            if (depth > MAX_DEPTH) {
                throw new TypedDataException(path + " is nested deeper than " + MAX_DEPTH + " levels");
            }
            int open = type.lastIndexOf('[');
            String elementType = type.substring(0, open);
            if (!(value instanceof List<?> list)) {
                throw new TypedDataException(path + " must be an array (type " + type + "), got " + kind(value));
            }
            if (open + 2 < type.length()) {
                int expected = TypeGrammar.arrayLength(type.substring(open + 1, type.length() - 1), type, path);
                if (list.size() != expected) {
                    throw new TypedDataException(path + " must have " + expected + " elements (type " + type
                            + "), got " + list.size());
                }
            }
            byte[] buf = new byte[32 * list.size()];
            for (int i = 0; i < list.size(); i++) {
                encodeValue(elementType, list.get(i), path + "[" + i + "]", depth + 1, buf, 32 * i);
            }
            Keccak256.hashTo(buf, 0, buf.length, out, off);
        }

        private static void encodeAtomic(String type, Object value, String path, byte[] out, int off) {
            switch (type) {
                case "string" -> {
                    if (!(value instanceof String s)) {
                        throw new TypedDataException(path + " must be a string, got " + kind(value));
                    }
                    byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
                    Keccak256.hashTo(utf8, 0, utf8.length, out, off);
                }
                case "bytes" -> {
                    byte[] bytes = bytesValue(value, path, type);
                    Keccak256.hashTo(bytes, 0, bytes.length, out, off);
                }
                case "bool" -> {
                    boolean b;
                    if (value instanceof Boolean bool) {
                        b = bool;
                    } else if ("true".equals(value) || "false".equals(value)) {
                        b = "true".equals(value);
                    } else {
                        throw new TypedDataException(path + " must be a boolean, got " + kind(value));
                    }
                    out[off + 31] = (byte) (b ? 1 : 0);
                }
                case "address" -> {
                    Address address;
                    if (value instanceof Address a) {
                        address = a;
                    } else if (value instanceof String s) {
                        try {
                            address = Address.of(s);
                        } catch (AddressFormatException e) {
                            throw new TypedDataException(path + " is not a valid address: " + e.getMessage(), e);
                        }
                    } else {
                        throw new TypedDataException(path + " must be an address string, got " + kind(value));
                    }
                    address.copyTo(out, off + 12);
                }
                default -> {
                    int bits = TypeGrammar.intBits(type);
                    if (bits > 0) {
                        encodeInteger(type, bits, value, path, out, off);
                        return;
                    }
                    int length = TypeGrammar.fixedBytesLength(type);
                    if (length > 0) {
                        byte[] bytes = bytesValue(value, path, type);
                        if (bytes.length != length) {
                            throw new TypedDataException(path + " must be exactly " + length + " bytes (type " + type
                                    + "), got " + bytes.length);
                        }
                        System.arraycopy(bytes, 0, out, off, length);
                        return;
                    }
                    throw new TypedDataException(path + " has unknown type '" + TypeGrammar.shorten(type) + "'");
                }
            }
        }

        private static void encodeInteger(String type, int bits, Object value, String path, byte[] out, int off) {
            BigInteger v = integerValue(value, path, type);
            boolean signed = type.charAt(0) == 'i';
            boolean fits = signed ? v.bitLength() <= bits - 1 : v.signum() >= 0 && v.bitLength() <= bits;
            if (!fits) {
                throw new TypedDataException(path + " = " + v + " does not fit in " + type);
            }
            byte fill = (byte) (v.signum() < 0 ? 0xFF : 0);
            byte[] raw = v.toByteArray();
            int len = Math.min(raw.length, 32);
            for (int i = 0; i < 32 - len; i++) {
                out[off + i] = fill;
            }
            System.arraycopy(raw, raw.length - len, out, off + 32 - len, len);
        }

        private static BigInteger integerValue(Object value, String path, String type) {
            if (value instanceof BigInteger b) {
                return b;
            }
            if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
                return BigInteger.valueOf(((Number) value).longValue());
            }
            if (value instanceof String s) {
                // 0x + 64 digits or 78 decimal digits plus sign cover every 256-bit value
                if (s.isEmpty() || s.length() > 80) {
                    throw new TypedDataException(path + " is not a valid " + type + " number string");
                }
                try {
                    if (s.startsWith("0x") || s.startsWith("0X")) {
                        return new BigInteger(1, Hex.decodeQuantity(s));
                    }
                    for (int i = 0; i < s.length(); i++) {
                        char c = s.charAt(i);
                        if ((c < '0' || c > '9') && !(i == 0 && c == '-' && s.length() > 1)) {
                            throw new NumberFormatException();
                        }
                    }
                    return new BigInteger(s);
                } catch (NumberFormatException | HexFormatException e) {
                    throw new TypedDataException(path + " is not a valid " + type + " number: '"
                            + TypeGrammar.shorten(s) + "'");
                }
            }
            throw new TypedDataException(path + " must be an integer (type " + type + "), got " + kind(value));
        }

        private static byte[] bytesValue(Object value, String path, String type) {
            if (value instanceof byte[] b) {
                return b;
            }
            if (value instanceof String s) {
                if (!s.startsWith("0x") && !s.startsWith("0X")) {
                    throw new TypedDataException(path + " must be 0x-prefixed hex (type " + type + ")");
                }
                try {
                    return Hex.decode(s);
                } catch (HexFormatException e) {
                    throw new TypedDataException(path + " is not valid hex (type " + type + "): " + e.getMessage(), e);
                }
            }
            throw new TypedDataException(path + " must be hex bytes (type " + type + "), got " + kind(value));
        }

        private static boolean declares(List<TypedData.Field> fields, String name) {
            for (TypedData.Field f : fields) {
                if (f.name().equals(name)) {
                    return true;
                }
            }
            return false;
        }

        private static String kind(Object value) {
            if (value == null) {
                return "null";
            }
            if (value instanceof Map) {
                return "an object";
            }
            if (value instanceof List) {
                return "an array";
            }
            if (value instanceof String) {
                return "a string";
            }
            if (value instanceof Boolean) {
                return "a boolean";
            }
            if (value instanceof Number) {
                return "a number";
            }
            return value.getClass().getSimpleName();
        }
    }
}
