package sh.brane.primitives;

import java.math.BigInteger;
import java.util.List;

/**
 * One decoded (or hand-built) RLP item: either a byte string ({@link RlpString}) or a list of
 * items ({@link RlpList}).
 *
 * <p>The {@code as...} accessors check the shape and canonical form the caller expects and throw
 * {@link RlpDecodingException} naming the item's offset otherwise, so a decoder for a structure
 * (a transaction, a receipt) can read fields without its own checks.
 */
public sealed interface RlpItem permits RlpString, RlpList {

    /** Offset of this item's first byte within the decoded input; 0 for items built in code. */
    int offset();

    /** True for a list, false for a byte string. */
    boolean isList();

    /** A copy of the string's bytes. */
    default byte[] asBytes() {
        throw mismatch("a string");
    }

    /**
     * The string as an unsigned big-endian integer that fits a {@code long}: at most 8 bytes, no
     * leading zero byte (zero is the empty string), below 2<sup>63</sup>.
     */
    default long asLong() {
        throw mismatch("an integer");
    }

    /** Like {@link #asLong()} but the value must fit an {@code int} (at most 2<sup>31</sup>-1). */
    default int asInt() {
        throw mismatch("an integer");
    }

    /** The string as an unsigned big-endian integer of any size, without a leading zero byte. */
    default BigInteger asBigInteger() {
        throw mismatch("an integer");
    }

    /** The items of a list (unmodifiable). */
    default List<RlpItem> asList() {
        throw mismatch("a list");
    }

    /** This item as an {@link RlpList}. */
    default RlpList asRlpList() {
        throw mismatch("a list");
    }

    /** This item as an {@link RlpString}. */
    default RlpString asRlpString() {
        throw mismatch("a string");
    }

    private RlpDecodingException mismatch(String expected) {
        return new RlpDecodingException("expected " + expected + " at offset " + offset() + " but found " + describe());
    }

    /** A short description for error messages, e.g. "a list of 3 items" or "a string of 20 bytes". */
    String describe();
}
