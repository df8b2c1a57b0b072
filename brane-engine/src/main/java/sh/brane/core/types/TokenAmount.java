package sh.brane.core.types;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Objects;

import sh.brane.core.types.TokenAmountFormatException.Problem;

/**
 * The one strict parser and formatter for amounts of a token with any number of decimals (an ERC-20's
 * {@code decimals()}, 18 for ether): {@code parse("1.5", 18)} is 1,500,000,000,000,000,000 base units and
 * {@code format} gives it back as {@code "1.5"}.
 *
 * <p>Accepted: ASCII digits {@code 0-9} with at most one {@code '.'} that has a digit on each side, no more digits
 * after the point than the token has decimals, and at most 2<sup>256</sup>-1 base units (an EVM {@code uint256}).
 * Leading zeros are allowed ({@code "007"}); trailing zeros count as digits after the point, so {@code "1.000"} is
 * refused for a token of 2 decimals rather than silently read as {@code 1.00}.
 *
 * <p>Refused, each with a {@link TokenAmountFormatException} naming the value and the rule: digits of other scripts
 * ({@code "5٠"} with U+0660, which reads like a point, the full-width {@code "１"}, the Devanagari {@code "१०"}), all
 * of which {@code new BigDecimal(text)} accepts; signs, exponents ({@code "1e3"}), grouping ({@code "1,000"}),
 * whitespace anywhere (the caller strips if it means to); {@code "1."} and {@code ".5"}, as in JSON's number grammar
 * and the {@link Wei} parser, because a bare point is more often a typo or a truncated value than a shorthand;
 * empty text; and text longer than {@link #maxLength(int)}, refused before a character is read.
 */
public final class TokenAmount {

    /** ERC-20 {@code decimals()} is a {@code uint8}. */
    public static final int MAX_DECIMALS = 255;

    private static final BigInteger MAX_UNITS = BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE);

    /** Digits of 2^256-1. */
    private static final int MAX_UNIT_DIGITS = 78;

    /** Shown of a refused value, after escaping. */
    private static final int PREVIEW_CHARS = 80;

    static final String ACCEPTED = "expected ASCII digits 0-9 with at most one '.' and digits on both sides of it,"
            + " like \"1.5\" (no sign, exponent, grouping or spaces)";

    private TokenAmount() {
    }

    /**
     * The amount {@code text} in base units of a token with {@code decimals} decimals.
     *
     * @throws TokenAmountFormatException if {@code text} is not such an amount; the message names the value
     * @throws IllegalArgumentException   if {@code decimals} is outside 0 to 255
     */
    public static BigInteger parse(String text, int decimals) {
        checkDecimals(decimals);
        if (text == null || text.isEmpty()) {
            throw new TokenAmountFormatException(Problem.EMPTY, (text == null ? "amount is missing" : "amount is empty")
                    + "; " + ACCEPTED);
        }
        int len = text.length();
        int max = maxLength(decimals);
        if (len > max) {
            throw new TokenAmountFormatException(Problem.TOO_LONG, "amount " + preview(text) + " is too long (" + len
                    + " chars); at most " + max + " for a token of " + decimals + " decimals; " + ACCEPTED);
        }
        int point = -1;
        for (int i = 0; i < len; i++) {
            char c = text.charAt(i);
            if (c == '.' && point < 0) {
                point = i;
            } else if (c < '0' || c > '9') {
                throw new TokenAmountFormatException(Problem.INVALID_CHARACTER, "amount " + preview(text)
                        + ": invalid character " + describe(text, i) + " at index " + i + "; " + ACCEPTED);
            }
        }
        if (point == 0 || point == len - 1) {
            throw new TokenAmountFormatException(Problem.BARE_POINT, "amount " + preview(text)
                    + " needs digits on both sides of the decimal point, like \"0.5\" or \"1.0\"; " + ACCEPTED);
        }
        int fraction = point < 0 ? 0 : len - point - 1;
        if (fraction > decimals) {
            throw new TokenAmountFormatException(Problem.TOO_MANY_DECIMALS, decimals == 0
                    ? "amount " + preview(text) + " must be a whole number: the token has no decimals"
                    : "amount " + preview(text) + " has " + fraction + " digits after the point, more than the "
                            + decimals + " decimals of the token; the smallest amount is " + format(BigInteger.ONE,
                            decimals));
        }
        String digits = point < 0 ? text : text.substring(0, point) + text.substring(point + 1);
        BigInteger units = new BigInteger(digits).multiply(BigInteger.TEN.pow(decimals - fraction));
        if (units.compareTo(MAX_UNITS) > 0) {
            throw new TokenAmountFormatException(Problem.OUT_OF_RANGE, "amount " + preview(text)
                    + " exceeds the largest uint256 amount, 2^256-1 base units (" + format(MAX_UNITS, decimals)
                    + " at " + decimals + " decimals)");
        }
        return units;
    }

    /**
     * {@code units} base units as a plain decimal of whole tokens: no exponent, no trailing zeros after the point,
     * no point for a whole number ({@code format(1500, 3)} is {@code "1.5"}, {@code format(1000, 3)} is
     * {@code "1"}). {@link #parse} reads it back to {@code units}.
     */
    public static String format(BigInteger units, int decimals) {
        Objects.requireNonNull(units, "units");
        checkDecimals(decimals);
        if (units.signum() < 0) {
            throw new IllegalArgumentException("a token amount cannot be negative, got " + units + " base units");
        }
        BigDecimal exact = new BigDecimal(units, decimals).stripTrailingZeros();
        // stripTrailingZeros turns 1000 into 1E+3: keep whole numbers at scale 0 for plain printing
        return (exact.scale() < 0 ? exact.setScale(0) : exact).toPlainString();
    }

    /**
     * The longest text {@link #parse} reads for {@code decimals}: 78 digits (2^256-1), a point and
     * {@code decimals} digits. Longer text cannot be an amount without padding zeros and is refused unread.
     */
    public static int maxLength(int decimals) {
        checkDecimals(decimals);
        return MAX_UNIT_DIGITS + 1 + decimals;
    }

    private static void checkDecimals(int decimals) {
        if (decimals < 0 || decimals > MAX_DECIMALS) {
            throw new IllegalArgumentException("decimals must be 0 to 255 (an ERC-20 decimals() is a uint8), got "
                    + decimals);
        }
    }

    /** The character at {@code i} escaped, with its Unicode name when it is not ASCII. */
    private static String describe(String text, int i) {
        int cp = text.codePointAt(i);
        String shown = "'" + escape(new String(Character.toChars(cp))) + "'";
        String name = cp > 0x7f ? Character.getName(cp) : null;
        return name == null ? shown : shown + " (" + name + ")";
    }

    /**
     * {@code text} quoted for a message: printable ASCII as is, everything else as a Java escape, so a message shows
     * a look-alike digit as what it is and never carries a control character (a line break, a terminal escape)
     * into a log; shortened to about 80 characters.
     */
    static String preview(String text) {
        StringBuilder out = new StringBuilder(Math.min(text.length(), PREVIEW_CHARS) + 16).append('"');
        for (int i = 0; i < text.length(); i++) {
            if (out.length() > PREVIEW_CHARS) {
                return out.append("...\" (").append(text.length()).append(" chars)").toString();
            }
            out.append(escape(String.valueOf(text.charAt(i))));
        }
        return out.append('"').toString();
    }

    private static String escape(String s) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                default -> {
                    if (c >= 0x20 && c < 0x7f) {
                        out.append(c);
                    } else {
                        out.append(String.format("\\u%04x", (int) c));
                    }
                }
            }
        }
        return out.toString();
    }
}
