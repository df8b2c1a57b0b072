package sh.brane.signer;

import java.util.concurrent.CompletableFuture;

import sh.brane.core.crypto.Signature;
import sh.brane.core.crypto.TypedData;
import sh.brane.core.tx.SignedTransaction;
import sh.brane.core.tx.Transaction;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;

/**
 * A signer that signs transactions for one chain only: the chain id named in configuration, never the one a
 * node reports. A transaction for any other chain (or without replay protection, chain id 0) is refused before
 * the key is used, with a {@link SignerException} naming the signer and both chain ids. So a node that lies
 * about its chain, or a fallback endpoint on another network, cannot get a transaction signed that would be valid
 * elsewhere.
 *
 * <p>Only transactions carry a chain id this class can check: raw digests, EIP-191 messages and EIP-712 data are
 * passed through as they are.
 */
public final class ChainPinnedSigner implements Signer, AutoCloseable {

    private final Signer signer;
    private final long chainId;

    public ChainPinnedSigner(Signer signer, long chainId) {
        if (signer == null) {
            throw new IllegalArgumentException("signer must not be null");
        }
        if (chainId <= 0) {
            throw new IllegalArgumentException("signer '" + signer.name() + "' needs a positive chain id to pin, got "
                    + chainId);
        }
        this.signer = signer;
        this.chainId = chainId;
    }

    /** The only chain this signer signs transactions for. */
    public long chainId() {
        return chainId;
    }

    /** The signer this one guards. */
    public Signer delegate() {
        return signer;
    }

    @Override
    public Address address() {
        return signer.address();
    }

    @Override
    public String name() {
        return signer.name();
    }

    @Override
    public CompletableFuture<Signature> signDigestAsync(Hash digest) {
        return signer.signDigestAsync(digest);
    }

    @Override
    public Signature signDigest(Hash digest) {
        return signer.signDigest(digest);
    }

    @Override
    public SignedTransaction signTransaction(Transaction transaction) {
        check(transaction);
        return signer.signTransaction(transaction);
    }

    @Override
    public CompletableFuture<SignedTransaction> signTransactionAsync(Transaction transaction) {
        try {
            check(transaction);
        } catch (SignerException e) {
            return CompletableFuture.failedFuture(e);
        }
        return signer.signTransactionAsync(transaction);
    }

    @Override
    public Signature signMessage(byte[] message) {
        return signer.signMessage(message);
    }

    @Override
    public Signature signTypedData(TypedData typedData) {
        return signer.signTypedData(typedData);
    }

    private void check(Transaction transaction) {
        if (transaction.chainId() != chainId) {
            throw new SignerException(signer.name(), "refused to sign a transaction for chain "
                    + transaction.chainId() + ": this signer signs for chain " + chainId + " only (the pinned chain id)");
        }
    }

    /** Closes the guarded signer when it holds resources (a PKCS#11 session). */
    @Override
    public void close() throws Exception {
        if (signer instanceof AutoCloseable closeable) {
            closeable.close();
        }
    }

    @Override
    public String toString() {
        return "ChainPinnedSigner[chain " + chainId + ", " + signer + "]";
    }
}
