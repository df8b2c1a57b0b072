package sh.brane.core.crypto;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The EIP-712 type grammar: identifiers, atomic types, array suffixes. */
final class TypeGrammar {

    /** Longest type or field name accepted; real ones are far shorter. */
    static final int MAX_NAME_LENGTH = 256;

    private TypeGrammar() {
    }

    /** Checks every struct name, field name and field type; every referenced struct must be declared. */
    static void validate(Map<String, List<TypedData.Field>> types) {
        if (types.size() > TypedData.MAX_TYPES) {
            throw new TypedDataException("typed data declares " + types.size() + " types, more than"
                    + " TypedData.MAX_TYPES = " + TypedData.MAX_TYPES + "; real documents declare a handful");
        }
        for (Map.Entry<String, List<TypedData.Field>> entry : types.entrySet()) {
            String struct = entry.getKey();
            if (!isIdentifier(struct)) {
                throw new TypedDataException("type name '" + shorten(struct) + "' is not a valid identifier");
            }
            if (isAtomic(struct)) {
                throw new TypedDataException("type name '" + struct + "' is an atomic type and cannot be redeclared");
            }
            List<TypedData.Field> fields = entry.getValue();
            if (fields == null) {
                throw new TypedDataException("type " + struct + " has no field list");
            }
            if (fields.size() > TypedData.MAX_FIELDS_PER_TYPE) {
                throw new TypedDataException("type " + shorten(struct) + " declares " + fields.size()
                        + " fields, more than TypedData.MAX_FIELDS_PER_TYPE = " + TypedData.MAX_FIELDS_PER_TYPE);
            }
            Set<String> names = new HashSet<>();
            for (TypedData.Field field : fields) {
                if (field == null) {
                    throw new TypedDataException("type " + struct + " has a null field");
                }
                if (!isIdentifier(field.name())) {
                    throw new TypedDataException("type " + struct + ": field name '" + shorten(field.name())
                            + "' is not a valid identifier");
                }
                if (!names.add(field.name())) {
                    throw new TypedDataException("type " + struct + " declares field '" + field.name() + "' twice");
                }
                checkType(types, field.type(), struct + "." + field.name());
            }
        }
    }

    private static void checkType(Map<String, List<TypedData.Field>> types, String type, String where) {
        String base = baseOf(type, where);
        if (!isAtomic(base) && !types.containsKey(base)) {
            throw new TypedDataException(where + " has unknown type '" + shorten(type)
                    + "' (not an atomic type and not declared in types)");
        }
    }

    /** The type without array suffixes; checks the suffixes are {@code []} or {@code [k]} with k >= 1. */
    static String baseOf(String type, String where) {
        int open = type.indexOf('[');
        if (open < 0) {
            return type;
        }
        int i = open;
        while (i < type.length()) {
            if (type.charAt(i) != '[') {
                throw new TypedDataException(where + " has malformed type '" + shorten(type) + "'");
            }
            int close = type.indexOf(']', i);
            if (close < 0) {
                throw new TypedDataException(where + " has malformed type '" + shorten(type) + "': missing ]");
            }
            if (close > i + 1) {
                arrayLength(type.substring(i + 1, close), type, where);
            }
            i = close + 1;
        }
        return type.substring(0, open);
    }

    /** Parses the k of {@code [k]}: 1 to 2^31-1, decimal, no leading zeros. */
    static int arrayLength(String digits, String type, String where) {
        if (digits.length() > 9 || digits.charAt(0) == '0') {
            throw new TypedDataException(where + " has unsupported array length in type '" + shorten(type) + "'");
        }
        int n = 0;
        for (int i = 0; i < digits.length(); i++) {
            char c = digits.charAt(i);
            if (c < '0' || c > '9') {
                throw new TypedDataException(where + " has malformed array length in type '" + shorten(type) + "'");
            }
            n = n * 10 + (c - '0');
        }
        return n;
    }

    static boolean isIdentifier(String s) {
        if (s == null || s.isEmpty() || s.length() > MAX_NAME_LENGTH) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
            if (!letter && (i == 0 || c < '0' || c > '9')) {
                return false;
            }
        }
        return true;
    }

    static boolean isAtomic(String t) {
        return switch (t) {
            case "bool", "address", "string", "bytes" -> true;
            default -> intBits(t) > 0 || fixedBytesLength(t) > 0;
        };
    }

    /** For {@code uintN}/{@code intN} (N = 8..256, multiple of 8) the bit size N, else -1. */
    static int intBits(String t) {
        String digits;
        if (t.startsWith("uint")) {
            digits = t.substring(4);
        } else if (t.startsWith("int")) {
            digits = t.substring(3);
        } else {
            return -1;
        }
        int n = smallNumber(digits);
        return n >= 8 && n <= 256 && n % 8 == 0 ? n : -1;
    }

    /** For {@code bytesN} (N = 1..32) the length N, else -1. */
    static int fixedBytesLength(String t) {
        if (!t.startsWith("bytes")) {
            return -1;
        }
        int n = smallNumber(t.substring(5));
        return n >= 1 && n <= 32 ? n : -1;
    }

    private static int smallNumber(String digits) {
        if (digits.isEmpty() || digits.length() > 3 || digits.charAt(0) == '0') {
            return -1;
        }
        int n = 0;
        for (int i = 0; i < digits.length(); i++) {
            char c = digits.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            n = n * 10 + (c - '0');
        }
        return n;
    }

    static String shorten(String s) {
        if (s == null) {
            return "null";
        }
        return s.length() <= 64 ? s : s.substring(0, 61) + "...";
    }
}
