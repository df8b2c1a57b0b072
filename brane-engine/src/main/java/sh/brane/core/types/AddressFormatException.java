package sh.brane.core.types;

import sh.brane.primitives.InvalidEncodingException;

/** A string or byte array that is not a valid Ethereum address. */
public final class AddressFormatException extends InvalidEncodingException {

    public AddressFormatException(String message) {
        super(message);
    }
}
