package sh.brane.client;

import java.math.BigInteger;

/** JSON-RPC hex quantities ({@code 0x0}, {@code 0x1a}: no leading zeros). */
final class Quantities {
    private Quantities() {
    }

    static String hex(long value) {
        if (value < 0) {
            throw new IllegalArgumentException("quantity must not be negative, got " + value);
        }
        return "0x" + Long.toHexString(value);
    }

    static String hex(BigInteger value) {
        if (value.signum() < 0) {
            throw new IllegalArgumentException("quantity must not be negative, got " + value);
        }
        return "0x" + value.toString(16);
    }
}
