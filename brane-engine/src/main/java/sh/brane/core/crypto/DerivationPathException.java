package sh.brane.core.crypto;

import sh.brane.primitives.InvalidEncodingException;

/** A BIP-32 derivation path that cannot be parsed, e.g. {@code m/44'/60'/x}. */
public final class DerivationPathException extends InvalidEncodingException {

    public DerivationPathException(String message) {
        super(message);
    }
}
