package sh.brane.client.tx;

import sh.brane.core.tx.SignedTransaction;

/**
 * Builds, checks and signs the transaction for an allocated nonce. A store calls it inside the allocation, so an
 * exception here (a ceiling, a signer failure) rolls the allocation back and the nonce is not lost.
 */
@FunctionalInterface
public interface NonceSigner {
    SignedTransaction sign(long nonce);
}
