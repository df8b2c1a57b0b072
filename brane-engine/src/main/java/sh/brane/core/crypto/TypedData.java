package sh.brane.core.crypto;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import sh.brane.core.types.Address;

/**
 * An EIP-712 typed-data message: struct type declarations, the primary type, the domain and the
 * message, as {@code eth_signTypedData_v4} carries them.
 *
 * <p>Values are plain Java objects: {@code Map<String, ?>} for structs, {@code List<?>} for arrays,
 * {@link BigInteger}/{@link Long}/{@link Integer} or decimal/{@code 0x} strings for integers,
 * {@link Boolean}, {@link Address} or hex strings for addresses, {@code byte[]} or hex strings for bytes,
 * {@link String} for strings. Build one with {@link #builder()} or parse wallet JSON with
 * {@link #fromJson(String)}; hash and sign it with {@link Eip712}.
 *
 * <p>Limits, for documents from untrusted senders: at most {@link #MAX_TYPES} struct types of at most
 * {@link #MAX_FIELDS_PER_TYPE} fields each, one type's {@code encodeType} at most
 * {@link #MAX_ENCODED_TYPE_LENGTH} characters, JSON of at most 1 MiB ({@link #fromJson}); values nest at
 * most 64 levels. Within them hashing is linear in the document (figures in docs/security.md).
 *
 * @param types       struct name to its ordered fields; always contains {@code EIP712Domain}
 * @param primaryType the type of {@code message}
 * @param domain      the domain values, typed by {@code types.get("EIP712Domain")}
 * @param message     the message values, typed by {@code types.get(primaryType)}
 */
public record TypedData(Map<String, List<Field>> types, String primaryType, Map<String, Object> domain,
        Map<String, Object> message) {

    /** The name of the domain struct type. */
    public static final String DOMAIN_TYPE = "EIP712Domain";

    /**
     * Most struct types one document may declare, {@code EIP712Domain} included. Real protocols declare
     * a handful (Seaport, the largest in common use, about ten); the cap bounds the work an untrusted
     * document (a login, a meta-transaction) can ask of a verifier.
     */
    public static final int MAX_TYPES = 256;

    /** Most fields one struct type may declare. */
    public static final int MAX_FIELDS_PER_TYPE = 256;

    /**
     * Longest {@code encodeType} of one type (its own declaration followed by every struct it references),
     * in characters. Refused when a value of that type is hashed, with this limit named.
     */
    public static final int MAX_ENCODED_TYPE_LENGTH = 16 * 1024;

    /** One member of a struct type: {@code type name}, e.g. {@code address wallet} or {@code Person[] to}. */
    public record Field(String name, String type) {
        public Field {
            if (name == null || type == null) {
                throw new TypedDataException("a struct field needs a name and a type, got name=" + name + ", type=" + type);
            }
        }
    }

    /** Validates the type declarations (names, field types, primary type); values are checked when hashed. */
    public TypedData {
        if (types == null || primaryType == null || domain == null || message == null) {
            throw new TypedDataException("typed data needs types, primaryType, domain and message");
        }
        TypeGrammar.validate(types);
        Map<String, List<Field>> copy = new LinkedHashMap<>();
        types.forEach((name, fields) -> copy.put(name, List.copyOf(fields)));
        types = Collections.unmodifiableMap(copy);
        if (!types.containsKey(DOMAIN_TYPE)) {
            throw new TypedDataException("types has no EIP712Domain declaration");
        }
        if (!types.containsKey(primaryType)) {
            throw new TypedDataException("primaryType '" + primaryType + "' is not declared in types");
        }
    }

    /** Parses the JSON a dapp sends for {@code eth_signTypedData_v4}. */
    public static TypedData fromJson(String json) {
        return TypedDataJson.parse(json);
    }

    /** A builder for typed data described in Java. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The standard EIP-712 domain. Null members are left out of the {@code EIP712Domain} type, the
     * others appear in the order of the EIP: name, version, chainId, verifyingContract, salt.
     */
    public record Domain(String name, String version, BigInteger chainId, Address verifyingContract, byte[] salt) {

        /** A domain with name, version, chain id and verifying contract, the common case. */
        public static Domain of(String name, String version, long chainId, Address verifyingContract) {
            return new Domain(name, version, BigInteger.valueOf(chainId), verifyingContract, null);
        }

        List<Field> fields() {
            List<Field> fields = new ArrayList<>(5);
            if (name != null) {
                fields.add(new Field("name", "string"));
            }
            if (version != null) {
                fields.add(new Field("version", "string"));
            }
            if (chainId != null) {
                fields.add(new Field("chainId", "uint256"));
            }
            if (verifyingContract != null) {
                fields.add(new Field("verifyingContract", "address"));
            }
            if (salt != null) {
                fields.add(new Field("salt", "bytes32"));
            }
            return fields;
        }

        Map<String, Object> values() {
            Map<String, Object> values = new LinkedHashMap<>();
            if (name != null) {
                values.put("name", name);
            }
            if (version != null) {
                values.put("version", version);
            }
            if (chainId != null) {
                values.put("chainId", chainId);
            }
            if (verifyingContract != null) {
                values.put("verifyingContract", verifyingContract);
            }
            if (salt != null) {
                values.put("salt", salt.clone());
            }
            return values;
        }
    }

    /** Collects struct declarations, the domain and the message. */
    public static final class Builder {
        private final Map<String, List<Field>> types = new LinkedHashMap<>();
        private Map<String, Object> domain;
        private String primaryType;
        private Map<String, Object> message;

        private Builder() {
        }

        /** Declares a struct type; {@code fields} alternate type and name: {@code "address", "wallet", "string", "name"}. */
        public Builder type(String name, String... typeThenName) {
            if (typeThenName.length % 2 != 0) {
                throw new TypedDataException("type " + name + ": fields must be given as type, name pairs");
            }
            List<Field> fields = new ArrayList<>(typeThenName.length / 2);
            for (int i = 0; i < typeThenName.length; i += 2) {
                fields.add(new Field(typeThenName[i + 1], typeThenName[i]));
            }
            types.put(name, List.copyOf(fields));
            return this;
        }

        /** Declares a struct type from field records. */
        public Builder type(String name, List<Field> fields) {
            types.put(name, List.copyOf(fields));
            return this;
        }

        /** Uses the standard domain and declares {@code EIP712Domain} to match it. */
        public Builder domain(Domain domain) {
            types.put(DOMAIN_TYPE, domain.fields());
            this.domain = domain.values();
            return this;
        }

        /** Sets the primary type and the message values. */
        public Builder message(String primaryType, Map<String, ?> message) {
            this.primaryType = primaryType;
            this.message = new LinkedHashMap<>(message);
            return this;
        }

        public TypedData build() {
            if (domain == null) {
                throw new TypedDataException("typed data needs a domain");
            }
            return new TypedData(types, primaryType, domain, message);
        }
    }
}
