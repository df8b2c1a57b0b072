package sh.brane.core.abi;

import sh.brane.primitives.InvalidEncodingException;

/**
 * ABI-encoded data that does not match the types it is decoded as: too short, an offset or a
 * length pointing outside the data, dirty padding, or more elements than the data can hold. The
 * message names the byte offset (from the start of the decoded data) and the type being decoded.
 */
public class AbiDecodingException extends InvalidEncodingException {

    public AbiDecodingException(String message) {
        super(message);
    }
}
