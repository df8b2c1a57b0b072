package sh.brane.client.tx;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

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
 * {@link IdempotencyKeyConflictException} (a caller bug, never answered with the other payment). Fees and the gas
 * limit may differ between retries (they are quoted afresh): they do not make another payment.
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
        byte[] toBytes = to == null ? new byte[0] : to.toHex().getBytes(StandardCharsets.US_ASCII);
        byte[] valueBytes = value.toString(16).getBytes(StandardCharsets.US_ASCII);
        byte[] buf = new byte[toBytes.length + 1 + valueBytes.length + 1 + data.length];
        System.arraycopy(toBytes, 0, buf, 0, toBytes.length);
        System.arraycopy(valueBytes, 0, buf, toBytes.length + 1, valueBytes.length);
        System.arraycopy(data, 0, buf, toBytes.length + valueBytes.length + 2, data.length);
        return Hash.wrap(Keccak256.hash(buf));
    }

    /** {@link #fingerprint(Address, BigInteger, byte[])} of a transaction. */
    public static Hash fingerprint(Transaction tx) {
        return fingerprint(tx.to(), tx.value(), tx.data());
    }

    @Override
    public String toString() {
        return value;
    }
}
