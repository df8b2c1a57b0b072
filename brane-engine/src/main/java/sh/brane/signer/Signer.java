package sh.brane.signer;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

import sh.brane.core.crypto.Eip712;
import sh.brane.core.crypto.PersonalMessage;
import sh.brane.core.crypto.Signature;
import sh.brane.core.crypto.TypedData;
import sh.brane.core.tx.Authorization;
import sh.brane.core.tx.SignedAuthorization;
import sh.brane.core.tx.SignedTransaction;
import sh.brane.core.tx.Transaction;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;

/**
 * Holds one Ethereum account's key, wherever the key lives (in this JVM, in an HSM over PKCS#11, in a
 * cloud KMS), and signs for it. Every kind of signature reduces to signing a 32-byte digest, so an
 * implementation supplies {@link #address()}, {@link #name()} and {@link #signDigestAsync(Hash)}; a
 * signer that signs in this thread overrides {@link #signDigest(Hash)} too.
 *
 * <p>Contract for implementations: every signature returned is in canonical form (low s, EIP-2) and
 * recovers to {@link #address()}; a signer checks this before it returns, so that a faulty device or
 * library never lets a wrong signature leave. A remote signer's future always completes, within the
 * signer's own timeout, with the signature or a {@link SignerException} naming the signer.
 */
public interface Signer {

    /** The account this signer signs for. */
    Address address();

    /**
     * A name for logs, errors and metric tags: the configured name of the signer, never key material or
     * a credential.
     */
    String name();

    /** Signs a 32-byte digest without blocking the caller. */
    CompletableFuture<Signature> signDigestAsync(Hash digest);

    /** Signs a 32-byte digest, waiting for a remote signer's answer (bounded by the signer's timeout). */
    default Signature signDigest(Hash digest) {
        try {
            return signDigestAsync(digest).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SignerException(name(), "interrupted while waiting for the signature", e);
        } catch (ExecutionException e) {
            throw SignerException.unwrap(name(), e.getCause());
        }
    }

    /** Signs {@code transaction}'s signing hash and returns the envelope for {@code eth_sendRawTransaction}. */
    default SignedTransaction signTransaction(Transaction transaction) {
        return SignedTransaction.of(transaction, signDigest(transaction.signingHash()));
    }

    /** As {@link #signTransaction(Transaction)}, without blocking the caller. */
    default CompletableFuture<SignedTransaction> signTransactionAsync(Transaction transaction) {
        return signDigestAsync(transaction.signingHash())
                .thenApply(signature -> SignedTransaction.of(transaction, signature));
    }

    /** Signs an EIP-191 personal message ({@code "\x19Ethereum Signed Message:\n" + length + message}). */
    default Signature signMessage(byte[] message) {
        return signDigest(Hash.wrap(PersonalMessage.hash(message)));
    }

    /** Signs EIP-712 typed data: the digest {@code keccak256(0x1901 || domainSeparator || hashStruct(message))}. */
    default Signature signTypedData(TypedData typedData) {
        return signDigest(Hash.wrap(Eip712.digest(typedData)));
    }

    /**
     * Signs EIP-712 typed data whose domain may have no {@code chainId}, so that the signature is valid on every
     * chain. The same as {@link #signTypedData(TypedData)} here; a {@link ChainPinnedSigner} refuses such a domain
     * in {@code signTypedData} and takes it only through this method (a domain that names a chain must still name
     * the pinned one).
     */
    default Signature signTypedDataWithoutChainId(TypedData typedData) {
        return signTypedData(typedData);
    }

    /**
     * Signs an EIP-7702 authorization ({@code keccak256(0x05 || rlp([chainId, address, nonce]))}): this signer's
     * account becomes the authority whose code delegates to {@code authorization.address()}.
     */
    default SignedAuthorization signAuthorization(Authorization authorization) {
        return new SignedAuthorization(authorization, signDigest(authorization.signingHash()));
    }
}
