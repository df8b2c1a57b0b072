package sh.brane.spring.boot.autoconfigure.events;

import sh.brane.client.events.StreamedLog;

/**
 * What happens to a log whose {@link BraneEventListener} method failed every attempt the back-off allowed (Spring
 * Kafka's {@code ConsumerRecordRecoverer}): write it to a dead-letter table, alert, or skip it. The stream's
 * checkpoint moves past the log once this returns; if it throws, the checkpoint stays and the log is delivered
 * again (with a fresh back-off) on the stream's next pass. Declare a bean of this type to replace the default
 * ({@link LoggingLogRecoverer}: an ERROR line and a {@link BraneListenerFailedEvent}, then skip).
 */
@FunctionalInterface
public interface BraneLogRecoverer {

    /**
     * @param listenerId the listener's id ({@link BraneEventListener#id()})
     * @param log        the log the listener failed on
     * @param cause      the last attempt's exception
     * @param attempts   how many times the listener was called with it
     */
    void recover(String listenerId, StreamedLog<?> log, Exception cause, int attempts) throws Exception;
}
