package sh.brane.core.abi;

import sh.brane.primitives.InvalidEncodingException;

/**
 * A Solidity type string or a JSON ABI that cannot be understood: an unknown or malformed type,
 * malformed JSON, an entry of an unknown kind or with a missing field. The message names the
 * entry (or the position in the type string) and the problem.
 */
public class AbiParseException extends InvalidEncodingException {

    public AbiParseException(String message) {
        super(message);
    }

    public AbiParseException(String message, Throwable cause) {
        super(message, cause);
    }
}
