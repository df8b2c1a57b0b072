package sh.brane.client.tx;

/**
 * The chain id of a transaction about to be signed, or the one a node reports, is not the pinned one. Nothing is
 * signed; an endpoint that reports another chain must not be used for this signer.
 */
public final class ChainIdMismatchException extends ChainIdentityException {
    private final long pinned;
    private final long actual;

    public ChainIdMismatchException(long pinned, long actual, String where) {
        super(where + " has chain id " + actual + " but the signer is pinned to chain id " + pinned
                + "; nothing was signed (check the endpoint, or the configured chain id)");
        this.pinned = pinned;
        this.actual = actual;
    }

    @Override
    public long pinnedChainId() {
        return pinned;
    }

    public long pinned() {
        return pinned;
    }

    public long actual() {
        return actual;
    }
}
