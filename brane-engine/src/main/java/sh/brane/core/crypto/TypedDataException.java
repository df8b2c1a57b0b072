package sh.brane.core.crypto;

import sh.brane.primitives.InvalidEncodingException;

/**
 * EIP-712 typed data that cannot be encoded: malformed JSON, an unknown or malformed type, a missing
 * or undeclared field, or a value of the wrong kind or out of range. The message names the type or
 * the field path (for example {@code message.from.wallets[1]}).
 */
public final class TypedDataException extends InvalidEncodingException {

    public TypedDataException(String message) {
        super(message);
    }

    public TypedDataException(String message, Throwable cause) {
        super(message, cause);
    }
}
