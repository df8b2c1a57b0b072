package sh.brane.client.events;

import sh.brane.core.types.Hash;
import sh.brane.rpc.RpcErrorException;

/**
 * A block's logs, asked by the block's hash (EIP-234), were refused pass after pass: the node answering log queries
 * does not hold the block its headers come from (a replica far behind, behind a load balancer). The stream does not
 * pass the block; it asks again on every pass, and delivers as soon as the node can answer.
 */
public final class LogsNotYetAvailableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final long blockNumber;

    public LogsNotYetAvailableException(String stream, long blockNumber, Hash blockHash, int passes,
            RpcErrorException cause) {
        super("log stream '" + stream + "': the node has not given the logs of block " + blockNumber + " ("
                + blockHash + ") in " + passes + " passes in a row (" + cause.getMessage() + "); the stream waits at"
                + " that block. A node behind a load balancer that lags its peers answers like this: check the"
                + " replicas' sync, or point the stream at one node", cause);
        this.blockNumber = blockNumber;
    }

    /** The block the stream waits at. */
    public long blockNumber() {
        return blockNumber;
    }
}
