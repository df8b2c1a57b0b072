package sh.brane.core.tx;

import java.math.BigInteger;

import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;

/**
 * An unsigned Ethereum transaction of any type. Immutable; built with the type's builder, which
 * checks every field, e.g.
 * {@code Eip1559Transaction.builder().chainId(1).nonce(0)...build()}.
 *
 * <p>{@link #sign(PrivateKey)} gives the {@link SignedTransaction} whose
 * {@link SignedTransaction#rawBytes() raw bytes} go to {@code eth_sendRawTransaction};
 * {@link SignedTransaction#decode(byte[])} reads them back.
 *
 * <p>Limits beyond the protocol's: chain ids are at most {@link #MAX_CHAIN_ID} (so that a legacy
 * {@code v = chainId * 2 + 36} fits in a {@code long}) and nonces and gas limits at most
 * {@code 2^63 - 1}; no real chain comes near either.
 */
public sealed interface Transaction
        permits LegacyTransaction, Eip2930Transaction, Eip1559Transaction, Eip4844Transaction, Eip7702Transaction {

    /** The largest chain id accepted: {@code (2^63 - 1 - 36) / 2}, the EIP-2294 bound for a signed long. */
    long MAX_CHAIN_ID = (Long.MAX_VALUE - 36) / 2;

    TransactionType type();

    /** The chain id; 0 only for a legacy transaction without EIP-155 replay protection. */
    long chainId();

    long nonce();

    long gasLimit();

    /** The recipient, or {@code null} for a contract creation. */
    Address to();

    /** True if this transaction deploys a contract ({@code to} is empty). */
    default boolean isContractCreation() {
        return to() == null;
    }

    /** The wei sent to the recipient. */
    BigInteger value();

    /** A copy of the call data (or init code for a contract creation). */
    byte[] data();

    /** The length of the call data in bytes, without copying it. */
    int dataLength();

    /**
     * The bytes whose Keccak-256 is signed: {@code type || rlp(fields)} for typed transactions,
     * {@code rlp(fields)} for legacy ones, with {@code chainId, 0, 0} appended under EIP-155.
     */
    byte[] signingPayload();

    /** Keccak-256 of {@link #signingPayload()}: the hash the sender signs. */
    Hash signingHash();

    /** Signs this transaction (RFC 6979, low s) and returns the signed envelope. */
    SignedTransaction sign(PrivateKey key);
}
