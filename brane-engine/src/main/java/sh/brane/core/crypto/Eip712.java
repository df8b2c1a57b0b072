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

    /**
     * {@code Name(type1 name1,...)} followed by every referenced struct type, sorted by name.
     *
     * @throws TypedDataException if the result would be longer than {@link TypedData#MAX_ENCODED_TYPE_LENGTH}
     */
    public static String encodeType(Map<String, List<TypedData.Field>> types, String primaryType) {
        return new Encoder(types).encodeType(primaryType);
    }

    /** {@code keccak256(encodeType(type))}. */
    public static byte[] typeHash(Map<String, List<TypedData.Field>> types, String type) {
        return new Encoder(types).typeHash(type).clone();
    }

    /** {@code keccak256(typeHash || encodeData(value))} of a struct value. */
    public static byte[] hashStruct(Map<String, List<TypedData.Field>> types, String type, Map<String, ?> value) {
        return new Encoder(types).hashStruct(type, value, ValuePath.root(type), 0);
    }

    /** The domain separator: {@code hashStruct("EIP712Domain", domain)}. */
    public static byte[] domainSeparator(TypedData data) {
        return new Encoder(data.types()).hashStruct(TypedData.DOMAIN_TYPE, data.domain(), ValuePath.root("domain"), 0);
    }

    /** The struct hash of the message. */
    public static byte[] messageHash(TypedData data) {
        return new Encoder(data.types()).hashStruct(data.primaryType(), data.message(), ValuePath.root("message"), 0);
    }

    /**
     * The 32-byte digest a wallet signs: {@code keccak256(0x19 0x01 || domainSeparator || hashStruct(message))},
     * or without the message hash when the primary type is {@code EIP712Domain}.
     */
    public static byte[] digest(TypedData data) {
        return new Encoder(data.types()).digest(data);
    }

    /**
     * The chain id the document's domain binds it to, as it is hashed: the value of the {@code chainId} field when
     * {@code EIP712Domain} declares one, else empty (the signature is then valid on every chain where the verifying
     * contract's checks pass). A pinned signer compares it with its chain before it signs.
     *
     * @throws TypedDataException if the domain declares {@code chainId} with a non-integer type or a value that is
     *                            missing or not an integer of that type
     */
    public static java.util.Optional<BigInteger> domainChainId(TypedData data) {
        for (TypedData.Field field : data.types().get(TypedData.DOMAIN_TYPE)) {
            if (!"chainId".equals(field.name())) {
                continue;
            }
            String type = field.type();
            if (!type.matches("u?int(8|16|24|32|40|48|56|64|72|80|88|96|104|112|120|128|136|144|152|160|168|176|184|192"
                    + "|200|208|216|224|232|240|248|256)?")) {
                throw new TypedDataException("domain.chainId is declared as '" + TypeGrammar.shorten(type)
                        + "'; EIP-712 declares it uint256");
            }
            Object value = data.domain().get("chainId");
            if (value == null) {
                throw new TypedDataException("domain.chainId is declared but has no value");
            }
            return java.util.Optional.of(Encoder.integerValue(value, ValuePath.root("domain.chainId"), type));
        }
        return java.util.Optional.empty();
    }

    /** Signs the typed data ({@code eth_signTypedData_v4}); {@link Signature#toBytes65()} gives the wallet form. */
    public static Signature sign(TypedData data, PrivateKey key) {
        return key.signHash(digest(data));
    }

    /**
     * The address that signed the typed data, from a 65-byte signature with v 27/28 or 0/1. Strict
     * ({@link SignatureCheck#STRICT}): typed data serves logins, permits and meta-transactions, where the
     * high-s twin of a signature must not pass as a second, different signature.
     *
     * @throws SignatureException if s is above n/2 or no signer can be recovered
     */
    public static Address recoverSigner(TypedData data, byte[] signature65) {
        return recoverSigner(data, signature65, SignatureCheck.STRICT);
    }

    /** The address that signed the typed data, under {@code check}. */
    public static Address recoverSigner(TypedData data, byte[] signature65, SignatureCheck check) {
        return Secp256k1.recoverAddress(digest(data), Signature.fromBytes65(signature65), check);
    }

    /**
     * Encodes values against one set of types. Work is linear in the document: each struct's own
     * encoding {@code Name(type name,...)}, its direct struct references, its field names and its
     * {@code typeHash} are computed at most once per encoder (one {@link #digest} call), and a type's
     * dependency closure is walked only until its encoding passes {@link TypedData#MAX_ENCODED_TYPE_LENGTH}.
     * Before, every struct re-encoded its closure and looked fields up by a linear scan: a 1 MB document
     * took 75 s.
     */
    static final class Encoder {
        private final Map<String, List<TypedData.Field>> types;
        private final Map<String, String> ownEncodings = new HashMap<>();
        private final Map<String, List<String>> references = new HashMap<>();
        private final Map<String, Set<String>> fieldNames = new HashMap<>();
        private final Map<String, byte[]> typeHashes = new HashMap<>();

        Encoder(Map<String, List<TypedData.Field>> types) {
            this.types = types;
        }

        /** How many struct encodings {@code Name(type name,...)} were built; for tests. */
        int structEncodings() {
            return ownEncodings.size();
        }

        /** How many type hashes were computed; for tests. */
        int typeHashes() {
            return typeHashes.size();
        }

        byte[] digest(TypedData data) {
            byte[] buf = new byte[66];
            buf[0] = 0x19;
            buf[1] = 0x01;
            System.arraycopy(hashStruct(TypedData.DOMAIN_TYPE, data.domain(), ValuePath.root("domain"), 0), 0, buf, 2, 32);
            if (TypedData.DOMAIN_TYPE.equals(data.primaryType())) {
                return Keccak256.hash(buf, 0, 34);
            }
            System.arraycopy(hashStruct(data.primaryType(), data.message(), ValuePath.root("message"), 0), 0, buf, 34, 32);
            return Keccak256.hash(buf);
        }

        /** The cached type hash (callers must not modify it). */
        byte[] typeHash(String type) {
            byte[] hash = typeHashes.get(type);
            if (hash == null) {
                hash = Keccak256.hash(encodeType(type).getBytes(StandardCharsets.UTF_8));
                typeHashes.put(type, hash);
            }
            return hash;
        }

        String encodeType(String primaryType) {
            if (!types.containsKey(primaryType)) {
                throw new TypedDataException("type '" + TypeGrammar.shorten(primaryType) + "' is not declared");
            }
            String own = ownEncoding(primaryType);
            long length = own.length();
            // iterative, so a long chain of struct references cannot overflow the stack
            Set<String> deps = new TreeSet<>();
            List<String> pending = new ArrayList<>();
            pending.add(primaryType);
            while (!pending.isEmpty()) {
                for (String ref : references(pending.remove(pending.size() - 1))) {
                    if (!ref.equals(primaryType) && deps.add(ref)) {
                        length += ownEncoding(ref).length();
                        if (length > TypedData.MAX_ENCODED_TYPE_LENGTH) {
                            throw new TypedDataException("type " + TypeGrammar.shorten(primaryType)
                                    + " encodes (with the " + deps.size() + "+ struct types it references) to more than"
                                    + " TypedData.MAX_ENCODED_TYPE_LENGTH = " + TypedData.MAX_ENCODED_TYPE_LENGTH
                                    + " characters; real EIP-712 types are a few hundred: shorten the names or"
                                    + " split the message");
                        }
                        pending.add(ref);
                    }
                }
            }
            StringBuilder sb = new StringBuilder((int) length).append(own);
            for (String dep : deps) {
                sb.append(ownEncoding(dep));
            }
            return sb.toString();
        }

        /** {@code Name(type1 name1,...)}, built once. */
        private String ownEncoding(String name) {
            String own = ownEncodings.get(name);
            if (own == null) {
                List<TypedData.Field> fields = types.get(name);
                StringBuilder sb = new StringBuilder(name).append('(');
                for (int i = 0; i < fields.size(); i++) {
                    if (i > 0) {
                        sb.append(',');
                    }
                    sb.append(fields.get(i).type()).append(' ').append(fields.get(i).name());
                    if (sb.length() > TypedData.MAX_ENCODED_TYPE_LENGTH) {
                        throw new TypedDataException("type " + TypeGrammar.shorten(name) + " alone encodes to more than"
                                + " TypedData.MAX_ENCODED_TYPE_LENGTH = " + TypedData.MAX_ENCODED_TYPE_LENGTH
                                + " characters: shorten its field names");
                    }
                }
                own = sb.append(')').toString();
                ownEncodings.put(name, own);
            }
            return own;
        }

        /** The struct types {@code name}'s fields refer to (array suffixes removed), computed once. */
        private List<String> references(String name) {
            List<String> refs = references.get(name);
            if (refs == null) {
                refs = new ArrayList<>();
                for (TypedData.Field field : types.get(name)) {
                    String base = TypeGrammar.baseOf(field.type(), name + "." + field.name());
                    if (types.containsKey(base)) {
                        refs.add(base);
                    }
                }
                references.put(name, refs);
            }
            return refs;
        }

        private Set<String> fieldNames(String type, List<TypedData.Field> fields) {
            Set<String> names = fieldNames.get(type);
            if (names == null) {
                names = new java.util.HashSet<>();
                for (TypedData.Field f : fields) {
                    names.add(f.name());
                }
                fieldNames.put(type, names);
            }
            return names;
        }

        byte[] hashStruct(String type, Object value, ValuePath path, int depth) {
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
            Set<String> declared = fieldNames(type, fields);
            for (Object key : map.keySet()) {
                if (!(key instanceof String name) || !declared.contains(name)) {
                    throw new TypedDataException(path + " has field '" + TypeGrammar.shorten(String.valueOf(key))
                            + "' which type " + type + " does not declare");
                }
            }
            byte[] buf = new byte[32 * (fields.size() + 1)];
            System.arraycopy(typeHash(type), 0, buf, 0, 32);
            for (int i = 0; i < fields.size(); i++) {
                TypedData.Field field = fields.get(i);
                ValuePath fieldValuePath = path.field(field.name());
                if (!map.containsKey(field.name())) {
                    throw new TypedDataException(fieldValuePath + " is missing (type " + field.type() + ")");
                }
                encodeValue(field.type(), map.get(field.name()), fieldValuePath, depth + 1, buf, 32 * (i + 1));
            }
            return Keccak256.hash(buf);
        }

        private void encodeValue(String type, Object value, ValuePath path, int depth, byte[] out, int off) {
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

        private void encodeArray(String type, Object value, ValuePath path, int depth, byte[] out, int off) {
            if (depth > MAX_DEPTH) {
                throw new TypedDataException(path + " is nested deeper than " + MAX_DEPTH + " levels");
            }
            int open = type.lastIndexOf('[');
            String elementType = type.substring(0, open);
            if (!(value instanceof List<?> list)) {
                throw new TypedDataException(path + " must be an array (type " + type + "), got " + kind(value));
            }
            if (open + 2 < type.length()) {
                int expected;
                try {
                    expected = TypeGrammar.arrayLength(type.substring(open + 1, type.length() - 1), type, "");
                } catch (TypedDataException e) {
                    throw new TypedDataException(path + e.getMessage(), e);
                }
                if (list.size() != expected) {
                    throw new TypedDataException(path + " must have " + expected + " elements (type " + type
                            + "), got " + list.size());
                }
            }
            byte[] buf = new byte[32 * list.size()];
            for (int i = 0; i < list.size(); i++) {
                encodeValue(elementType, list.get(i), path.index(i), depth + 1, buf, 32 * i);
            }
            Keccak256.hashTo(buf, 0, buf.length, out, off);
        }

        private static void encodeAtomic(String type, Object value, ValuePath path, byte[] out, int off) {
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

        private static void encodeInteger(String type, int bits, Object value, ValuePath path, byte[] out, int off) {
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

        static BigInteger integerValue(Object value, ValuePath path, String type) {
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

        private static byte[] bytesValue(Object value, ValuePath path, String type) {
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
