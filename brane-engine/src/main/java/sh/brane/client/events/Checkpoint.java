package sh.brane.client.events;

import sh.brane.core.types.Hash;

/**
 * The last block whose logs a stream delivered and its handler accepted: the stream resumes after it.
 *
 * @param blockNumber the block
 * @param blockHash   its hash, to notice on resumption that the chain no longer holds it; null when unknown
 */
public record Checkpoint(long blockNumber, Hash blockHash) {

    public Checkpoint {
        if (blockNumber < -1) {
            throw new IllegalArgumentException("a checkpoint's block number must be -1 (nothing yet) or more, got "
                    + blockNumber);
        }
    }
}
