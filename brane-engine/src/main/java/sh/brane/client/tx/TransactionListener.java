package sh.brane.client.tx;

import sh.brane.core.types.Address;

/**
 * Hears what the lifecycle does. Called on the sending or tracking thread: keep it short and do not throw
 * (an exception is logged and ignored). The Spring starter publishes these as application events and meters.
 */
public interface TransactionListener {

    /** A transaction changed state (reported once, by the instance whose journal update won). */
    void onStateChange(TransactionStateChange change);

    /**
     * The account's nonce counter was moved to follow the node: after a refusal, or because the chain forgot
     * transactions the journal could not restore.
     */
    default void onNonceResync(long chainId, Address account, long nextNonce, String reason) {
    }

    /**
     * The node holds {@code entry} at the account's next nonce but does not count it as pending, so it is not
     * mined: its pool has stranded it (Anvil does now and then, when transactions reach it out of nonce order while
     * it mines). Sending the same bytes again does not release it; it waits until it is replaced
     * ({@link TransactionSender#speedUp}) or the node's pool is flushed, after which the tracker re-sends the
     * journalled bytes. The entry stays SENT. Reported once per transaction by each tracker that sees it.
     */
    default void onStranded(JournalEntry entry, String reason) {
    }

    /**
     * The {@link StuckTransactionWatcher} replaced {@code original}, whose fees fell below the market (or whose
     * nonce waited past the policy's cancel deadline), by {@code replacement} at the same nonce.
     */
    default void onStuckReplaced(JournalEntry original, JournalEntry replacement, String reason) {
    }

    /**
     * {@code entry} is stuck but the {@link StuckTransactionWatcher} could not replace it: the signer's ceilings
     * leave no room for the nodes' minimum raise, or the node refused the replacement. Reported once per
     * transaction and reason.
     */
    default void onStuck(JournalEntry entry, String reason) {
    }
}
