package sh.brane.spring.boot.autoconfigure.events;

import org.springframework.context.ApplicationEvent;

import sh.brane.client.events.StreamedLog;

/**
 * Published by {@link LoggingLogRecoverer} when a {@link BraneEventListener} method failed on a log every attempt
 * and the log is skipped: listen for it to alert or record the log elsewhere.
 */
public final class BraneListenerFailedEvent extends ApplicationEvent {

    private static final long serialVersionUID = 1L;

    private final String listenerId;
    private final transient StreamedLog<?> log;
    private final Exception cause;
    private final int attempts;

    public BraneListenerFailedEvent(Object source, String listenerId, StreamedLog<?> log, Exception cause,
            int attempts) {
        super(source);
        this.listenerId = listenerId;
        this.log = log;
        this.cause = cause;
        this.attempts = attempts;
    }

    /** The listener's id. */
    public String listenerId() {
        return listenerId;
    }

    /** The skipped log. */
    public StreamedLog<?> log() {
        return log;
    }

    /** The last attempt's exception. */
    public Exception cause() {
        return cause;
    }

    /** How many times the listener was called with the log. */
    public int attempts() {
        return attempts;
    }
}
