package sh.brane.primitives;

/** A string that is not valid hexadecimal for the place it was given. */
public final class HexFormatException extends InvalidEncodingException {

    public HexFormatException(String message) {
        super(message);
    }
}
