package sh.brane.core.crypto;

/** A signature that is invalid or from which no signer can be recovered. */
public final class SignatureException extends RuntimeException {

    public SignatureException(String message) {
        super(message);
    }
}
