package sh.brane.client.auth;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import sh.brane.core.types.Address;

/**
 * A Sign-In with Ethereum message (EIP-4361). Built with {@link #builder()} or read with {@link #parse(String)};
 * {@link #toMessage()} writes the exact text a wallet signs, and a parsed message writes back the text it was read
 * from, byte for byte. Every field is checked against the EIP's ABNF when the message is made, so a message that
 * exists is one a conforming wallet accepts.
 *
 * <p>Optional fields are {@code null} when absent. The ABNF tells an absent statement from an empty one, an absent
 * request id from an empty one, and no {@code Resources:} line from one with no entries; so does this record.
 *
 * @param scheme         the origin's URI scheme, or null (then {@code https} is meant)
 * @param domain         the RFC 3986 authority asking for the sign-in, e.g. {@code example.com:3388}
 * @param address        the account signing in (written in EIP-55 form)
 * @param statement      what the user agrees to: printable ASCII of RFC 3986's reserved and unreserved sets and
 *                       spaces, no line break
 * @param uri            the RFC 3986 URI the sign-in is about
 * @param version        always {@code "1"}
 * @param chainId        the EIP-155 chain where a contract account is resolved
 * @param nonce          at least 8 ASCII letters or digits, chosen by the relying party against replay
 * @param issuedAt       when the message was made
 * @param expirationTime when it stops being valid, or null
 * @param notBefore      when it starts being valid, or null
 * @param requestId      the relying party's id of the request ({@code *pchar}), or null
 * @param resources      RFC 3986 URIs, or null for no {@code Resources:} line
 */
public record SiweMessage(String scheme, String domain, Address address, String statement, String uri,
        String version, long chainId, String nonce, SiweTime issuedAt, SiweTime expirationTime, SiweTime notBefore,
        String requestId, List<String> resources) {

    static final String HEADER = " wants you to sign in with your Ethereum account:";

    public SiweMessage {
        if (scheme != null && !Rfc3986.isScheme(scheme)) {
            throw new SiweException("scheme", "\"" + scheme + "\" is not an RFC 3986 scheme (a letter, then letters,"
                    + " digits, +, - or .)");
        }
        require("domain", domain);
        if (!Rfc3986.isAuthority(domain, true)) {
            throw new SiweException("domain", "\"" + domain + "\" is not an RFC 3986 authority"
                    + " ([userinfo@]host[:port], e.g. example.com or example.com:3388)");
        }
        if (address == null) {
            throw new SiweException("address", "missing");
        }
        if (statement != null && !Rfc3986.isStatement(statement)) {
            throw new SiweException("statement", "\"" + statement + "\" has a character EIP-4361 does not allow:"
                    + " only ASCII letters, digits, spaces and -._~:/?#[]@!$&'()*+,;= (no line break, no %)");
        }
        require("uri", uri);
        if (!Rfc3986.isUri(uri)) {
            throw new SiweException("uri", "\"" + uri + "\" is not an RFC 3986 URI (scheme:rest, e.g."
                    + " https://example.com/login)");
        }
        if (!"1".equals(version)) {
            throw new SiweException("version", "\"" + version + "\" is not supported: EIP-4361 defines version 1");
        }
        if (chainId < 0) {
            throw new SiweException("chain-id", chainId + " is negative");
        }
        require("nonce", nonce);
        if (nonce.length() < 8
                || !nonce.chars().allMatch(c -> Rfc3986.isAlpha((char) c) || Rfc3986.isDigit((char) c))) {
            throw new SiweException("nonce", "\"" + nonce + "\" must be at least 8 ASCII letters or digits");
        }
        if (issuedAt == null) {
            throw new SiweException("issued-at", "missing");
        }
        if (requestId != null && !Rfc3986.isPchars(requestId)) {
            throw new SiweException("request-id", "\"" + requestId + "\" has a character outside RFC 3986's pchar"
                    + " (letters, digits, -._~!$&'()*+,;=:@ and %XX)");
        }
        if (resources != null) {
            for (String r : resources) {
                if (r == null || !Rfc3986.isUri(r)) {
                    throw new SiweException("resources", "\"" + r + "\" is not an RFC 3986 URI");
                }
            }
            resources = List.copyOf(resources);
        }
    }

    private static void require(String field, String value) {
        if (value == null || value.isEmpty()) {
            throw new SiweException(field, "missing");
        }
    }

    /**
     * Reads a message, strictly by the EIP's ABNF: LF line ends only, the fields in the EIP's order, no line before
     * or after, the address in EIP-55 form.
     *
     * @throws SiweException naming the field at fault
     */
    public static SiweMessage parse(String message) {
        return SiweParser.parse(message);
    }

    /** The text a wallet signs (EIP-191 personal message). */
    public String toMessage() {
        StringBuilder m = new StringBuilder(256);
        if (scheme != null) {
            m.append(scheme).append("://");
        }
        m.append(domain).append(HEADER).append('\n').append(address.toChecksumString()).append("\n\n");
        if (statement != null) {
            m.append(statement).append('\n');
        }
        m.append("\nURI: ").append(uri)
                .append("\nVersion: ").append(version)
                .append("\nChain ID: ").append(chainId)
                .append("\nNonce: ").append(nonce)
                .append("\nIssued At: ").append(issuedAt.text());
        if (expirationTime != null) {
            m.append("\nExpiration Time: ").append(expirationTime.text());
        }
        if (notBefore != null) {
            m.append("\nNot Before: ").append(notBefore.text());
        }
        if (requestId != null) {
            m.append("\nRequest ID: ").append(requestId);
        }
        if (resources != null) {
            m.append("\nResources:");
            for (String r : resources) {
                m.append("\n- ").append(r);
            }
        }
        return m.toString();
    }

    /** The message text, as {@link #toMessage()}. */
    @Override
    public String toString() {
        return toMessage();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Builds a message; version 1, and the issue time must be set (there is no hidden clock). */
    public static final class Builder {
        private String scheme;
        private String domain;
        private Address address;
        private String statement;
        private String uri;
        private long chainId = -1;
        private String nonce;
        private SiweTime issuedAt;
        private SiweTime expirationTime;
        private SiweTime notBefore;
        private String requestId;
        private List<String> resources;

        private Builder() {
        }

        public Builder scheme(String value) {
            scheme = value;
            return this;
        }

        public Builder domain(String value) {
            domain = value;
            return this;
        }

        public Builder address(Address value) {
            address = value;
            return this;
        }

        public Builder statement(String value) {
            statement = value;
            return this;
        }

        public Builder uri(String value) {
            uri = value;
            return this;
        }

        public Builder chainId(long value) {
            chainId = value;
            return this;
        }

        public Builder nonce(String value) {
            nonce = value;
            return this;
        }

        public Builder issuedAt(Instant value) {
            issuedAt = value == null ? null : SiweTime.of(value);
            return this;
        }

        public Builder expirationTime(Instant value) {
            expirationTime = value == null ? null : SiweTime.of(value);
            return this;
        }

        public Builder notBefore(Instant value) {
            notBefore = value == null ? null : SiweTime.of(value);
            return this;
        }

        public Builder requestId(String value) {
            requestId = value;
            return this;
        }

        /** Adds a resource (and so a {@code Resources:} line). */
        public Builder resource(String value) {
            if (resources == null) {
                resources = new ArrayList<>();
            }
            resources.add(value);
            return this;
        }

        /** @throws SiweException naming the field that is missing or breaks the EIP */
        public SiweMessage build() {
            if (chainId < 0) {
                throw new SiweException("chain-id", "missing");
            }
            return new SiweMessage(scheme, domain, address, statement, uri, "1", chainId, nonce, issuedAt,
                    expirationTime, notBefore, requestId, resources);
        }
    }
}
