package sh.brane.client.tx;

import java.time.Instant;
import java.util.Objects;

import sh.brane.core.tx.SignedTransaction;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;

/**
 * One signed transaction as the journal holds it: the exact bytes that are (re-)broadcast, never re-signed.
 *
 * @param blockNumber the block it was included in, or -1
 * @param replaces    the hash of the transaction this one replaces at the same nonce (speed-up, cancel), or null
 * @param broadcastAt when these bytes were last handed to a node, or null if never
 */
public record JournalEntry(Hash hash, long chainId, Address from, long nonce, String signer, byte[] raw,
        TxState state, long blockNumber, Hash replaces, Instant createdAt, Instant updatedAt, Instant broadcastAt) {

    public JournalEntry {
        Objects.requireNonNull(hash, "hash");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(raw, "raw");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
    }

    /** A fresh SIGNED entry for {@code signed}. */
    public static JournalEntry signed(SignedTransaction signed, Address from, String signer, Hash replaces,
            Instant now) {
        return new JournalEntry(signed.hash(), signed.transaction().chainId(), from, signed.transaction().nonce(),
                signer, signed.rawBytes(), TxState.SIGNED, -1, replaces, now, now, null);
    }

    /** The journalled bytes decoded again (for speed-up and cancel). */
    public SignedTransaction decode() {
        return SignedTransaction.decode(raw);
    }

    JournalEntry with(TxState newState, long block, Instant now, boolean broadcast) {
        return new JournalEntry(hash, chainId, from, nonce, signer, raw, newState, block, replaces, createdAt, now,
                broadcast ? now : broadcastAt);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JournalEntry e && e.hash.equals(hash) && e.state == state && e.blockNumber == blockNumber;
    }

    @Override
    public int hashCode() {
        return hash.hashCode();
    }

    /** Without the raw bytes: they are public once broadcast but long and useless in a log line. */
    @Override
    public String toString() {
        return "JournalEntry[" + hash + ", " + from + " nonce " + nonce + ", " + state
                + (blockNumber >= 0 ? " in block " + blockNumber : "") + "]";
    }
}
