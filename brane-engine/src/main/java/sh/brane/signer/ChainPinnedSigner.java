package sh.brane.signer;

import java.math.BigInteger;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import sh.brane.core.crypto.Eip712;
import sh.brane.core.crypto.Signature;
import sh.brane.core.crypto.TypedData;
import sh.brane.core.crypto.TypedDataException;
import sh.brane.core.tx.Authorization;
import sh.brane.core.tx.SignedAuthorization;
import sh.brane.core.tx.SignedTransaction;
import sh.brane.core.tx.Transaction;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;

/**
 * A signer that signs for one chain only: the chain id named in configuration, never the one a node reports. Every
 * signature that can carry a chain id is checked against it before the key is used, and refused with a
 * {@link SignerException} naming the signer, the pinned chain and the offered one:
 * <ul>
 * <li>a transaction for any other chain, or without replay protection (chain id 0);</li>
 * <li>an EIP-712 document whose domain names another chain; a domain without {@code chainId} (valid on every
 * chain) only through {@link #signTypedDataWithoutChainId}, or when {@link Builder#allowDomainsWithoutChainId()}
 * was asked for;</li>
 * <li>an EIP-7702 authorization for another chain (one for every chain, chain id 0, already takes
 * {@code Authorization.forEveryChain}, and is signed);</li>
 * <li>a raw digest: it carries no chain id, so it could be the signing hash of a transaction or permit for any
 * chain. Refused unless {@link Builder#allowRawDigests()} was asked for.</li>
 * </ul>
 * EIP-191 personal messages are signed: their prefix keeps them from being a transaction or an EIP-712 digest. So a
 * node that lies about its chain, a fallback endpoint on another network, or code handed this signer cannot get
 * anything signed through it that would be valid on another chain.
 *
 * <p>{@link #delegate()} returns the signer underneath, which has none of these checks: handing it out is leaving
 * the pin on purpose.
 */
public final class ChainPinnedSigner implements Signer, AutoCloseable {

    private final Signer signer;
    private final long chainId;
    private final boolean rawDigests;
    private final boolean domainsWithoutChainId;
    private final String rawDigestOptIn;
    private final String domainOptIn;

    /** Pinned to {@code chainId}, with no raw digests and no EIP-712 domain without a chain id. */
    public ChainPinnedSigner(Signer signer, long chainId) {
        this(builder(signer, chainId));
    }

    private ChainPinnedSigner(Builder b) {
        this.signer = b.signer;
        this.chainId = b.chainId;
        this.rawDigests = b.rawDigests;
        this.domainsWithoutChainId = b.domainsWithoutChainId;
        this.rawDigestOptIn = b.propertyPrefix == null ? "ChainPinnedSigner.builder(..).allowRawDigests()"
                : b.propertyPrefix + ".allow-raw-digest=true";
        this.domainOptIn = b.propertyPrefix == null
                ? "signTypedDataWithoutChainId, or ChainPinnedSigner.builder(..).allowDomainsWithoutChainId()"
                : "signTypedDataWithoutChainId, or " + b.propertyPrefix + ".allow-domains-without-chain-id=true";
    }

    /**
     * A builder for a signer pinned to {@code chainId}, to opt in to what the pin refuses by default.
     *
     * @throws IllegalArgumentException if {@code signer} is null or {@code chainId} is not positive
     */
    public static Builder builder(Signer signer, long chainId) {
        return new Builder(signer, chainId);
    }

    /** The only chain this signer signs for. */
    public long chainId() {
        return chainId;
    }

    /** The signer this one guards, without the pin's checks. */
    public Signer delegate() {
        return signer;
    }

    /** Whether raw digests are signed ({@link Builder#allowRawDigests()}). */
    public boolean allowsRawDigests() {
        return rawDigests;
    }

    /** Whether EIP-712 domains without a chain id are signed by {@link #signTypedData}. */
    public boolean allowsDomainsWithoutChainId() {
        return domainsWithoutChainId;
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
        try {
            checkRawDigest();
        } catch (SignerException e) {
            return CompletableFuture.failedFuture(e);
        }
        return signer.signDigestAsync(digest);
    }

    @Override
    public Signature signDigest(Hash digest) {
        checkRawDigest();
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
        checkDomain(typedData, domainsWithoutChainId);
        return signer.signTypedData(typedData);
    }

    /** Signs a document whose domain has no chain id; one that names a chain must name the pinned one. */
    @Override
    public Signature signTypedDataWithoutChainId(TypedData typedData) {
        checkDomain(typedData, true);
        return signer.signTypedData(typedData);
    }

    @Override
    public SignedAuthorization signAuthorization(Authorization authorization) {
        if (authorization == null) {
            throw new IllegalArgumentException("authorization must not be null");
        }
        if (!authorization.isForEveryChain() && authorization.chainId() != chainId) {
            throw refusal("an EIP-7702 authorization for chain " + authorization.chainId());
        }
        return signer.signAuthorization(authorization);
    }

    private void check(Transaction transaction) {
        if (transaction.chainId() != chainId) {
            throw refusal("a transaction for chain " + transaction.chainId());
        }
    }

    private void checkRawDigest() {
        if (!rawDigests) {
            throw new SignerException(signer.name(), "refused to sign a raw digest: a digest carries no chain id, so it"
                    + " may be the signing hash of a transaction or permit for any chain, and this signer signs for"
                    + " chain " + chainId + " only (the pinned chain id). Sign the transaction, typed data or"
                    + " authorization itself, or allow raw digests with " + rawDigestOptIn);
        }
    }

    private void checkDomain(TypedData typedData, boolean withoutChainIdAllowed) {
        if (typedData == null) {
            throw new IllegalArgumentException("typed data must not be null");
        }
        Optional<BigInteger> domainChain;
        try {
            domainChain = Eip712.domainChainId(typedData);
        } catch (TypedDataException e) {
            throw new SignerException(signer.name(), "refused to sign EIP-712 data whose domain chain id cannot be"
                    + " read (" + e.getMessage() + "): this signer signs for chain " + chainId + " only");
        }
        if (domainChain.isEmpty()) {
            if (!withoutChainIdAllowed) {
                throw new SignerException(signer.name(), "refused to sign EIP-712 data whose domain has no chainId:"
                        + " the signature would be valid on every chain, and this signer signs for chain " + chainId
                        + " only (the pinned chain id). Add chainId " + chainId + " to the domain, or allow it with "
                        + domainOptIn);
            }
            return;
        }
        if (!domainChain.get().equals(BigInteger.valueOf(chainId))) {
            throw refusal("EIP-712 data whose domain is for chain " + domainChain.get());
        }
    }

    private SignerException refusal(String what) {
        return new SignerException(signer.name(), "refused to sign " + what + ": this signer signs for chain "
                + chainId + " only (the pinned chain id)");
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

    /** Builds a {@link ChainPinnedSigner}; by default it refuses raw digests and domains without a chain id. */
    public static final class Builder {
        private final Signer signer;
        private final long chainId;
        private boolean rawDigests;
        private boolean domainsWithoutChainId;
        private String propertyPrefix;

        private Builder(Signer signer, long chainId) {
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

        /**
         * Signs raw digests ({@link #signDigest}): for code that builds its own signing payloads and checks their
         * chain itself. Such a digest may be a transaction or permit for any chain.
         */
        public Builder allowRawDigests() {
            return allowRawDigests(true);
        }

        public Builder allowRawDigests(boolean allow) {
            this.rawDigests = allow;
            return this;
        }

        /** {@link #signTypedData} signs domains without {@code chainId} too (valid on every chain). */
        public Builder allowDomainsWithoutChainId() {
            return allowDomainsWithoutChainId(true);
        }

        public Builder allowDomainsWithoutChainId(boolean allow) {
            this.domainsWithoutChainId = allow;
            return this;
        }

        /**
         * The configuration prefix the signer came from (e.g. {@code brane.signer}): refusals then name the
         * property that opts in ({@code <prefix>.allow-raw-digest}) instead of this builder's method.
         */
        public Builder configuredBy(String propertyPrefix) {
            this.propertyPrefix = propertyPrefix;
            return this;
        }

        public ChainPinnedSigner build() {
            return new ChainPinnedSigner(this);
        }
    }
}
