package sh.brane.client.tx;

import sh.brane.core.types.Hash;

/**
 * The journal was written on another chain than the node's, though both have the same chain id: their genesis
 * blocks differ. A devnet that was reset, or a network that reuses a chain id. Nothing is signed, sent or re-sent
 * from this journal: its nonces and unfinished transactions belong to the other chain, and replaying them here
 * would send old payments again.
 */
public final class JournalChainMismatchException extends ChainIdentityException {
    private final long chainId;
    private final Hash journalGenesis;
    private final Hash nodeGenesis;

    public JournalChainMismatchException(long chainId, Hash journalGenesis, Hash nodeGenesis) {
        super("the transaction journal was written on chain id " + chainId + " with genesis block " + journalGenesis
                + ", but the node's genesis block is " + nodeGenesis + " (the chain was reset, or the node is another"
                + " network with the same chain id); nothing was signed or sent. Point the journal at a fresh database,"
                + " or remove this chain id's rows from the brane_tx_* tables, to start over on the node's chain");
        this.chainId = chainId;
        this.journalGenesis = journalGenesis;
        this.nodeGenesis = nodeGenesis;
    }

    @Override
    public long pinnedChainId() {
        return chainId;
    }

    public long chainId() {
        return chainId;
    }

    /** The genesis block hash the journal was bound to first. */
    public Hash journalGenesis() {
        return journalGenesis;
    }

    /** The genesis block hash the node reported. */
    public Hash nodeGenesis() {
        return nodeGenesis;
    }
}
