package sh.brane.core.types;

import sh.brane.primitives.InvalidEncodingException;

/** A string that is not a valid amount of ether, gwei or wei. */
public final class WeiFormatException extends InvalidEncodingException {

    public WeiFormatException(String message) {
        super(message);
    }
}
