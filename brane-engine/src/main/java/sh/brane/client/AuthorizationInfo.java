package sh.brane.client;

import java.math.BigInteger;

import sh.brane.core.crypto.Signature;
import sh.brane.core.tx.Authorization;
import sh.brane.core.tx.SignedAuthorization;
import sh.brane.core.types.Address;

/**
 * One entry of an EIP-7702 transaction's {@code authorizationList}, as the node reports it. Kept as the node's values
 * rather than as a {@link SignedAuthorization}: a set-code transaction may carry an authorization that is invalid
 * (a signature no key made, a wrong chain); the chain skips it, and reading the block must not fail on it.
 *
 * @param chainId the chain it is valid on, 0 for every chain
 */
public record AuthorizationInfo(long chainId, Address address, long nonce, int yParity, BigInteger r, BigInteger s) {

    /** The library's signed authorization, for re-encoding the transaction or recovering the authority. */
    public SignedAuthorization toSignedAuthorization() {
        Authorization a = chainId == 0 ? Authorization.forEveryChain(address, nonce)
                : new Authorization(chainId, address, nonce);
        return new SignedAuthorization(a, Signature.of(r, s, yParity));
    }
}
