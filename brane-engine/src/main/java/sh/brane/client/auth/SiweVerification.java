package sh.brane.client.auth;

/**
 * The outcome of a sign-in: valid, or invalid with the EIP-4361 field at fault ({@code domain}, {@code nonce},
 * {@code chain-id}, {@code expiration-time}, {@code not-before}, {@code signature}, or the field a malformed message
 * breaks) and why.
 *
 * @param message   the message, or null if it could not be read
 * @param valid     whether the sign-in is good
 * @param field     the field at fault; null when valid
 * @param reason    why; null when valid
 * @param signature the signature check, or null if the message was refused before its signature was checked
 */
public record SiweVerification(SiweMessage message, boolean valid, String field, String reason,
        SignatureVerification signature) {

    public SiweVerification {
        if (valid == (field != null || reason != null)) {
            throw new IllegalArgumentException("a valid result has no field or reason and an invalid one has both");
        }
        if (!valid && (field == null || reason == null)) {
            throw new IllegalArgumentException("an invalid result names its field and reason");
        }
    }

    static SiweVerification valid(SiweMessage message, SignatureVerification signature) {
        return new SiweVerification(message, true, null, null, signature);
    }

    static SiweVerification invalid(SiweMessage message, String field, String reason) {
        return new SiweVerification(message, false, field, reason, null);
    }

    @Override
    public String toString() {
        String who = message == null ? "unreadable message" : message.address() + " at " + message.domain();
        return valid ? "valid sign-in of " + who : "invalid sign-in (" + who + "): " + field + ": " + reason;
    }
}
