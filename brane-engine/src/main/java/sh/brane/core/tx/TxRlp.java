package sh.brane.core.tx;

import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.primitives.RlpWriter;

/**
 * The few transaction-specific RLP items on top of {@link RlpWriter}: addresses and hashes are
 * copied straight into the writer's buffer (no copy of their bytes), an absent recipient is the
 * empty string, and 32-byte signature words are written as minimal integers.
 */
final class TxRlp {

    /** 0x80 + 20: the prefix of a 20-byte string. */
    private static final byte ADDRESS_PREFIX = (byte) 0x94;
    /** 0x80 + 32: the prefix of a 32-byte string. */
    private static final byte HASH_PREFIX = (byte) 0xa0;
    private static final byte EMPTY_STRING = (byte) 0x80;

    private TxRlp() {
    }

    /** Encoded size of a recipient: 21 bytes, or 1 (the empty string) for a contract creation. */
    static int lengthOfAddress(Address address) {
        return address == null ? 1 : 1 + Address.LENGTH;
    }

    static void writeAddress(RlpWriter w, Address address) {
        byte[] buf = w.buffer();
        int pos = w.position();
        if (address == null) {
            buf[pos] = EMPTY_STRING;
            w.reset(buf, pos + 1);
        } else {
            buf[pos] = ADDRESS_PREFIX;
            address.copyTo(buf, pos + 1);
            w.reset(buf, pos + 1 + Address.LENGTH);
        }
    }

    static void writeHash(RlpWriter w, Hash hash) {
        byte[] buf = w.buffer();
        int pos = w.position();
        buf[pos] = HASH_PREFIX;
        hash.copyTo(buf, pos + 1);
        w.reset(buf, pos + 1 + Hash.LENGTH);
    }

    /** Encoded size of a 32-byte big-endian word written as a minimal integer. */
    static int lengthOfWord(byte[] word32) {
        int skip = leadingZeros(word32);
        int len = word32.length - skip;
        if (len == 0) {
            return 1;
        }
        return len == 1 && word32[skip] >= 0 ? 1 : 1 + len;
    }

    static void writeWord(RlpWriter w, byte[] word32) {
        int skip = leadingZeros(word32);
        w.writeBytes(word32, skip, word32.length - skip);
    }

    /** A length added up in a {@code long}, checked to fit an array. */
    static int checkedLength(long length) {
        if (length > Integer.MAX_VALUE - 16) {
            throw new InvalidTransactionException("transaction would encode to " + length
                    + " bytes, more than a Java array can hold");
        }
        return (int) length;
    }

    private static int leadingZeros(byte[] word) {
        int i = 0;
        while (i < word.length && word[i] == 0) {
            i++;
        }
        return i;
    }
}
