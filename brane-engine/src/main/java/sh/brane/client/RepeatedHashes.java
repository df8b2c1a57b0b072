package sh.brane.client;

import sh.brane.core.types.Hash;
import sh.brane.rpc.JsonCursor;

/**
 * The hashes one answer repeats from item to item, decoded once: every log and receipt of a block carries the block's
 * hash, every log of a transaction the transaction's. A hash whose digits are byte for byte those of the last one read
 * in the same place is passed over with one compare and the same (immutable) {@link Hash} is returned, instead of
 * decoding 64 digits into a new one. One per answer: it keeps positions into that answer's bytes.
 */
final class RepeatedHashes {

    final Slot block = new Slot();
    final Slot transaction = new Slot();

    /** The last hash read in one place (a block's, a transaction's) and where its digits are. */
    static final class Slot {
        private Hash last;
        private int digitsFrom;

        /** The hash next in {@code c}: the last one again if its digits are the same. */
        Hash read(JsonCursor c) {
            if (last != null && c.skipIfSameHex(digitsFrom, 2 * Hash.LENGTH)) {
                return last;
            }
            int from = c.hexDigitsFrom();
            Hash h = CursorValues.hash(c);
            digitsFrom = from;
            last = h;
            return h;
        }

        Hash readOptional(JsonCursor c) {
            return c.isNull() ? null : read(c);
        }
    }
}
