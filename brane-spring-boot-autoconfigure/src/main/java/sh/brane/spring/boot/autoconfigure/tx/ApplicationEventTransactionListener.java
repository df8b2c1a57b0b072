package sh.brane.spring.boot.autoconfigure.tx;

import org.springframework.context.ApplicationEventPublisher;

import sh.brane.client.tx.JournalEntry;
import sh.brane.client.tx.TransactionListener;
import sh.brane.client.tx.TransactionStateChange;
import sh.brane.core.types.Address;

/**
 * Publishes the lifecycle as {@link BraneTransactionEvent}, {@link BraneNonceResyncEvent} and
 * {@link BraneTransactionStrandedEvent} and
 * {@link BraneTransactionStuckEvent} application events.
 */
final class ApplicationEventTransactionListener implements TransactionListener {
    private final ApplicationEventPublisher publisher;

    ApplicationEventTransactionListener(ApplicationEventPublisher publisher) {
        this.publisher = publisher;
    }

    @Override
    public void onStateChange(TransactionStateChange change) {
        this.publisher.publishEvent(new BraneTransactionEvent(this, change));
    }

    @Override
    public void onNonceResync(long chainId, Address account, long nextNonce, String reason) {
        this.publisher.publishEvent(new BraneNonceResyncEvent(this, chainId, account, nextNonce, reason));
    }

    @Override
    public void onStranded(JournalEntry entry, String reason) {
        this.publisher.publishEvent(new BraneTransactionStrandedEvent(this, entry, reason));
    }

    @Override
    public void onStuckReplaced(JournalEntry original, JournalEntry replacement, String reason) {
        this.publisher.publishEvent(new BraneTransactionStuckEvent(this, original, replacement, reason));
    }

    @Override
    public void onStuck(JournalEntry entry, String reason) {
        this.publisher.publishEvent(new BraneTransactionStuckEvent(this, entry, null, reason));
    }
}
