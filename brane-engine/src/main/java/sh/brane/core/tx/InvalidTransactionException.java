package sh.brane.core.tx;

/**
 * A transaction that cannot be built because a field is missing or out of range (a negative
 * value, a fee above 2^256 - 1, a blob transaction without a recipient, ...). The message names
 * the field and what is allowed.
 */
public final class InvalidTransactionException extends IllegalArgumentException {

    public InvalidTransactionException(String message) {
        super(message);
    }
}
