package sh.brane.core.tx;

import sh.brane.primitives.InvalidEncodingException;

/**
 * A raw transaction that is not a valid encoding of any supported transaction type: bad envelope,
 * wrong field count, non-canonical integer, value out of range, invalid signature values. The
 * message names the field and what is allowed.
 */
public final class TransactionDecodingException extends InvalidEncodingException {

    public TransactionDecodingException(String message) {
        super(message);
    }

    public TransactionDecodingException(String message, Throwable cause) {
        super(message, cause);
    }
}
