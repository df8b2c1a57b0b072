package sh.brane.client.auth;

import java.util.Objects;

import sh.brane.core.types.Address;

/**
 * What {@link SignatureVerifier} found: whether the signature is {@code signer}'s, by which method it was checked,
 * and, when it is not valid, why. A node that could not be asked is no result: the verifier's call fails instead.
 *
 * @param signer the account the signature was checked for
 * @param method how it was checked
 * @param valid  whether the signature is the signer's
 * @param reason why it is not valid; {@code null} when valid
 */
public record SignatureVerification(Address signer, Method method, boolean valid, String reason) {

    /** How a signature was checked. */
    public enum Method {
        /** A wrapped signature of an account not yet deployed (or not yet ready): deployless {@code eth_call}. */
        ERC6492,
        /** {@code isValidSignature(bytes32,bytes)} of the contract at the signer's address. */
        ERC1271,
        /** ECDSA recovery: the signer has no code (an externally owned account) or delegates with EIP-7702. */
        ECRECOVER
    }

    public SignatureVerification {
        Objects.requireNonNull(signer, "signer");
        Objects.requireNonNull(method, "method");
        if (valid == (reason != null)) {
            throw new IllegalArgumentException("a valid result has no reason and an invalid one has one");
        }
    }

    static SignatureVerification valid(Address signer, Method method) {
        return new SignatureVerification(signer, method, true, null);
    }

    static SignatureVerification invalid(Address signer, Method method, String reason) {
        return new SignatureVerification(signer, method, false, reason);
    }

    @Override
    public String toString() {
        return valid ? "valid signature of " + signer + " (" + method + ")"
                : "invalid signature for " + signer + " (" + method + "): " + reason;
    }
}
