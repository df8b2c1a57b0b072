package sh.brane.client.tx;

import sh.brane.core.types.Hash;

/**
 * An idempotency key was sent again with another payment (another recipient, value, call data or blobs) than the one
 * journalled under it. A caller bug: a key names one payment. Nothing was signed for the second request; the first
 * payment stands as it is.
 */
public final class IdempotencyKeyConflictException extends IllegalArgumentException {
    private final transient IdempotencyKey key;
    private final transient Hash journalled;

    public IdempotencyKeyConflictException(IdempotencyKey key, Hash journalled) {
        super("idempotency key '" + key.value() + "' was already used for transaction " + journalled
                + " with another recipient, value, call data or blobs; nothing was signed. A key names one payment: "
                + "send a different payment under a new key");
        this.key = key;
        this.journalled = journalled;
    }

    public IdempotencyKey key() {
        return key;
    }

    /** The hash of the transaction journalled under the key. */
    public Hash journalled() {
        return journalled;
    }
}
