package sh.brane.spring.boot.autoconfigure.tx;

import org.springframework.context.ApplicationEvent;

import sh.brane.client.tx.JournalEntry;

/**
 * A pending transaction priced out of the market ({@code brane.tx.stuck.*}): either the policy replaced it at its
 * nonce ({@link #getReplacement()} is the journalled replacement), or it could not (the replacement is null and the
 * reason says why: the signer's ceilings leave no room, or the node refused the replacement).
 */
public class BraneTransactionStuckEvent extends ApplicationEvent {
    private final transient JournalEntry entry;
    private final transient JournalEntry replacement;
    private final String reason;

    public BraneTransactionStuckEvent(Object source, JournalEntry entry, JournalEntry replacement, String reason) {
        super(source);
        this.entry = entry;
        this.replacement = replacement;
        this.reason = reason;
    }

    /** The stuck transaction. */
    public JournalEntry getEntry() {
        return this.entry;
    }

    /** The replacement journalled and broadcast at the same nonce, or null if none was made. */
    public JournalEntry getReplacement() {
        return this.replacement;
    }

    public String getReason() {
        return this.reason;
    }
}
