package sh.brane.signer;

/**
 * A signer could not sign: its device or service is unreachable, refused, timed out, or returned a
 * signature that does not recover to its address. The message names the signer (by its configured name)
 * and never carries key material or credentials.
 */
public class SignerException extends RuntimeException {
    private final String signerName;

    public SignerException(String signerName, String reason) {
        super("signer '" + signerName + "': " + reason);
        this.signerName = signerName;
    }

    public SignerException(String signerName, String reason, Throwable cause) {
        super("signer '" + signerName + "': " + reason, cause);
        this.signerName = signerName;
    }

    /** The configured name of the signer that failed. */
    public String signerName() {
        return signerName;
    }

    /** {@code failure} as it is when it is already unchecked, else wrapped in a SignerException naming the signer. */
    static RuntimeException unwrap(String signerName, Throwable failure) {
        if (failure instanceof RuntimeException runtime) {
            return runtime;
        }
        return new SignerException(signerName, "signing failed: " + failure, failure);
    }
}
