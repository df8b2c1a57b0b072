package sh.brane.core.tx;

import java.math.BigInteger;

import sh.brane.core.types.Address;
import sh.brane.primitives.Hex;

/**
 * What every transaction builder has: chain id, nonce, gas limit, recipient, value and data.
 *
 * <p>{@code nonce}, {@code gasLimit} and the recipient have no defaults: the recipient must be set
 * with {@link #to(Address)} or, for a deployment, {@link #contractCreation()}, so that a forgotten
 * {@code to} never turns a payment into a contract creation. {@code value} defaults to 0 and
 * {@code data} to empty.
 *
 * @param <B> the concrete builder
 * @param <T> the transaction it builds
 */
public abstract class TransactionBuilder<B extends TransactionBuilder<B, T>, T extends Transaction> {

    long chainId = -1;
    long nonce = -1;
    long gasLimit = -1;
    Address to;
    boolean recipientSet;
    BigInteger value = BigInteger.ZERO;
    byte[] data = BaseTransaction.NO_DATA;

    TransactionBuilder() {
    }

    @SuppressWarnings("unchecked")
    final B self() {
        return (B) this;
    }

    /** The chain id (1 for mainnet), between 1 and {@link Transaction#MAX_CHAIN_ID}. */
    public B chainId(long chainId) {
        this.chainId = Checks.chainId(chainId);
        return self();
    }

    /** The sender's nonce, at least 0. */
    public B nonce(long nonce) {
        this.nonce = Checks.nonNegative("nonce", nonce);
        return self();
    }

    /** The gas limit, at least 0. */
    public B gasLimit(long gasLimit) {
        this.gasLimit = Checks.nonNegative("gasLimit", gasLimit);
        return self();
    }

    /** The recipient (an account or a contract to call); never null. */
    public B to(Address to) {
        if (to == null) {
            throw new InvalidTransactionException("to is null; call contractCreation() to deploy a contract");
        }
        this.to = to;
        this.recipientSet = true;
        return self();
    }

    /** Makes this a contract deployment: no recipient, {@code data} is the init code. */
    public B contractCreation() {
        this.to = null;
        this.recipientSet = true;
        return self();
    }

    /** The wei to send, 0 to 2^256 - 1. */
    public B value(BigInteger value) {
        this.value = Checks.uint256("value", value);
        return self();
    }

    /** The wei to send, at least 0. */
    public B value(long value) {
        return value(BigInteger.valueOf(Checks.nonNegative("value", value)));
    }

    /** The call data or init code (copied). */
    public B data(byte[] data) {
        this.data = data == null ? BaseTransaction.NO_DATA : data.clone();
        return self();
    }

    /** The call data or init code as hex, with or without {@code 0x}. */
    public B data(String hex) {
        this.data = hex == null ? BaseTransaction.NO_DATA : Hex.decode(hex);
        return self();
    }

    /** Checks every field and builds the immutable transaction. */
    public abstract T build();

    final long requireChainId() {
        if (chainId < 0) {
            throw new InvalidTransactionException("chainId is not set; typed transactions always carry a chain id");
        }
        return chainId;
    }

    final void requireCommon() {
        if (nonce < 0) {
            throw new InvalidTransactionException("nonce is not set");
        }
        if (gasLimit < 0) {
            throw new InvalidTransactionException("gasLimit is not set");
        }
        if (!recipientSet) {
            throw new InvalidTransactionException("to is not set: call to(address), or contractCreation() to deploy a contract");
        }
    }

    final Address requireRecipient(String typeName) {
        return recipientSet ? Checks.recipient(typeName, to) : to;
    }
}
