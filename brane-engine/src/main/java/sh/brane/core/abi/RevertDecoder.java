package sh.brane.core.abi;

import java.math.BigInteger;
import java.util.List;

/**
 * Decodes revert data: {@code Error(string)}, {@code Panic(uint256)} with the meaning of its code,
 * custom errors declared in an {@link Abi}, and anything else as {@link RevertReason.Unknown}
 * with the raw data.
 */
public final class RevertDecoder {

    /** Selector of {@code Error(string)}. */
    public static final AbiError ERROR = AbiError.parse("Error(string)");
    /** Selector of {@code Panic(uint256)}. */
    public static final AbiError PANIC = AbiError.parse("Panic(uint256)");

    private RevertDecoder() {
    }

    /** Decodes {@code Error(string)} and {@code Panic(uint256)}; anything else is {@link RevertReason.Unknown}. */
    public static RevertReason decode(byte[] data) {
        return decode(data, null);
    }

    /**
     * As {@link #decode(byte[])}, also recognising the custom errors of {@code abi} (may be null).
     *
     * @throws AbiDecodingException if the selector is known but the arguments after it are malformed
     */
    public static RevertReason decode(byte[] data, Abi abi) {
        if (data == null || data.length == 0) {
            return new RevertReason.Empty();
        }
        byte[] copy = data.clone();
        if (ERROR.matches(copy)) {
            return new RevertReason.ErrorMessage((String) ERROR.decode(copy).get(0), copy);
        }
        if (PANIC.matches(copy)) {
            BigInteger code = (BigInteger) PANIC.decode(copy).get(0);
            return new RevertReason.Panic(code, panicDescription(code), copy);
        }
        if (abi != null && copy.length >= 4) {
            for (AbiError e : abi.errors()) {
                if (e.matches(copy)) {
                    List<Object> args = e.decode(copy);
                    return new RevertReason.CustomError(e, args, copy);
                }
            }
        }
        return new RevertReason.Unknown(copy);
    }

    /** What a Solidity panic code means. */
    public static String panicDescription(BigInteger code) {
        if (code.bitLength() > 16) {
            return "unknown panic code";
        }
        return switch (code.intValue()) {
            case 0x00 -> "generic compiler-inserted panic";
            case 0x01 -> "assert(false): an assertion failed";
            case 0x11 -> "arithmetic overflow or underflow outside an unchecked block";
            case 0x12 -> "division or modulo by zero";
            case 0x21 -> "conversion of a value out of range into an enum";
            case 0x22 -> "access to an incorrectly encoded storage byte array";
            case 0x31 -> ".pop() on an empty array";
            case 0x32 -> "array index out of bounds (or a slice/bytesN access outside its range)";
            case 0x41 -> "out of memory: too much memory allocated or an array too large";
            case 0x51 -> "call to a zero-initialized variable of internal function type";
            default -> "unknown panic code";
        };
    }
}
