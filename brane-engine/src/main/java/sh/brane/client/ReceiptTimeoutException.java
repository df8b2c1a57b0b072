package sh.brane.client;

import java.time.Duration;

import sh.brane.core.types.Hash;

/**
 * No receipt appeared within the wait. The transaction was submitted and may still be mined later: it is never
 * sent again automatically. Wait again with {@link BraneClient#waitForReceipt}, or replace it (same nonce,
 * higher fees) deliberately.
 */
public final class ReceiptTimeoutException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient Hash transactionHash;

    ReceiptTimeoutException(Hash transactionHash, Duration waited) {
        super("no receipt for transaction " + transactionHash + " after " + waited.toMillis()
                + " ms; it may still be mined and was not sent again");
        this.transactionHash = transactionHash;
    }

    public Hash transactionHash() {
        return transactionHash;
    }
}
