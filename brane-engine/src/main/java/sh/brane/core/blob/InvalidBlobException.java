package sh.brane.core.blob;

/**
 * A blob, commitment, proof or sidecar that cannot be used: the wrong size, a field element not below the BLS12-381
 * scalar modulus, counts that do not match, or a proof that does not verify. The message names the blob (and the
 * field element) and what to do. Thrown before anything is signed.
 */
public final class InvalidBlobException extends IllegalArgumentException {

    public InvalidBlobException(String message) {
        super(message);
    }

    public InvalidBlobException(String message, Throwable cause) {
        super(message, cause);
    }
}
