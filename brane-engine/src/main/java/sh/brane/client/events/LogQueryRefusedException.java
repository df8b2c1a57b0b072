package sh.brane.client.events;

import sh.brane.rpc.RpcErrorException;

/** The node refused {@code eth_getLogs} as too large even for a range it cannot split further (one block). */
public final class LogQueryRefusedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public LogQueryRefusedException(long from, long to, RpcErrorException cause) {
        super("eth_getLogs of blocks " + from + ".." + to + " is refused as too large and cannot be split further: "
                + cause.getMessage() + " (narrow the stream's filter, or use a node without this limit)", cause);
    }
}
