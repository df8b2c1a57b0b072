package sh.brane.client.tx;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

import sh.brane.core.tx.Eip4844Transaction;
import sh.brane.core.tx.Transaction;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.primitives.Keccak256;

/**
 * A business reference the caller chooses for one payment (an order id, a payout id, a request's
 * {@code Idempotency-Key} header): {@link TransactionSender#send(IdempotencyKey, java.util.function.LongFunction)}
 * journals at most one transaction per key, account and chain, and answers a repeated send with that same journal
 * entry (same hash, same nonce), across retries, restarts and every instance sharing the journal.
 *
 * <p>A key names one payment: sent again with another recipient, value or call data it is refused with
 * {@link IdempotencyKeyConflictException} (a caller bug, never answered with the other payment), and so with other
 * blobs. Fees (the blob fee too), the gas limit and a blob transaction's sidecar form may differ between retries
 * (they are quoted or chosen afresh): they do not make another payment.
 *
 * @param value 1..{@value #MAX_LENGTH} printable characters (no control characters)
 */
public record IdempotencyKey(String value) {
    /** The longest key accepted (the journal's column is this wide). */
    public static final int MAX_LENGTH = 200;

    public IdempotencyKey {
        Objects.requireNonNull(value, "idempotency key");
        if (value.isEmpty() || value.length() > MAX_LENGTH) {
            throw new IllegalArgumentException("an idempotency key must be 1.." + MAX_LENGTH + " characters, got "
                    + value.length() + "; use a business reference such as an order id");
        }
        for (int i = 0; i < value.length(); i++) {
            char ch = value.charAt(i);
            if (Character.isISOControl(ch)) {
                throw new IllegalArgumentException("an idempotency key must not hold control characters (found U+"
                        + String.format("%04X", (int) ch) + " at index " + i + ")");
            }
        }
    }

    public static IdempotencyKey of(String value) {
        return new IdempotencyKey(value);
    }

    /**
     * What makes a payment this payment: the recipient (null for a contract creation), the value and the call data.
     * Keccak-256 of {@code to || 0x00 || value || 0x00 || data}, each field in a fixed encoding.
     */
    public static Hash fingerprint(Address to, BigInteger value, byte[] data) {
        return fingerprint(to, value, data, List.of());
    }

    /**
     * As {@link #fingerprint(Address, BigInteger, byte[])}, for a blob transaction its blobs as well: they are what
     * the payment publishes, so another blob under the same key is another payment. The blobs enter through their
     * versioned hashes (one per blob, binding its content); the sidecar form and the blob fee do not, as the other
     * fees do not. Without blobs the fingerprint is the one above, so keys journalled before stay recognised; with
     * blobs it is Keccak-256 of {@code 0x03 || to || 0x00 || value || 0x00 || count (4 bytes) || hashes || data},
     * whose first byte no fingerprint without blobs begins with.
     */
    public static Hash fingerprint(Address to, BigInteger value, byte[] data, List<Hash> blobVersionedHashes) {
        boolean blobs = !blobVersionedHashes.isEmpty();
        byte[] toBytes = to == null ? new byte[0] : to.toHex().getBytes(StandardCharsets.US_ASCII);
        byte[] valueBytes = value.toString(16).getBytes(StandardCharsets.US_ASCII);
        int hashBytes = blobs ? 1 + 4 + Hash.LENGTH * blobVersionedHashes.size() : 0;
        ByteBuffer buf = ByteBuffer.allocate(hashBytes + toBytes.length + 1 + valueBytes.length + 1 + data.length);
        if (blobs) {
            buf.put((byte) 0x03);
        }
        buf.put(toBytes).put((byte) 0).put(valueBytes).put((byte) 0);
        if (blobs) {
            buf.putInt(blobVersionedHashes.size());
            blobVersionedHashes.forEach(h -> buf.put(h.toBytes()));
        }
        buf.put(data);
        return Hash.wrap(Keccak256.hash(buf.array()));
    }

    /** {@link #fingerprint(Address, BigInteger, byte[], List)} of a transaction. */
    public static Hash fingerprint(Transaction tx) {
        List<Hash> blobs = tx instanceof Eip4844Transaction blob ? blob.blobVersionedHashes() : List.of();
        return fingerprint(tx.to(), tx.value(), tx.data(), blobs);
    }

    @Override
    public String toString() {
        return value;
    }
}
