package sh.brane.client.events;

import sh.brane.core.types.Hash;

/**
 * A reorganisation reached below the blocks a stream remembers (its reorg window, or its checkpoint after a
 * restart): logs it delivered from the abandoned blocks below that point cannot be reported as removed. The stream
 * goes on from the canonical chain. Raise the confirmations (or the window) above the chain's reorg depth.
 */
public final class ReorgBeyondWindowException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final long blockNumber;

    public ReorgBeyondWindowException(String stream, long blockNumber, Hash remembered, Hash canonical) {
        super("stream '" + stream + "': block " + blockNumber + " was " + remembered + " and is now " + canonical
                + ": the chain reorganised below the blocks the stream remembers; logs delivered from abandoned blocks"
                + " at or below " + blockNumber + " are not reported as removed (raise the confirmations or the"
                + " reorg window)");
        this.blockNumber = blockNumber;
    }

    public long blockNumber() {
        return blockNumber;
    }
}
