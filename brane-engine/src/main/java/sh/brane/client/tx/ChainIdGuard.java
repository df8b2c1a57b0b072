package sh.brane.client.tx;

import java.util.function.LongSupplier;

import sh.brane.core.tx.Transaction;

/**
 * The chain id a signer signs for, fixed in configuration: never taken from a node for signing. Every
 * transaction is checked against it just before its signature, and {@link #verifyEndpoint(LongSupplier)} checks
 * a node's {@code eth_chainId} when the node (re)joins the rotation.
 */
public final class ChainIdGuard {
    private final long chainId;

    private ChainIdGuard(long chainId) {
        if (chainId <= 0 || chainId > Transaction.MAX_CHAIN_ID) {
            throw new IllegalArgumentException("a pinned chain id must be 1.." + Transaction.MAX_CHAIN_ID + ", got "
                    + chainId);
        }
        this.chainId = chainId;
    }

    public static ChainIdGuard pinned(long chainId) {
        return new ChainIdGuard(chainId);
    }

    public long chainId() {
        return chainId;
    }

    /** @throws ChainIdMismatchException if {@code tx} is for another chain (it must not be signed) */
    public void checkSigning(Transaction tx) {
        if (tx.chainId() != chainId) {
            throw new ChainIdMismatchException(chainId, tx.chainId(), "the transaction about to be signed");
        }
    }

    /**
     * Asks the endpoint for its chain id and compares it with the pinned one.
     *
     * @param nodeChainId reads {@code eth_chainId} from the endpoint being checked
     * @throws ChainIdMismatchException if the endpoint is on another chain
     */
    public void verifyEndpoint(LongSupplier nodeChainId) {
        long reported = nodeChainId.getAsLong();
        if (reported != chainId) {
            throw new ChainIdMismatchException(chainId, reported, "the node");
        }
    }

    @Override
    public String toString() {
        return "ChainIdGuard[" + chainId + "]";
    }
}
