package sh.brane.core.tx;

import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.primitives.Keccak256;
import sh.brane.primitives.Rlp;
import sh.brane.primitives.RlpWriter;

/**
 * An unsigned EIP-7702 authorization: "set my account's code to delegate to {@code address}",
 * valid on {@code chainId} (0 = every chain) while the authority's nonce is {@code nonce}.
 *
 * @param chainId the chain it is valid on, or 0 for all chains; at most {@code 2^63 - 1}
 * @param address the contract whose code the authority delegates to
 * @param nonce   the authority's account nonce at the time it is applied; at most {@code 2^63 - 1}
 */
public record Authorization(long chainId, Address address, long nonce) {

    /** The EIP-7702 prefix byte that separates authorization signatures from transaction signatures. */
    public static final int MAGIC = 0x05;

    public Authorization {
        Checks.nonNegative("authorization chainId", chainId);
        Checks.notNull("authorization address", address);
        Checks.nonNegative("authorization nonce", nonce);
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
