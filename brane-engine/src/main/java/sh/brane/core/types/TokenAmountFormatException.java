package sh.brane.core.types;

import sh.brane.primitives.InvalidEncodingException;

/**
 * A string that is not a token amount: not plain ASCII digits with at most one point, more digits after the point
 * than the token has decimals, or more than a {@code uint256} holds. The message names the value (escaped and
 * shortened) and what would be accepted; {@link #problem()} says which rule was broken, for callers that word
 * their own message (as {@link Wei} does with its unit names).
 */
public final class TokenAmountFormatException extends InvalidEncodingException {

    /** The rule the text broke. */
    public enum Problem {
        /** null or "". */
        EMPTY,
        /** Longer than any amount of the token's decimals can be; refused before it is read. */
        TOO_LONG,
        /** A character other than ASCII 0-9 and one '.', e.g. a sign, an exponent, a space, a non-ASCII digit. */
        INVALID_CHARACTER,
        /** A point without digits on one side: "1." or ".5". */
        BARE_POINT,
        /** More digits after the point than the token has decimals. */
        TOO_MANY_DECIMALS,
        /** More base units than 2^256-1. */
        OUT_OF_RANGE
    }

    private final Problem problem;

    TokenAmountFormatException(Problem problem, String message) {
        super(message);
        this.problem = problem;
    }

    public Problem problem() {
        return problem;
    }
}
