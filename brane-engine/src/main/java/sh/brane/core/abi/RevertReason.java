package sh.brane.core.abi;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;

import sh.brane.primitives.Hex;

/** Why a call reverted, decoded from its revert data by {@link RevertDecoder}. */
public sealed interface RevertReason {

    /** The revert data as received. */
    byte[] data();

    /** {@code revert()} or a failed call with no data. */
    record Empty() implements RevertReason {
        @Override
        public byte[] data() {
            return new byte[0];
        }

        @Override
        public String toString() {
            return "reverted without data";
        }
    }

    /** {@code require(cond, "message")} or {@code revert("message")}: {@code Error(string)}. */
    record ErrorMessage(String message, byte[] data) implements RevertReason {
        @Override
        public String toString() {
            return "reverted: " + message;
        }
    }

    /** A compiler-inserted check failed: {@code Panic(uint256)}; {@code description} says which. */
    record Panic(BigInteger code, String description, byte[] data) implements RevertReason {
        @Override
        public String toString() {
            return "panic 0x" + code.toString(16) + ": " + description;
        }
    }

    /** A custom error declared in the ABI that was given to the decoder. */
    record CustomError(AbiError error, List<Object> arguments, byte[] data) implements RevertReason {
        @Override
        public String toString() {
            return "reverted with " + error.name() + JavaValues.describe(arguments);
        }
    }

    /** Data whose selector matches nothing known (or that is shorter than a selector). */
    record Unknown(byte[] data) implements RevertReason {
        /** The first 4 bytes as hex, or null if there are fewer. */
        public String selectorHex() {
            return data.length < 4 ? null : Hex.encode(Arrays.copyOf(data, 4));
        }

        @Override
        public String toString() {
            return "reverted with unknown error data " + JavaValues.describe(data)
                    + (data.length >= 4 ? " (selector " + selectorHex() + ")" : "");
        }
    }
}
