package sh.brane.client.events;

/**
 * A stream resumed from a checkpoint above the node's newest block. Either the node is behind (still syncing, or a
 * fallback node that lags) and the stream rightly waits, or it holds another chain (a development chain reset, a
 * database of checkpoints pointed at another network) and the stream would wait, silently, until that chain grows
 * past the checkpoint. Reported once, when the stream starts; the stream then waits until the node holds the
 * checkpoint's block, compares its hash (a mismatch is a {@link ReorgBeyondWindowException}) and goes on after it. If
 * the chain was reset, remove the stream's checkpoint from its {@link CheckpointStore} to start again.
 */
public final class CheckpointAheadOfChainException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final long checkpointBlock;
    private final long headBlock;

    public CheckpointAheadOfChainException(String stream, long checkpointBlock, long headBlock) {
        super("stream '" + stream + "': its checkpoint is block " + checkpointBlock + " but the node's newest block is "
                + headBlock + "; the node is behind (still syncing) or holds another chain (a reset development"
                + " chain); the stream waits until the node holds block " + checkpointBlock + " (if the chain was reset,"
                + " remove the stream's checkpoint from its CheckpointStore to start again)");
        this.checkpointBlock = checkpointBlock;
        this.headBlock = headBlock;
    }

    /** The block the stream's checkpoint names. */
    public long checkpointBlock() {
        return checkpointBlock;
    }

    /** The node's newest block when the stream started. */
    public long headBlock() {
        return headBlock;
    }
}
