package sh.brane.client.auth;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The RFC 3986 rules SIWE messages use, on the forms the RFC's own examples and grammar allow and forbid. */
class Rfc3986Test {

    @ParameterizedTest
    @ValueSource(strings = {"https://example.com/login", "ftp://ftp.is.co.za/rfc/rfc1808.txt",
            "ldap://[2001:db8::7]/c=GB?objectClass?one", "mailto:John.Doe@example.com", "urn:oasis:names:tc:entity:xmlns",
            "tel:+1-816-555-1212", "telnet://192.0.2.16:80/", "ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3ev/",
            "https://user:pw@example.com:8443/a%20b?q=1&r=(x)#frag/ment?",
            "did:pkh:eip155:1:0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
            "file:///etc/hosts", "https://[::ffff:192.0.2.1]/", "x://[v1.fe80::a+en1]"})
    void urisTheRfcAllows(String uri) {
        assertThat(Rfc3986.isUri(uri)).as(uri).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"example.com/login", "://example.com", "1http://example.com", "https://exa mple.com",
            "https://example.com/a%zzb", "https://example.com/%4", "https://[::1", "https://[1:2:3:4:5:6:7:8:9]/",
            "https://example.com:80a/", "https://ex\"ample.com", "https://example.com/\u00e9", "https://[::1::]/",
            "https://[::256.1.1.1]/",
            "https://example.com/?r=[x]"})
    void urisTheRfcForbids(String uri) {
        assertThat(Rfc3986.isUri(uri)).as(uri).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"example.com", "example.com:3388", "localhost:8080", "user@example.com", "[::1]:8080",
            "192.0.2.16", "xn--bcher-kva.example"})
    void domainsAsSiweNeedsThem(String domain) {
        assertThat(Rfc3986.isAuthority(domain, true)).as(domain).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ":8080", "example.com/path", "exa mple.com", "example.com:http", "a@b@c", "[::1]x"})
    void domainsSiweRefuses(String domain) {
        assertThat(Rfc3986.isAuthority(domain, true)).as(domain).isFalse();
    }
}
