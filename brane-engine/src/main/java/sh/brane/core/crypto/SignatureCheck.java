package sh.brane.core.crypto;

/**
 * How strictly a signature is checked when a signer is recovered or verified.
 *
 * <p>Every ECDSA signature {@code (r, s, v)} has a twin {@code (r, n - s, v ^ 1)} that recovers to the same
 * signer. Where the signature bytes identify something (a login, a permit, a "seen" table keyed by signature,
 * a replay check), accepting the twin lets anyone who saw one signature produce a second, different one.
 * Ethereum refuses the twin for transactions (EIP-2: {@code s <= n/2}) and EIP-7702 authorizations.
 *
 * <p>Both modes refuse a 65-byte signature whose {@code v} is not 0, 1, 27 or 28
 * ({@link Signature#fromBytes65}), an {@code r} or {@code s} outside {@code [1, n)}, and an {@code r} that
 * is no curve point.
 *
 * <p>Defaults: {@link #STRICT} in {@link Secp256k1#verify(byte[], Signature, sh.brane.core.types.Address)},
 * {@link PersonalMessage#verify}, {@link PersonalMessage#recoverSigner} and {@link Eip712#recoverSigner}
 * (signatures as identities); {@link #LENIENT} in {@link Secp256k1#recoverAddress(byte[], Signature)} and
 * {@link Secp256k1#recoverPublicKey(byte[], Signature)}, which read chain data (pre-Homestead transactions
 * and contract-checked signatures may carry a high s).
 */
public enum SignatureCheck {

    /** Refuses {@code s > n/2} (EIP-2). Every wallet and this library sign with a low s. */
    STRICT,

    /** Accepts any {@code s} in {@code [1, n)}: for reading historical or third-party data only. */
    LENIENT;

    /** Throws if {@code signature} does not pass this check. */
    void require(Signature signature) {
        if (this == STRICT && !signature.isLowS()) {
            throw new SignatureException("signature s is above n/2: it is the malleable twin of a low-s signature,"
                    + " which EIP-2 forbids and wallets never produce. Ask the signer for a fresh signature; pass"
                    + " SignatureCheck.LENIENT only to read historical data");
        }
    }
}
