package sh.brane.client.auth;

import java.util.ArrayList;
import java.util.List;

import sh.brane.core.types.Address;
import sh.brane.core.types.AddressFormatException;

/**
 * Reads an EIP-4361 message line by line, in the ABNF's order. The grammar has no ambiguity at line level: after
 * the address and one empty line comes either an empty line and {@code URI: } (no statement) or the statement line
 * and an empty line, so no backtracking is needed. Field values are then checked by {@link SiweMessage}'s
 * constructor.
 */
final class SiweParser {

    /** The longest message read: far above any real one, so a hostile input cannot make the parser work long. */
    static final int MAX_LENGTH = 64 * 1024;

    private final String[] lines;
    private int next;

    private SiweParser(String[] lines) {
        this.lines = lines;
    }

    static SiweMessage parse(String message) {
        if (message == null || message.isEmpty()) {
            throw new SiweException("message", "empty");
        }
        if (message.length() > MAX_LENGTH) {
            throw new SiweException("message", message.length() + " characters, over the " + MAX_LENGTH
                    + " this parser reads");
        }
        int cr = message.indexOf('\r');
        if (cr >= 0) {
            throw new SiweException("message", "carriage return at character " + cr + ": EIP-4361 lines end with"
                    + " LF alone");
        }
        return new SiweParser(message.split("\n", -1)).read();
    }

    private SiweMessage read() {
        String header = line("domain");
        if (!header.endsWith(SiweMessage.HEADER)) {
            throw new SiweException("message", "the first line must be \"<domain>" + SiweMessage.HEADER
                    + "\", got \"" + header + "\"");
        }
        String origin = header.substring(0, header.length() - SiweMessage.HEADER.length());
        String scheme = null;
        String domain = origin;
        int separator = origin.indexOf("://");
        if (separator >= 0) {
            scheme = origin.substring(0, separator);
            domain = origin.substring(separator + 3);
        }
        Address address = address(line("address"));
        empty("address");
        String statement = null;
        String third = line("uri");
        if (!third.isEmpty()) {
            statement = third;
            empty("statement");
        } else if (next < lines.length && !lines[next].startsWith("URI: ")) {
            statement = "";
            empty("statement");
        }
        String uri = field("uri", "URI: ");
        String version = field("version", "Version: ");
        long chainId = chainId(field("chain-id", "Chain ID: "));
        String nonce = field("nonce", "Nonce: ");
        SiweTime issuedAt = SiweTime.parse("issued-at", field("issued-at", "Issued At: "));
        SiweTime expirationTime = optional("Expiration Time: ") ? SiweTime.parse("expiration-time",
                field("expiration-time", "Expiration Time: ")) : null;
        SiweTime notBefore = optional("Not Before: ")
                ? SiweTime.parse("not-before", field("not-before", "Not Before: ")) : null;
        String requestId = optional("Request ID: ") ? field("request-id", "Request ID: ") : null;
        List<String> resources = null;
        if (next < lines.length && lines[next].equals("Resources:")) {
            next++;
            resources = new ArrayList<>();
            while (next < lines.length && lines[next].startsWith("- ")) {
                resources.add(lines[next++].substring(2));
            }
        }
        if (next < lines.length) {
            throw new SiweException("message", "unexpected line " + (next + 1) + " \"" + lines[next]
                    + "\": after Issued At only Expiration Time, Not Before, Request ID and Resources may follow,"
                    + " in that order, and nothing after the last one (not even a line break)");
        }
        return new SiweMessage(scheme, domain, address, statement, uri, version, chainId, nonce, issuedAt,
                expirationTime, notBefore, requestId, resources);
    }

    private String line(String field) {
        if (next >= lines.length) {
            throw new SiweException(field, "missing: the message ends at line " + lines.length);
        }
        return lines[next++];
    }

    private void empty(String after) {
        String l = line("uri");
        if (!l.isEmpty()) {
            throw new SiweException("message", "line " + next + " after the " + after + " must be empty, got \""
                    + l + "\"");
        }
    }

    private String field(String field, String prefix) {
        String l = line(field);
        if (!l.startsWith(prefix)) {
            throw new SiweException(field, "line " + next + " must start with \"" + prefix + "\", got \"" + l + "\"");
        }
        return l.substring(prefix.length());
    }

    private boolean optional(String prefix) {
        return next < lines.length && lines[next].startsWith(prefix);
    }

    private static Address address(String text) {
        if (text.length() != 42 || !text.startsWith("0x")) {
            throw new SiweException("address", "\"" + text + "\" is not 0x followed by 40 hex digits");
        }
        Address parsed;
        try {
            parsed = Address.of(text);
        } catch (AddressFormatException e) {
            throw new SiweException("address", e.getMessage());
        }
        if (!parsed.toChecksumString().equals(text)) {
            throw new SiweException("address", "\"" + text + "\" is not in EIP-55 checksum case; write "
                    + parsed.toChecksumString());
        }
        return parsed;
    }

    private static long chainId(String text) {
        if (text.isEmpty() || !text.chars().allMatch(c -> Rfc3986.isDigit((char) c))) {
            throw new SiweException("chain-id", "\"" + text + "\" is not a decimal number");
        }
        if (text.length() > 1 && text.charAt(0) == '0') {
            throw new SiweException("chain-id", "\"" + text + "\" has a leading zero; write "
                    + text.replaceFirst("^0+(?=.)", ""));
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new SiweException("chain-id", "\"" + text + "\" is larger than any EIP-155 chain id");
        }
    }
}
