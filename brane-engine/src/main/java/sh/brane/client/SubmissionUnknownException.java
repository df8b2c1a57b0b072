package sh.brane.client;

import sh.brane.core.types.Hash;
import sh.brane.rpc.BraneRpcException;

/**
 * A signed transaction was handed to the node, but no answer came back (the connection dropped or the call
 * timed out): it may or may not have reached the node. Without a lifecycle tracker the transaction is never
 * sent again automatically; with one ({@link sh.brane.client.tx.TransactionTracker}) the journalled bytes are
 * re-broadcast, unchanged, until the node has them. Look it up by {@link #hash()} (e.g. {@link BraneClient#getTransactionByHash}) before sending anything else
 * with {@link #nonce()}, or resend the identical signed bytes, which a node accepts at most once.
 */
public final class SubmissionUnknownException extends RuntimeException {

    private final Hash hash;
    private final long nonce;

    public SubmissionUnknownException(Hash hash, long nonce, BraneRpcException cause) {
        super("transaction " + hash + " (nonce " + nonce + ") may or may not have reached the node: "
                + cause.getMessage() + "; look it up by hash before sending another transaction with this nonce",
                cause);
        this.hash = hash;
        this.nonce = nonce;
    }

    /** The hash of the signed transaction whose fate is unknown. */
    public Hash hash() {
        return hash;
    }

    /** The nonce it used. */
    public long nonce() {
        return nonce;
    }
}
