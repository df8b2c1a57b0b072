package sh.brane.primitives;

/**
 * Input that does not follow the format it claims to be in: hex, RLP, ABI data, a raw transaction,
 * a keystore, typed-data JSON. Every parser in the engine throws a subclass of this, never an
 * {@code ArrayIndexOutOfBoundsException} or a {@code NullPointerException}, and its message says
 * what is wrong and where.
 */
public class InvalidEncodingException extends IllegalArgumentException {

    public InvalidEncodingException(String message) {
        super(message);
    }

    public InvalidEncodingException(String message, Throwable cause) {
        super(message, cause);
    }
}
