package sh.brane.client;

import java.math.BigInteger;

import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.rpc.JsonCursor;

/**
 * The values one answer repeats from item to item, decoded once: every transaction, log and receipt of a block
 * carries the block's hash, number and timestamp, every log of a transaction the transaction's hash and index, the
 * transactions of a block share their chain id and, often, their fees, and the logs of an {@code eth_getLogs} filtered
 * by contract or event (the usual query) their emitter's address and their event's signature (topic 0). A value whose
 * digits are byte for byte those of the last one read in the same place is passed over with one compare and the same
 * immutable value is returned, instead of decoding the digits into a new object (a boxed {@code Long} or a
 * {@code BigInteger} each time). One per answer: it keeps positions into that answer's bytes.
 */
final class RepeatedValues {

    final Slot block = new Slot();
    final Slot transaction = new Slot();
    final Slot topic0 = new Slot();
    final AddressSlot logAddress = new AddressSlot();
    final LongSlot logTransactionIndex = new LongSlot();
    final LongSlot blockNumber = new LongSlot();
    final LongSlot blockTimestamp = new LongSlot();
    final LongSlot chainId = new LongSlot();
    final QuantitySlot gasPrice = new QuantitySlot();
    final QuantitySlot maxFeePerGas = new QuantitySlot();
    final QuantitySlot maxPriorityFeePerGas = new QuantitySlot();

    /** Where the digits of the last value read in one place are, and how many there are. */
    private abstract static class Place {
        private int digitsFrom = -1;
        private int digits;

        /** True (and the value passed over) if the next value has exactly the digits of the last one. */
        final boolean same(JsonCursor c) {
            return digitsFrom >= 0 && c.skipIfSameHex(digitsFrom, digits);
        }

        /**
         * Remembers where the value just read had its digits ({@code from}, as {@link JsonCursor#hexDigitsFrom} said
         * before it was read), if it was written with exactly {@code canonical} digits and its closing quote is
         * followed by no whitespace: the cursor then stands right after that quote, which pins the digits down. Any
         * other shape (leading zeros, whitespace) is not remembered, so no value is ever matched against other bytes.
         */
        final void remember(JsonCursor c, int from, int canonical) {
            int digitsEnd = c.hexDigitsFrom() - 3 - 1;
            if (digitsEnd - from == canonical) {
                digitsFrom = from;
                digits = canonical;
            } else {
                digitsFrom = -1;
            }
        }

        static int hexDigits(int bitLength) {
            return Math.max(1, (bitLength + 3) / 4);
        }
    }

    /** The last hash read in one place (a block's, a transaction's). */
    static final class Slot extends Place {
        private Hash last;

        /** The hash next in {@code c}: the last one again if its digits are the same. */
        Hash read(JsonCursor c) {
            if (last != null && same(c)) {
                return last;
            }
            int from = c.hexDigitsFrom();
            Hash h = CursorValues.hash(c);
            remember(c, from, 2 * Hash.LENGTH);
            last = h;
            return h;
        }

        Hash readOptional(JsonCursor c) {
            return c.isNull() ? null : read(c);
        }
    }

    /** The last address read in one place (a log's emitter). */
    static final class AddressSlot extends Place {
        private Address last;

        /** The address next in {@code c}: the last one again if its digits are the same. */
        Address read(JsonCursor c) {
            if (last != null && same(c)) {
                return last;
            }
            int from = c.hexDigitsFrom();
            Address a = CursorValues.address(c);
            remember(c, from, 2 * Address.LENGTH);
            last = a;
            return a;
        }
    }

    /** The last quantity read as a {@code Long} in one place; null for JSON null. */
    static final class LongSlot extends Place {
        private Long last;

        Long readOptional(JsonCursor c) {
            if (c.isNull()) {
                return null;
            }
            if (last != null && same(c)) {
                return last;
            }
            int from = c.hexDigitsFrom();
            long v = c.quantityLong();
            remember(c, from, hexDigits(64 - Long.numberOfLeadingZeros(v)));
            Long boxed = v;
            last = boxed;
            return boxed;
        }
    }

    /** The last quantity read as a {@code BigInteger} in one place; null for JSON null. */
    static final class QuantitySlot extends Place {
        private BigInteger last;

        BigInteger readOptional(JsonCursor c) {
            if (c.isNull()) {
                return null;
            }
            if (last != null && same(c)) {
                return last;
            }
            int from = c.hexDigitsFrom();
            BigInteger v = c.quantity();
            remember(c, from, hexDigits(v.bitLength()));
            last = v;
            return v;
        }
    }
}
