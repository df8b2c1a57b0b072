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
}
