package sh.brane.client.auth;

import java.time.Clock;
import java.util.Locale;
import java.util.Objects;

/**
 * What the relying party expects of a sign-in: its own domain, the nonce it issued for this sign-in, the clock the
 * time window is read against, and optionally its scheme. The chain id is the chain of the verifier's node, where
 * EIP-4361 says contract accounts must be resolved.
 *
 * @param domain the authority the message must name, e.g. {@code example.com} (compared without regard to case)
 * @param nonce  the nonce issued for this sign-in (compared exactly)
 * @param scheme the scheme the message must name, or null to accept any; a message without one means https
 * @param clock  the clock for {@code expiration-time} and {@code not-before}
 */
public record SiweExpectations(String domain, String nonce, String scheme, Clock clock) {

    public SiweExpectations {
        if (domain == null || domain.isEmpty()) {
            throw new IllegalArgumentException("expected domain is missing: pass the authority users sign in to,"
                    + " e.g. example.com");
        }
        if (nonce == null || nonce.isEmpty()) {
            throw new IllegalArgumentException("expected nonce is missing: pass the nonce issued for this sign-in");
        }
        Objects.requireNonNull(clock, "clock");
        scheme = scheme == null ? null : scheme.toLowerCase(Locale.ROOT);
    }

    public static SiweExpectations of(String domain, String nonce, Clock clock) {
        return new SiweExpectations(domain, nonce, null, clock);
    }

    /** These expectations, also requiring {@code expectedScheme} (a message without a scheme means https). */
    public SiweExpectations withScheme(String expectedScheme) {
        return new SiweExpectations(domain, nonce, expectedScheme, clock);
    }
}
