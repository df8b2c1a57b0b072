package sh.brane.core.tx;

import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.primitives.Keccak256;
import sh.brane.primitives.Rlp;
import sh.brane.primitives.RlpWriter;

/**
 * An unsigned EIP-7702 authorization: "set my account's code to delegate to {@code address}",
 * valid on {@link #chainId()} while the authority's nonce is {@link #nonce()}.
 *
 * <p>Chain id 0 makes the authorization valid on every chain: whoever holds it can delegate the account
 * on any network where the nonce matches. As with legacy transactions without replay protection
 * ({@code LegacyTransaction.Builder.withoutReplayProtection()}), that takes an explicit opt-in:
 * {@link #forEveryChain(Address, long)}; the constructor refuses 0. Authorizations read from the chain
 * ({@link TransactionDecoder}) keep whatever chain id they carry.
 */
public final class Authorization {

    /** The EIP-7702 prefix byte that separates authorization signatures from transaction signatures. */
    public static final int MAGIC = 0x05;

    private final long chainId;
    private final Address address;
    private final long nonce;

    /**
     * An authorization valid on {@code chainId} only.
     *
     * @param chainId the chain it is valid on, 1 to {@code 2^63 - 1}; for every chain use {@link #forEveryChain}
     * @param address the contract whose code the authority delegates to
     * @param nonce   the authority's account nonce at the time it is applied; at most {@code 2^63 - 1}
     * @throws InvalidTransactionException if {@code chainId} is 0 or negative, or another field is invalid
     */
    public Authorization(long chainId, Address address, long nonce) {
        this(Checks.nonNegative("authorization chainId", chainId), address, nonce, false);
        if (chainId == 0) {
            throw new InvalidTransactionException("authorization chainId 0 makes it valid on every chain (anyone"
                    + " holding it can delegate the account wherever the nonce matches): pass the chain id, or call"
                    + " Authorization.forEveryChain(address, nonce) if that is what you mean");
        }
    }

    /** Any chain id, 0 included; {@code marker} only tells this constructor from the public one. */
    private Authorization(long chainId, Address address, long nonce, boolean marker) {
        this.chainId = Checks.nonNegative("authorization chainId", chainId);
        this.address = Checks.notNull("authorization address", address);
        this.nonce = Checks.nonNegative("authorization nonce", nonce);
    }

    /**
     * An authorization with chain id 0, valid on every chain (EIP-7702 allows it). Only when the same
     * delegation is meant for every network, e.g. a counterfactual deployment; prefer a chain id.
     */
    public static Authorization forEveryChain(Address address, long nonce) {
        return new Authorization(0, address, nonce, false);
    }

    /** As read from a transaction: any chain id, 0 included (the chain decides what it accepts). */
    static Authorization decoded(long chainId, Address address, long nonce) {
        return new Authorization(chainId, address, nonce, false);
    }

    /** The chain it is valid on, or 0 for all chains. */
    public long chainId() {
        return chainId;
    }

    /** The contract whose code the authority delegates to. */
    public Address address() {
        return address;
    }

    /** The authority's account nonce at which it applies. */
    public long nonce() {
        return nonce;
    }

    /** True if valid on every chain (chain id 0). */
    public boolean isForEveryChain() {
        return chainId == 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Authorization a && chainId == a.chainId && nonce == a.nonce && address.equals(a.address);
    }

    @Override
    public int hashCode() {
        return (Long.hashCode(chainId) * 31 + address.hashCode()) * 31 + Long.hashCode(nonce);
    }

    @Override
    public String toString() {
        return "Authorization[chainId=" + chainId + ", address=" + address + ", nonce=" + nonce + "]";
    }

    /** {@code 0x05 || rlp([chainId, address, nonce])}. */
    public byte[] signingPayload() {
        int payload = fieldsLength();
        byte[] out = new byte[1 + Rlp.sizeOfList(payload)];
        out[0] = MAGIC;
        RlpWriter w = new RlpWriter(out, 1).writeListHeader(payload);
        writeFields(w);
        return out;
    }

    /** Keccak-256 of {@link #signingPayload()}: what the authority signs. */
    public Hash signingHash() {
        return Hash.wrap(Keccak256.hash(signingPayload()));
    }

    /** Signs this authorization; the signer becomes the authority whose account gets the code. */
    public SignedAuthorization sign(PrivateKey authority) {
        if (authority == null) {
            throw new IllegalArgumentException("private key is null");
        }
        return new SignedAuthorization(this, authority.signHash(Keccak256.hash(signingPayload())));
    }

    int fieldsLength() {
        return Rlp.sizeOfLong(chainId) + TxRlp.lengthOfAddress(address) + Rlp.sizeOfLong(nonce);
    }

    void writeFields(RlpWriter w) {
        w.writeLong(chainId);
        TxRlp.writeAddress(w, address);
        w.writeLong(nonce);
    }
}
