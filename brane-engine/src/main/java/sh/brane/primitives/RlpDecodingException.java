package sh.brane.primitives;

/**
 * Bytes that are not canonical RLP, or an RLP item that is not what the caller expected (a list
 * where a string was needed, an integer with a leading zero). The message names the offset of the
 * offending item within the decoded input and what is wrong with it.
 */
public final class RlpDecodingException extends InvalidEncodingException {

    public RlpDecodingException(String message) {
        super(message);
    }
}
