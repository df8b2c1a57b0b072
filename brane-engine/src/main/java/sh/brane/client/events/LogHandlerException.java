package sh.brane.client.events;

import sh.brane.client.Log;

/**
 * A stream's handler threw: the checkpoint stays before the log's block, and the stream delivers it again on its
 * next pass (at least once).
 */
public final class LogHandlerException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient Log log;

    LogHandlerException(String stream, StreamedLog<?> delivered, Throwable cause) {
        this(stream, delivered.log(), delivered.removed(), cause);
    }

    public LogHandlerException(String stream, Log log, boolean removal, Throwable cause) {
        super("stream '" + stream + "': the handler failed on log " + log.logIndex() + " of transaction "
                + log.transactionHash() + " in block " + log.blockNumber() + (removal ? " (removal)" : "")
                + "; it is delivered again: " + cause, cause);
        this.log = log;
    }

    public Log log() {
        return log;
    }
}
