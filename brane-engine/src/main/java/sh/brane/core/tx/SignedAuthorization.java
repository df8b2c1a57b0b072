package sh.brane.core.tx;

import sh.brane.core.crypto.Secp256k1;
import sh.brane.core.crypto.Signature;
import sh.brane.core.crypto.SignatureException;
import sh.brane.core.types.Address;
import sh.brane.primitives.Keccak256;
import sh.brane.primitives.Rlp;
import sh.brane.primitives.RlpWriter;

/**
 * An EIP-7702 authorization with its signature, as it appears in a type 4 transaction's
 * authorization list: {@code [chainId, address, nonce, yParity, r, s]}.
 *
 * <p>A transaction may carry authorizations whose signature is invalid (the chain skips them, the
 * transaction stays valid), so decoding accepts any {@code r} and {@code s} of at most 32 bytes;
 * {@link #recoverAuthority()} is where an invalid signature shows. {@code yParity} must be 0 or 1.
 */
public final class SignedAuthorization {

    private final Authorization authorization;
    private final Signature signature;
    private final byte[] r;
    private final byte[] s;

    public SignedAuthorization(Authorization authorization, Signature signature) {
        this.authorization = Checks.notNull("authorization", authorization);
        this.signature = Checks.notNull("authorization signature", signature);
        this.r = signature.rBytes();
        this.s = signature.sBytes();
    }

    public Authorization authorization() {
        return authorization;
    }

    public Signature signature() {
        return signature;
    }

    public long chainId() {
        return authorization.chainId();
    }

    public Address address() {
        return authorization.address();
    }

    public long nonce() {
        return authorization.nonce();
    }

    /**
     * The account that signed this authorization, whose code it sets.
     *
     * @throws SignatureException if the signature is invalid, including an {@code s} above n/2,
     *                            which EIP-7702 rejects
     */
    public Address recoverAuthority() {
        if (!TxSignatures.isLowS(s)) {
            throw new SignatureException("authorization signature has s above n/2, which EIP-7702 rejects");
        }
        return Secp256k1.recoverAddress(Keccak256.hash(authorization.signingPayload()), signature);
    }

    /** Full RLP length of this tuple, header included. */
    int length() {
        return Rlp.sizeOfList(payloadLength());
    }

    private int payloadLength() {
        return authorization.fieldsLength() + 1 + TxRlp.lengthOfWord(r) + TxRlp.lengthOfWord(s);
    }

    void write(RlpWriter w) {
        w.writeListHeader(payloadLength());
        authorization.writeFields(w);
        w.writeLong(signature.yParity());
        TxRlp.writeWord(w, r);
        TxRlp.writeWord(w, s);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SignedAuthorization other && authorization.equals(other.authorization)
                && signature.equals(other.signature);
    }

    @Override
    public int hashCode() {
        return 31 * authorization.hashCode() + signature.hashCode();
    }

    @Override
    public String toString() {
        return "SignedAuthorization[chainId=" + chainId() + ", address=" + address() + ", nonce=" + nonce()
                + ", yParity=" + signature.yParity() + ", r=" + signature.r().toString(16) + ", s="
                + signature.s().toString(16) + "]";
    }
}
