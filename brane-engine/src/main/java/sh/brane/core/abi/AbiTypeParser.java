package sh.brane.core.abi;

import java.util.ArrayList;
import java.util.List;

/** Recursive-descent parser for canonical Solidity type strings. */
final class AbiTypeParser {

    /** Longer type strings are refused outright; real ones are a few hundred characters. */
    static final int MAX_LENGTH = 16_384;

    private final String s;
    private int pos;

    private AbiTypeParser(String s) {
        this.s = s;
    }

    static AbiType parse(String type) {
        if (type == null) {
            throw new AbiParseException("type string is null");
        }
        if (type.length() > MAX_LENGTH) {
            throw new AbiParseException("type string is " + type.length() + " characters long; at most "
                    + MAX_LENGTH + " are accepted");
        }
        AbiTypeParser p = new AbiTypeParser(type);
        AbiType t = p.parseType(0);
        if (p.pos != type.length()) {
            throw p.error("unexpected '" + type.charAt(p.pos) + "'"
                    + (type.charAt(p.pos) == ')' ? " (unbalanced parentheses)" : ""));
        }
        return t;
    }

    private AbiType parseType(int depth) {
        if (depth > AbiType.MAX_DEPTH) {
            throw error("nesting deeper than " + AbiType.MAX_DEPTH + " levels");
        }
        AbiType base;
        if (pos < s.length() && s.charAt(pos) == '(') {
            base = parseTuple(depth);
        } else {
            base = parseElementary();
        }
        while (pos < s.length() && s.charAt(pos) == '[') {
            int open = pos++;
            int start = pos;
            while (pos < s.length() && s.charAt(pos) >= '0' && s.charAt(pos) <= '9') {
                pos++;
            }
            if (pos >= s.length() || s.charAt(pos) != ']') {
                pos = open;
                throw error("array suffix must be [] or [<decimal length>]");
            }
            String digits = s.substring(start, pos);
            pos++;
            if (digits.isEmpty()) {
                base = AbiType.array(base);
                continue;
            }
            if (digits.length() > 9 || (digits.length() > 1 && digits.charAt(0) == '0')) {
                pos = open;
                throw error("array length '" + digits + "' is not a plain decimal below 10^9");
            }
            try {
                base = AbiType.array(base, Integer.parseInt(digits));
            } catch (AbiParseException e) {
                pos = open;
                throw error(e.getMessage());
            }
        }
        return base;
    }

    private AbiType parseTuple(int depth) {
        int open = pos++;
        List<AbiType> components = new ArrayList<>();
        if (pos < s.length() && s.charAt(pos) == ')') {
            pos++;
            return AbiType.tuple(components);
        }
        while (true) {
            components.add(parseType(depth + 1));
            if (pos >= s.length()) {
                pos = open;
                throw error("tuple is never closed (unbalanced parentheses)");
            }
            char c = s.charAt(pos);
            if (c == ',') {
                pos++;
            } else if (c == ')') {
                pos++;
                return AbiType.tuple(components);
            } else {
                throw error("expected ',' or ')' in tuple, found '" + c + "'");
            }
        }
    }

    private AbiType parseElementary() {
        int start = pos;
        while (pos < s.length() && isNameChar(s.charAt(pos))) {
            pos++;
        }
        String name = s.substring(start, pos);
        if (name.isEmpty()) {
            pos = start;
            throw error(pos >= s.length() ? "missing type" : "expected a type name, found '" + s.charAt(pos) + "'");
        }
        switch (name) {
            case "address":
                return AbiType.ADDRESS;
            case "bool":
                return AbiType.BOOL;
            case "string":
                return AbiType.STRING;
            case "bytes":
                return AbiType.BYTES;
            case "uint":
                return AbiType.UINT256;
            case "int":
                return AbiType.INT256;
            default:
                break;
        }
        try {
            if (name.startsWith("uint")) {
                return AbiType.uintN(number(name, 4, start));
            }
            if (name.startsWith("int")) {
                return AbiType.intN(number(name, 3, start));
            }
            if (name.startsWith("bytes")) {
                return AbiType.bytesN(number(name, 5, start));
            }
        } catch (AbiParseException e) {
            pos = start;
            throw error(e.getMessage());
        }
        pos = start;
        if (name.startsWith("fixed") || name.startsWith("ufixed") || name.equals("function")) {
            throw error("'" + name + "' is not supported by this ABI implementation");
        }
        throw error("unknown type '" + name + "'; expected uintN, intN, address, bool, bytesN, bytes, string, "
                + "a tuple (...) or an array of one of them");
    }

    private int number(String name, int from, int start) {
        String digits = name.substring(from);
        if (digits.isEmpty() || digits.length() > 3 || digits.charAt(0) == '0') {
            throw new AbiParseException("'" + name + "' is not a Solidity type");
        }
        int n = 0;
        for (int i = 0; i < digits.length(); i++) {
            char c = digits.charAt(i);
            if (c < '0' || c > '9') {
                throw new AbiParseException("'" + name + "' is not a Solidity type");
            }
            n = n * 10 + (c - '0');
        }
        return n;
    }

    private static boolean isNameChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    }

    private AbiParseException error(String problem) {
        return new AbiParseException("invalid ABI type \"" + preview() + "\" at position " + pos + ": " + problem);
    }

    private String preview() {
        return s.length() <= 120 ? s : s.substring(0, 117) + "...";
    }
}
