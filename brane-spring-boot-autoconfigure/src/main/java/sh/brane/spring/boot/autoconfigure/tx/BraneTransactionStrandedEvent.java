package sh.brane.spring.boot.autoconfigure.tx;

import org.springframework.context.ApplicationEvent;

import sh.brane.client.tx.JournalEntry;

/**
 * The node holds a journalled transaction at the account's next nonce but does not mine it: its pool stranded it
 * ({@link sh.brane.client.tx.TransactionListener#onStranded}). It waits until the node's pool is flushed (the tracker
 * then sends the journalled bytes again) or it is replaced ({@code speedUp}). Published once per transaction by each
 * instance's tracker that sees it.
 */
public class BraneTransactionStrandedEvent extends ApplicationEvent {
    private final transient JournalEntry entry;
    private final String reason;

    public BraneTransactionStrandedEvent(Object source, JournalEntry entry, String reason) {
        super(source);
        this.entry = entry;
        this.reason = reason;
    }

    public JournalEntry getEntry() {
        return this.entry;
    }

    public String getReason() {
        return this.reason;
    }
}
