package sh.brane.example.web;

import java.math.BigInteger;
import java.util.List;

import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;

/** Decoded ABI values as JSON-friendly values: checksummed addresses, integers as decimal strings, bytes as hex. */
public final class PlainValues {

    private PlainValues() {
    }

    public static Object plain(Object value) {
        return switch (value) {
            case Address a -> a.toChecksumString();
            case BigInteger b -> b.toString();
            case byte[] bytes -> Hex.encode(bytes);
            case List<?> list -> list.stream().map(PlainValues::plain).toList();
            case Object[] array -> java.util.Arrays.stream(array).map(PlainValues::plain).toList();
            case null -> null;
            default -> value;
        };
    }
}
