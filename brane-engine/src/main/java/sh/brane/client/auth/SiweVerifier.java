package sh.brane.client.auth;

import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * Verifies Sign-In with Ethereum (EIP-4361): the message is read strictly, then checked against what the relying
 * party expects (domain, scheme, nonce, the chain of the verifier's node, the time window), and last its signature,
 * through {@link SignatureVerifier}, so smart accounts sign in as keys do (ERC-1271, and ERC-6492 before they are
 * deployed).
 *
 * <p>The message's own checks come first and need no node; a node failure while reading the chain id or checking
 * the signature fails the call (or the future), never turning into "invalid".
 */
public final class SiweVerifier {

    private final SignatureVerifier signatures;

    public SiweVerifier(SignatureVerifier signatures) {
        this.signatures = Objects.requireNonNull(signatures, "signatures");
    }

    /** Verifies {@code message} (the exact text signed) and its EIP-191 {@code signature}. */
    public SiweVerification verify(String message, byte[] signature, SiweExpectations expected) {
        return SignatureVerifier.join(verifyAsync(message, signature, expected));
    }

    /** As {@link #verify}, without waiting. */
    public CompletableFuture<SiweVerification> verifyAsync(String message, byte[] signature,
            SiweExpectations expected) {
        Objects.requireNonNull(expected, "expected");
        if (signature == null) {
            throw new IllegalArgumentException("signature is null");
        }
        SiweMessage parsed;
        try {
            parsed = SiweMessage.parse(message);
        } catch (SiweException e) {
            return CompletableFuture.completedFuture(SiweVerification.invalid(null, e.field(), e.getMessage()));
        }
        SiweVerification refused = checkFields(parsed, expected);
        if (refused != null) {
            return CompletableFuture.completedFuture(refused);
        }
        byte[] sig = signature.clone();
        return signatures.chainIdAsync().thenCompose(chainId -> {
            if (parsed.chainId() != chainId) {
                return CompletableFuture.completedFuture(SiweVerification.invalid(parsed, "chain-id",
                        "the message is for chain " + parsed.chainId() + ", but this verifier's node serves chain "
                                + chainId));
            }
            return signatures.verifyMessageAsync(parsed.address(), message, sig).thenApply(check -> check.valid()
                    ? SiweVerification.valid(parsed, check)
                    : new SiweVerification(parsed, false, "signature", check.reason(), check));
        });
    }

    private static SiweVerification checkFields(SiweMessage m, SiweExpectations expected) {
        if (!m.domain().toLowerCase(Locale.ROOT).equals(expected.domain().toLowerCase(Locale.ROOT))) {
            return SiweVerification.invalid(m, "domain", "the message is for " + m.domain() + ", not "
                    + expected.domain());
        }
        String scheme = m.scheme() == null ? "https" : m.scheme().toLowerCase(Locale.ROOT);
        if (expected.scheme() != null && !scheme.equals(expected.scheme())) {
            return SiweVerification.invalid(m, "scheme", "the message is for " + scheme + ", not "
                    + expected.scheme());
        }
        if (!m.nonce().equals(expected.nonce())) {
            return SiweVerification.invalid(m, "nonce", "the message carries another nonce than the one issued"
                    + " for this sign-in");
        }
        Instant now = expected.clock().instant();
        if (m.expirationTime() != null && !now.isBefore(m.expirationTime().instant())) {
            return SiweVerification.invalid(m, "expiration-time", "expired at " + m.expirationTime() + " (now "
                    + now + ")");
        }
        if (m.notBefore() != null && now.isBefore(m.notBefore().instant())) {
            return SiweVerification.invalid(m, "not-before", "not valid before " + m.notBefore() + " (now "
                    + now + ")");
        }
        return null;
    }
}
