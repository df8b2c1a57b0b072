package sh.brane.client.tx;

/**
 * The node is not on the chain this sender signs for: another chain id, or the same chain id on another chain (a
 * genesis block other than the one the journal was written on). Nothing is signed, sent or re-sent while it lasts.
 * Not a transient failure: asking again does not help until the endpoint or the configuration is changed, so a
 * service should answer its callers with a definite error, not "try again".
 */
public abstract sealed class ChainIdentityException extends RuntimeException
        permits ChainIdMismatchException, JournalChainMismatchException {

    protected ChainIdentityException(String message) {
        super(message);
    }

    /** The chain id this sender is pinned to. */
    public abstract long pinnedChainId();
}
