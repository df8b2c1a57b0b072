package sh.brane.client.tx;

/**
 * A journalled transaction moved from one state to another.
 *
 * @param entry         the entry after the change
 * @param previous      its state before
 * @param confirmations blocks on top of and including its block (0 when not included)
 * @param reason        why, in words for a log line (never a secret)
 */
public record TransactionStateChange(JournalEntry entry, TxState previous, long confirmations, String reason) {

    public TxState state() {
        return entry.state();
    }
}
