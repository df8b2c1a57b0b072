package sh.brane.client;

import java.math.BigInteger;

import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.core.types.HexData;
import sh.brane.rpc.JsonCursor;

/**
 * The typed values of {@link StreamJson}'s readers, read by a {@link JsonCursor} straight from an answer's bytes:
 * the same shapes give the same values; anything else bails to the token path, which words the error.
 */
final class CursorValues {

    private CursorValues() {
    }

    static Hash hash(JsonCursor c) {
        return Hash.wrap(c.fixedHex(Hash.LENGTH, false));
    }

    static Hash optHash(JsonCursor c) {
        return c.isNull() ? null : hash(c);
    }

    /** An address in one case; a mixed-case one (an EIP-55 checksum to check) bails to the token path. */
    static Address address(JsonCursor c) {
        return Address.wrap(c.fixedHex(Address.LENGTH, true));
    }

    static Address optAddress(JsonCursor c) {
        return c.isNull() ? null : address(c);
    }

    static Long optLong(JsonCursor c) {
        return c.isNull() ? null : c.quantityLong();
    }

    static BigInteger optQuantity(JsonCursor c) {
        return c.isNull() ? null : c.quantity();
    }

    static HexData optHexData(JsonCursor c) {
        return c.isNull() ? null : HexData.wrap(c.bytes());
    }

    /** A logs bloom: 256 bytes as every node writes it, read in one pass; any other length as {@link #optHexData}. */
    static HexData optBloom(JsonCursor c) {
        return c.isNull() ? null : HexData.wrap(c.bytes(BLOOM_BYTES));
    }

    static final int BLOOM_BYTES = 256;

    /** A transaction's {@code type}: 0 for null, at most one byte. */
    static int typeByte(JsonCursor c) {
        if (c.isNull()) {
            return 0;
        }
        long type = c.quantityLong();
        if (type > 0xff) {
            throw JsonCursor.bail();
        }
        return (int) type;
    }

    /** Bails unless each of the {@code count} required fields was read (bit i of {@code seen}). */
    static void requireAll(int seen, int count) {
        if (seen != (1 << count) - 1) {
            throw JsonCursor.bail();
        }
    }
}
