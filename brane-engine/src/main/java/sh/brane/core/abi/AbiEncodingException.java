package sh.brane.core.abi;

/**
 * A Java value that cannot be encoded as the ABI type asked for: the wrong kind of value, a number
 * out of range, a byte array of the wrong length, the wrong number of arguments or array elements.
 */
public class AbiEncodingException extends IllegalArgumentException {

    public AbiEncodingException(String message) {
        super(message);
    }
}
