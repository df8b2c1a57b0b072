package sh.brane.client.tx;

import java.util.Objects;

import sh.brane.core.types.Hash;

/**
 * The journal entry recorded under an idempotency key, with the fingerprint ({@link IdempotencyKey#fingerprint})
 * of the payment it was recorded for.
 */
public record IdempotentEntry(IdempotencyKey key, Hash fingerprint, JournalEntry entry) {
    public IdempotentEntry {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(fingerprint, "fingerprint");
        Objects.requireNonNull(entry, "entry");
    }
}
