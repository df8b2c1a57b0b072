package sh.brane.client;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.primitives.Hex;
import sh.brane.primitives.InvalidEncodingException;
import sh.brane.rpc.InvalidResponseException;
import sh.brane.rpc.NodeText;
import tools.jackson.databind.JsonNode;

/**
 * Strict readers for the fields of a node's JSON answers. Every failure is an {@link InvalidResponseException}
 * whose message names the object, the field and what was expected, e.g.
 * {@code "receipt.gasUsed: expected a hex quantity, got 12"}.
 */
final class Json {
    /** Quantities longer than this many hex digits are rejected before any BigInteger is built (uint256 max). */
    private static final int MAX_QUANTITY_DIGITS = 64;

    private Json() {
    }

    static JsonNode object(JsonNode node, String where) {
        if (node == null || !node.isObject()) {
            throw bad(where, "expected a JSON object", node);
        }
        return node;
    }

    static JsonNode array(JsonNode node, String where) {
        if (node == null || !node.isArray()) {
            throw bad(where, "expected a JSON array", node);
        }
        return node;
    }

    static JsonNode field(JsonNode obj, String name, String where) {
        JsonNode v = obj.get(name);
        if (v == null || v.isNull()) {
            throw new InvalidResponseException(where + "." + name + ": missing");
        }
        return v;
    }

    static boolean present(JsonNode obj, String name) {
        JsonNode v = obj.get(name);
        return v != null && !v.isNull();
    }

    static String string(JsonNode v, String where) {
        if (v == null || !v.isString()) {
            throw bad(where, "expected a string", v);
        }
        return v.asString();
    }

    /** A hex quantity that fits a non-negative long. */
    static long quantityLong(JsonNode v, String where) {
        String s = quantityDigits(v, where);
        int start = 2;
        while (start < s.length() - 1 && s.charAt(start) == '0') {
            start++; // tolerated leading zeros do not count towards the 16 digits of a long
        }
        if (s.length() - start > 16 || (s.length() - start == 16 && Character.digit(s.charAt(start), 16) > 7)) {
            throw bad(where, "quantity too large for a long (at most 0x7fffffffffffffff)", v);
        }
        long out = 0;
        for (int i = start; i < s.length(); i++) {
            out = (out << 4) | Character.digit(s.charAt(i), 16);
        }
        return out;
    }

    /** A hex quantity of at most 256 bits. */
    static BigInteger quantity(JsonNode v, String where) {
        String s = quantityDigits(v, where);
        if (s.length() - 2 <= 16 && quantityFitsLong(s)) {
            return BigInteger.valueOf(quantityLong(v, where));
        }
        return new BigInteger(s.substring(2), 16);
    }

    private static boolean quantityFitsLong(String s) {
        return s.length() - 2 < 16 || Character.digit(s.charAt(2), 16) <= 7;
    }

    /** Checks "0x" + 1..64 hex digits (leading zeros tolerated, as some nodes send them); returns the string. */
    private static String quantityDigits(JsonNode v, String where) {
        if (v == null || !v.isString()) {
            throw bad(where, "expected a hex quantity string", v);
        }
        String s = v.asString();
        if (s.length() < 3 || s.charAt(0) != '0' || (s.charAt(1) != 'x' && s.charAt(1) != 'X')) {
            throw bad(where, "expected a hex quantity like 0x1a", v);
        }
        if (s.length() - 2 > MAX_QUANTITY_DIGITS) {
            throw bad(where, "quantity longer than 256 bits", v);
        }
        for (int i = 2; i < s.length(); i++) {
            if (Character.digit(s.charAt(i), 16) < 0) {
                throw bad(where, "non-hex character at index " + i + " of quantity", v);
            }
        }
        return s;
    }

    static Address address(JsonNode v, String where) {
        String s = string(v, where);
        try {
            return Address.of(s);
        } catch (InvalidEncodingException e) {
            throw new InvalidResponseException(where + ": not an address: " + NodeText.of(e.getMessage()), e);
        }
    }

    static Hash hash(JsonNode v, String where) {
        String s = string(v, where);
        try {
            return Hash.of(s);
        } catch (InvalidEncodingException e) {
            throw new InvalidResponseException(where + ": not a 32-byte hash: " + NodeText.of(e.getMessage()), e);
        }
    }

    static byte[] bytes(JsonNode v, String where) {
        String s = string(v, where);
        if (!s.startsWith("0x")) {
            throw bad(where, "expected 0x-prefixed hex data", v);
        }
        try {
            return Hex.decode(s);
        } catch (InvalidEncodingException e) {
            throw new InvalidResponseException(where + ": not hex data: " + NodeText.of(e.getMessage()), e);
        }
    }

    static List<Hash> hashes(JsonNode v, String where) {
        array(v, where);
        List<Hash> out = new ArrayList<>(v.size());
        for (int i = 0; i < v.size(); i++) {
            out.add(hash(v.get(i), where + "[" + i + "]"));
        }
        return List.copyOf(out);
    }

    // -- field shortcuts

    static long longField(JsonNode obj, String name, String where) {
        return quantityLong(field(obj, name, where), where + "." + name);
    }

    static BigInteger bigField(JsonNode obj, String name, String where) {
        return quantity(field(obj, name, where), where + "." + name);
    }

    static BigInteger optBigField(JsonNode obj, String name, String where) {
        return present(obj, name) ? quantity(obj.get(name), where + "." + name) : null;
    }

    static Long optLongField(JsonNode obj, String name, String where) {
        return present(obj, name) ? quantityLong(obj.get(name), where + "." + name) : null;
    }

    static Address addressField(JsonNode obj, String name, String where) {
        return address(field(obj, name, where), where + "." + name);
    }

    static Address optAddressField(JsonNode obj, String name, String where) {
        return present(obj, name) ? address(obj.get(name), where + "." + name) : null;
    }

    static Hash hashField(JsonNode obj, String name, String where) {
        return hash(field(obj, name, where), where + "." + name);
    }

    static Hash optHashField(JsonNode obj, String name, String where) {
        return present(obj, name) ? hash(obj.get(name), where + "." + name) : null;
    }

    static byte[] bytesField(JsonNode obj, String name, String where) {
        return bytes(field(obj, name, where), where + "." + name);
    }

    static InvalidResponseException bad(String where, String what, JsonNode got) {
        return new InvalidResponseException(where + ": " + what + ", got " + describe(got));
    }

    private static String describe(JsonNode node) {
        if (node == null || node.isMissingNode()) {
            return "nothing";
        }
        // the node's text, escaped (JSON leaves bidi overrides, DEL and C1 controls raw) and cut
        return NodeText.of(node.toString(), 80);
    }
}
