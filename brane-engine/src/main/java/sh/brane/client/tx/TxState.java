package sh.brane.client.tx;

/**
 * Where a journalled transaction stands. {@link #isFinished() Finished} states are no longer tracked; the others
 * are re-broadcast as the same bytes after a restart.
 */
public enum TxState {
    /** Signed and journalled, not yet accepted by a node (or its answer was lost). */
    SIGNED,
    /** Accepted by a node's pool. */
    SENT,
    /** In a block, with fewer confirmations than configured. */
    INCLUDED,
    /** In a block that has the configured number of confirmations. */
    CONFIRMED,
    /** Another transaction took its nonce (a speed-up, a cancel, or a sender outside this journal). */
    REPLACED,
    /**
     * The node lost it and it could not be sent again: the node refused the same bytes, or a nonce below it is
     * missing and cannot be filled from the journal. Never re-signed automatically.
     */
    DROPPED,
    /** Included, but it reverted. */
    FAILED,
    /**
     * The node refused it at submission (e.g. insufficient funds, a replacement underpriced) with an answer that says
     * why; it never entered a pool. Its nonce was released only when nothing else holds it (a refused speed-up or
     * cancel leaves the nonce with its original).
     */
    REJECTED;

    /** True when the lifecycle no longer follows the transaction. */
    public boolean isFinished() {
        return this == CONFIRMED || this == REPLACED || this == DROPPED || this == FAILED || this == REJECTED;
    }
}
