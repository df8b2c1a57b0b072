package sh.brane.core.types;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Locale;
import java.util.Objects;

import sh.brane.primitives.Hex;
import sh.brane.primitives.HexFormatException;

/**
 * An amount of ether, held exactly as a whole number of wei (10<sup>-18</sup> ether) between 0 and
 * 2<sup>256</sup>-1, the range of an EVM {@code uint256}. Immutable.
 *
 * <p>Conversions between wei, gwei and ether are exact and go through {@link BigDecimal} or
 * decimal strings, never {@code double}: an amount with more decimals than the unit allows
 * (say 19 for ether) is rejected rather than rounded. Arithmetic that would leave the range
 * (below zero, above 2<sup>256</sup>-1) throws {@link ArithmeticException}.
 */
public final class Wei implements Comparable<Wei> {

    /** The units amounts are written in, each with its number of decimals relative to wei. */
    public enum Unit {
        WEI(0), GWEI(9), ETHER(18);

        private final int decimals;

        Unit(int decimals) {
            this.decimals = decimals;
        }

        /** Digits after the decimal point that still denote a whole number of wei. */
        public int decimals() {
            return decimals;
        }

        private String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private static final BigInteger MAX_VALUE = BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE);

    public static final Wei ZERO = new Wei(BigInteger.ZERO);
    /** The largest amount a {@code uint256} holds: 2<sup>256</sup>-1 wei. */
    public static final Wei MAX = new Wei(MAX_VALUE);

    /** Digits of 2^256-1, the largest amount in wei. */
    private static final int MAX_WEI_DIGITS = 78;

    private final BigInteger value;

    private Wei(BigInteger value) {
        this.value = value;
    }

    // ------------------------------------------------------------------ factories

    /** {@code wei} wei; must not be negative. */
    public static Wei of(long wei) {
        if (wei < 0) {
            throw new IllegalArgumentException("an amount of wei cannot be negative, got " + wei);
        }
        return wei == 0 ? ZERO : new Wei(BigInteger.valueOf(wei));
    }

    /** {@code wei} wei; must be between 0 and 2<sup>256</sup>-1. */
    public static Wei of(BigInteger wei) {
        Objects.requireNonNull(wei, "wei");
        if (wei.signum() < 0) {
            throw new IllegalArgumentException("an amount of wei cannot be negative, got " + wei);
        }
        if (wei.bitLength() > 256) {
            throw new IllegalArgumentException("an amount of wei must fit 256 bits, got " + wei);
        }
        return wei.signum() == 0 ? ZERO : new Wei(wei);
    }

    /** An exact amount in {@code unit}, e.g. {@code of(new BigDecimal("1.5"), Unit.ETHER)}. */
    public static Wei of(BigDecimal amount, Unit unit) {
        Objects.requireNonNull(amount, "amount");
        Objects.requireNonNull(unit, "unit");
        if (amount.signum() < 0) {
            throw new IllegalArgumentException("an amount cannot be negative, got " + describe(amount)
                    + " " + unit.label());
        }
        if (amount.signum() == 0) {
            return ZERO;
        }
        // checked on the digit counts first, so that 1E+1000000000 is not expanded into a huge number
        BigDecimal stripped = amount.stripTrailingZeros();
        if (stripped.scale() > unit.decimals) {
            throw new IllegalArgumentException(tooManyDecimals(describe(amount), unit));
        }
        if ((long) stripped.precision() - stripped.scale() + unit.decimals > MAX_WEI_DIGITS) {
            throw new IllegalArgumentException("amount " + describe(amount) + " " + unit.label()
                    + " exceeds the largest uint256 amount, 2^256-1 wei");
        }
        return of(stripped.movePointRight(unit.decimals).toBigIntegerExact());
    }

    /**
     * Parses a plain decimal amount in {@code unit}: digits with an optional fraction, like
     * {@code "1.5"} or {@code "30"}; no sign, exponent, grouping or spaces.
     *
     * @throws WeiFormatException naming what is wrong, e.g. more decimals than {@code unit} allows
     */
    public static Wei of(String amount, Unit unit) {
        Objects.requireNonNull(unit, "unit");
        if (amount == null) {
            throw new WeiFormatException("amount is null");
        }
        BigInteger wei = parseDecimal(amount, unit);
        return wei.signum() == 0 ? ZERO : new Wei(wei);
    }

    /** {@code gwei} gwei (10<sup>9</sup> wei each). */
    public static Wei ofGwei(long gwei) {
        return of(BigDecimal.valueOf(gwei), Unit.GWEI);
    }

    /** An exact amount of gwei, at most 9 decimals. */
    public static Wei ofGwei(BigDecimal gwei) {
        return of(gwei, Unit.GWEI);
    }

    /** A decimal string of gwei like {@code "1.5"}, at most 9 decimals. */
    public static Wei ofGwei(String gwei) {
        return of(gwei, Unit.GWEI);
    }

    /** {@code ether} ether (10<sup>18</sup> wei each). */
    public static Wei ofEther(long ether) {
        return of(BigDecimal.valueOf(ether), Unit.ETHER);
    }

    /** An exact amount of ether, at most 18 decimals. */
    public static Wei ofEther(BigDecimal ether) {
        return of(ether, Unit.ETHER);
    }

    /** A decimal string of ether like {@code "1.5"}, at most 18 decimals. */
    public static Wei ofEther(String ether) {
        return of(ether, Unit.ETHER);
    }

    /**
     * Parses an amount followed by its unit, as written in configuration: {@code "1.5 ether"},
     * {@code "30gwei"}, {@code "21000 wei"} (unit case-insensitive, spaces between allowed).
     */
    public static Wei parse(String text) {
        if (text == null) {
            throw new WeiFormatException("amount is null");
        }
        String s = text.strip();
        int unitStart = s.length();
        while (unitStart > 0 && Character.isLetter(s.charAt(unitStart - 1))) {
            unitStart--;
        }
        String unitName = s.substring(unitStart).toUpperCase(Locale.ROOT);
        Unit unit = switch (unitName) {
            case "WEI" -> Unit.WEI;
            case "GWEI" -> Unit.GWEI;
            case "ETHER", "ETH" -> Unit.ETHER;
            default -> throw new WeiFormatException("amount " + preview(text) + " must end with its unit:"
                    + " wei, gwei or ether (e.g. \"1.5 ether\")");
        };
        return of(s.substring(0, unitStart).stripTrailing(), unit);
    }

    /** A JSON-RPC quantity such as {@code "0x1bc16d674ec80000"}. */
    public static Wei fromQuantity(String hex) {
        byte[] bytes;
        try {
            bytes = Hex.decodeQuantity(hex);
        } catch (HexFormatException e) {
            throw new WeiFormatException("amount is not a JSON-RPC quantity: " + e.getMessage());
        }
        BigInteger value = new BigInteger(1, bytes);
        if (value.bitLength() > 256) {
            throw new WeiFormatException("quantity " + preview(hex) + " does not fit 256 bits");
        }
        return value.signum() == 0 ? ZERO : new Wei(value);
    }

    // ------------------------------------------------------------------ conversions

    /** The amount in wei. */
    public BigInteger toBigInteger() {
        return value;
    }

    /** The amount in wei as a {@code long}, if it fits. */
    public long toLongExact() {
        if (value.bitLength() > 63) {
            throw new ArithmeticException(value + " wei does not fit a long");
        }
        return value.longValue();
    }

    /** The exact amount in {@code unit}, with as many decimals as needed and no trailing zeros. */
    public BigDecimal to(Unit unit) {
        BigDecimal exact = new BigDecimal(value, unit.decimals).stripTrailingZeros();
        // stripTrailingZeros turns 1000 into 1E+3; keep whole numbers at scale 0 for plain printing
        return exact.scale() < 0 ? exact.setScale(0) : exact;
    }

    /** The exact amount in gwei. */
    public BigDecimal toGwei() {
        return to(Unit.GWEI);
    }

    /** The exact amount in ether. */
    public BigDecimal toEther() {
        return to(Unit.ETHER);
    }

    /** The amount in {@code unit} as a plain decimal string such as {@code "1.5"}, no exponent. */
    public String toPlainString(Unit unit) {
        return to(unit).toPlainString();
    }

    /** The amount as a JSON-RPC quantity: {@code 0x} and lowercase hex without leading zeros. */
    public String toQuantity() {
        return "0x" + value.toString(16);
    }

    public boolean isZero() {
        return value.signum() == 0;
    }

    // ------------------------------------------------------------------ arithmetic

    public Wei add(Wei other) {
        return checked(value.add(other.value), "adding " + other + " to " + this);
    }

    /** {@code this - other}; throws if {@code other} is larger, since an amount cannot be negative. */
    public Wei subtract(Wei other) {
        BigInteger result = value.subtract(other.value);
        if (result.signum() < 0) {
            throw new ArithmeticException("cannot subtract " + other + " from " + this
                    + ": the result would be negative");
        }
        return result.signum() == 0 ? ZERO : new Wei(result);
    }

    /** {@code this * factor}, e.g. a gas price times the gas used; {@code factor} must not be negative. */
    public Wei multiply(long factor) {
        if (factor < 0) {
            throw new ArithmeticException("cannot multiply " + this + " by the negative factor " + factor);
        }
        return checked(value.multiply(BigInteger.valueOf(factor)), "multiplying " + this + " by " + factor);
    }

    /** {@code this * factor}; {@code factor} must not be negative. */
    public Wei multiply(BigInteger factor) {
        if (factor.signum() < 0) {
            throw new ArithmeticException("cannot multiply " + this + " by the negative factor " + factor);
        }
        return checked(value.multiply(factor), "multiplying " + this + " by " + factor);
    }

    private static Wei checked(BigInteger result, String what) {
        if (result.bitLength() > 256) {
            throw new ArithmeticException(what + " overflows 256 bits (the most an EVM amount can hold)");
        }
        return result.signum() == 0 ? ZERO : new Wei(result);
    }

    @Override
    public int compareTo(Wei o) {
        return value.compareTo(o.value);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Wei other && value.equals(other.value);
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }

    /** E.g. {@code "1500000000000000000 wei"}: exact, and readable back with {@link #parse}. */
    @Override
    public String toString() {
        return value + " wei";
    }

    // ------------------------------------------------------------------ parsing

    /**
     * The one strict decimal parser ({@link TokenAmount}) with the unit's decimals; the two errors that depend on
     * the unit are worded with its name (ether, gwei, wei), the others are the parser's own.
     */
    private static BigInteger parseDecimal(String amount, Unit unit) {
        try {
            return TokenAmount.parse(amount, unit.decimals);
        } catch (TokenAmountFormatException e) {
            throw new WeiFormatException(switch (e.problem()) {
                case TOO_MANY_DECIMALS -> tooManyDecimals(amount, unit);
                case OUT_OF_RANGE -> "amount " + preview(amount) + " " + unit.label()
                        + " exceeds the largest uint256 amount, 2^256-1 wei";
                default -> e.getMessage();
            });
        }
    }

    private static String tooManyDecimals(String amount, Unit unit) {
        return unit == Unit.WEI
                ? "amount " + preview(amount) + " wei is not a whole number; wei cannot be divided"
                : "amount " + preview(amount) + " " + unit.label() + " has more than " + unit.decimals
                        + " decimals; 1 wei (the smallest amount) is 0." + "0".repeat(unit.decimals - 1) + "1 "
                        + unit.label();
    }

    private static String describe(BigDecimal amount) {
        // toPlainString of 1E-1000000000 would be a billion characters
        return Math.abs((long) amount.scale()) <= 100 ? amount.toPlainString() : amount.toString();
    }

    private static String preview(String s) {
        return TokenAmount.preview(s);
    }
}
