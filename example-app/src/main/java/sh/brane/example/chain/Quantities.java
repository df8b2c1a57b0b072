package sh.brane.example.chain;

import java.math.BigInteger;

import tools.jackson.databind.JsonNode;

/** Reads JSON-RPC quantities ({@code "0x1a"}) out of node answers. */
public final class Quantities {

    private Quantities() {
    }

    public static BigInteger big(JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return null;
        }
        String s = node.asString();
        if (!s.startsWith("0x")) {
            throw new IllegalStateException("node sent " + s + " where a hex quantity was expected");
        }
        return s.length() == 2 ? BigInteger.ZERO : new BigInteger(s.substring(2), 16);
    }

    public static long longValue(JsonNode node) {
        BigInteger v = big(node);
        return v == null ? -1 : v.longValueExact();
    }

    public static String hex(BigInteger value) {
        return "0x" + value.toString(16);
    }
}
