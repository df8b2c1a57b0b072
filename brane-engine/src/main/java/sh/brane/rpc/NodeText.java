package sh.brane.rpc;

/**
 * Text that came from a node, made safe for a log line or an exception message: a node may send forged log lines
 * (CR/LF), terminal escapes, bidi overrides or a 10 MB id. Every character that does not print as itself (controls,
 * DEL, format characters, line separators, unassigned code points, lone surrogates) is escaped, and the result is
 * cut at {@value #MAX_CHARS} characters with a marker. Backslashes stay: the aim is one readable line, not a
 * reversible encoding.
 */
public final class NodeText {

    /** The longest text kept, in characters after escaping; a marker follows when more was sent. */
    public static final int MAX_CHARS = 256;

    private NodeText() { }

    /** {@code text} escaped and cut to {@value #MAX_CHARS} characters; "null" for null. */
    public static String of(String text) {
        return of(text, MAX_CHARS);
    }

    /** {@code value.toString()} escaped and cut; "null" for null. */
    public static String of(Object value) {
        return of(value == null ? null : value.toString(), MAX_CHARS);
    }

    /** {@code text} escaped and cut to {@code maxChars} characters (at least 16). */
    public static String of(String text, int maxChars) {
        if (text == null) {
            return "null";
        }
        int max = Math.max(16, maxChars);
        if (text.length() <= max && isClean(text)) {
            return text;
        }
        StringBuilder out = new StringBuilder(Math.min(text.length(), max) + 32);
        int i = 0;
        while (i < text.length() && out.length() < max) {
            int cp = text.codePointAt(i);
            int n = Character.charCount(cp);
            if (printable(cp)) {
                out.appendCodePoint(cp);
            } else {
                escape(out, cp, text.charAt(i));
            }
            i += n;
        }
        if (i < text.length()) {
            out.append("...[").append(text.length() - i).append(" more chars]");
        }
        return out.toString();
    }

    private static boolean isClean(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            // the common case, plain ASCII, is decided here without code point work
            if (c < 0x20 || c >= 0x7f && !printable(text.codePointAt(i))) {
                return false;
            }
            if (Character.isHighSurrogate(c)) {
                i++;
            }
        }
        return true;
    }

    private static boolean printable(int cp) {
        if (cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp <= 0x9f)) {
            return false;
        }
        if (cp < 0x7f) {
            return true;
        }
        return switch (Character.getType(cp)) {
            case Character.CONTROL, Character.FORMAT, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR,
                 Character.SURROGATE, Character.UNASSIGNED, Character.PRIVATE_USE -> false;
            default -> true;
        };
    }

    private static void escape(StringBuilder out, int cp, char first) {
        switch (cp) {
            case '\n' -> out.append("\\n");
            case '\r' -> out.append("\\r");
            case '\t' -> out.append("\\t");
            default -> {
                if (Character.isSupplementaryCodePoint(cp)) {
                    out.append("\\u").append(hex4(Character.highSurrogate(cp)))
                        .append("\\u").append(hex4(Character.lowSurrogate(cp)));
                } else {
                    out.append("\\u").append(hex4(first));
                }
            }
        }
    }

    private static String hex4(char c) {
        String h = Integer.toHexString(c);
        return "0000".substring(h.length()) + h;
    }
}
