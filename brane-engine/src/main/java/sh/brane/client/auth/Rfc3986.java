package sh.brane.client.auth;

/**
 * The parts of RFC 3986's grammar that EIP-4361 messages use: scheme, authority, URI, the characters of a statement
 * and of a request id. Each check answers whether the whole string matches the rule; none normalises.
 */
final class Rfc3986 {

    private static final String SUB_DELIMS = "!$&'()*+,;=";
    private static final String GEN_DELIMS = ":/?#[]@";

    private Rfc3986() {
    }

    /** {@code scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )}. */
    static boolean isScheme(String s) {
        if (s.isEmpty() || !isAlpha(s.charAt(0))) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!isAlpha(c) && !isDigit(c) && c != '+' && c != '-' && c != '.') {
                return false;
            }
        }
        return true;
    }

    /** {@code URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]}. */
    static boolean isUri(String s) {
        int colon = s.indexOf(':');
        if (colon <= 0 || !isScheme(s.substring(0, colon))) {
            return false;
        }
        String rest = s.substring(colon + 1);
        int hash = rest.indexOf('#');
        if (hash >= 0) {
            if (!isQueryOrFragment(rest.substring(hash + 1))) {
                return false;
            }
            rest = rest.substring(0, hash);
        }
        int question = rest.indexOf('?');
        if (question >= 0) {
            if (!isQueryOrFragment(rest.substring(question + 1))) {
                return false;
            }
            rest = rest.substring(0, question);
        }
        if (rest.startsWith("//")) {
            int slash = rest.indexOf('/', 2);
            String authority = slash < 0 ? rest.substring(2) : rest.substring(2, slash);
            String path = slash < 0 ? "" : rest.substring(slash);
            return isAuthority(authority, false) && isPath(path);
        }
        return isPath(rest);
    }

    /**
     * {@code authority = [ userinfo "@" ] host [ ":" port ]}; with {@code hostRequired} an empty host (which RFC 3986
     * allows, e.g. {@code file:///}) is refused.
     */
    static boolean isAuthority(String s, boolean hostRequired) {
        String hostPort = s;
        int at = s.indexOf('@');
        if (at >= 0) {
            if (!allOf(s.substring(0, at), ":")) {
                return false;
            }
            hostPort = s.substring(at + 1);
        }
        String host;
        String port;
        if (hostPort.startsWith("[")) {
            int close = hostPort.indexOf(']');
            if (close < 0 || !isIpLiteral(hostPort.substring(1, close))) {
                return false;
            }
            host = hostPort.substring(0, close + 1);
            String after = hostPort.substring(close + 1);
            if (!after.isEmpty() && !after.startsWith(":")) {
                return false;
            }
            port = after.isEmpty() ? "" : after.substring(1);
        } else {
            int colon = hostPort.lastIndexOf(':');
            host = colon < 0 ? hostPort : hostPort.substring(0, colon);
            port = colon < 0 ? "" : hostPort.substring(colon + 1);
            if (!allOf(host, "")) {
                return false;
            }
        }
        for (int i = 0; i < port.length(); i++) {
            if (!isDigit(port.charAt(i))) {
                return false;
            }
        }
        return !(hostRequired && host.isEmpty());
    }

    /** EIP-4361's statement: {@code *( reserved / unreserved / " " )}; no percent sign, no line break. */
    static boolean isStatement(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!isUnreserved(c) && c != ' ' && SUB_DELIMS.indexOf(c) < 0 && GEN_DELIMS.indexOf(c) < 0) {
                return false;
            }
        }
        return true;
    }

    /** {@code *pchar}, where {@code pchar = unreserved / pct-encoded / sub-delims / ":" / "@"}. */
    static boolean isPchars(String s) {
        return allOf(s, ":@");
    }

    private static boolean isPath(String s) {
        return allOf(s, ":@/");
    }

    private static boolean isQueryOrFragment(String s) {
        return allOf(s, ":@/?");
    }

    /** Whether every character is unreserved, a sub-delim, part of a pct-encoded triple, or one of {@code extra}. */
    private static boolean allOf(String s, String extra) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%') {
                if (i + 2 >= s.length() || !isHex(s.charAt(i + 1)) || !isHex(s.charAt(i + 2))) {
                    return false;
                }
                i += 2;
            } else if (!isUnreserved(c) && SUB_DELIMS.indexOf(c) < 0 && extra.indexOf(c) < 0) {
                return false;
            }
        }
        return true;
    }

    /** {@code IP-literal} without its brackets: an IPv6 address, or {@code IPvFuture = "v" 1*HEXDIG "." 1*(...)}. */
    private static boolean isIpLiteral(String s) {
        if (s.startsWith("v") || s.startsWith("V")) {
            int dot = s.indexOf('.');
            if (dot < 2 || dot == s.length() - 1) {
                return false;
            }
            for (int i = 1; i < dot; i++) {
                if (!isHex(s.charAt(i))) {
                    return false;
                }
            }
            String tail = s.substring(dot + 1);
            return !tail.contains("%") && allOf(tail, ":");
        }
        return isIpv6(s);
    }

    /** RFC 4291 text form: eight groups of up to 4 hex digits, one {@code ::} at most, an IPv4 tail allowed. */
    private static boolean isIpv6(String s) {
        int doubleColon = s.indexOf("::");
        if (doubleColon >= 0 && s.indexOf("::", doubleColon + 1) >= 0) {
            return false;
        }
        String[] halves = doubleColon >= 0
                ? new String[] {s.substring(0, doubleColon), s.substring(doubleColon + 2)}
                : new String[] {s};
        int groups = 0;
        for (int h = 0; h < halves.length; h++) {
            if (halves[h].isEmpty()) {
                continue;
            }
            String[] parts = halves[h].split(":", -1);
            for (int p = 0; p < parts.length; p++) {
                boolean last = h == halves.length - 1 && p == parts.length - 1;
                if (last && parts[p].contains(".")) {
                    if (!isIpv4(parts[p])) {
                        return false;
                    }
                    groups += 2;
                } else if (parts[p].isEmpty() || parts[p].length() > 4
                        || !parts[p].chars().allMatch(c -> isHex((char) c))) {
                    return false;
                } else {
                    groups++;
                }
            }
        }
        return doubleColon >= 0 ? groups <= 7 : groups == 8;
    }

    private static boolean isIpv4(String s) {
        String[] octets = s.split("\\.", -1);
        if (octets.length != 4) {
            return false;
        }
        for (String o : octets) {
            if (o.isEmpty() || o.length() > 3 || !o.chars().allMatch(c -> isDigit((char) c))
                    || (o.length() > 1 && o.charAt(0) == '0') || Integer.parseInt(o) > 255) {
                return false;
            }
        }
        return true;
    }

    private static boolean isUnreserved(char c) {
        return isAlpha(c) || isDigit(c) || c == '-' || c == '.' || c == '_' || c == '~';
    }

    static boolean isAlpha(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isHex(char c) {
        return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }
}
