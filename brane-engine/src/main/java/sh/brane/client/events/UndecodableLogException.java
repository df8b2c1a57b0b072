package sh.brane.client.events;

import sh.brane.client.Log;

/**
 * A log matched the stream's filter but did not decode as its event (a contract emitting a same-named event with
 * other fields, a malformed log): it was skipped, and ingestion went on. Carries the block, transaction and index.
 */
public final class UndecodableLogException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient Log log;

    public UndecodableLogException(Log log, String event, Throwable cause) {
        super("log " + log.logIndex() + " of transaction " + log.transactionHash() + " in block " + log.blockNumber()
                + " (" + log.blockHash() + ") from " + log.address() + " does not decode as " + event
                + "; skipped: " + cause.getMessage(), cause);
        this.log = log;
    }

    public Log log() {
        return log;
    }

    public long blockNumber() {
        return log.blockNumber();
    }

    public long logIndex() {
        return log.logIndex();
    }

    public sh.brane.core.types.Hash transactionHash() {
        return log.transactionHash();
    }
}
