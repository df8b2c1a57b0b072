package sh.brane.spring.boot.autoconfigure.events;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;

import sh.brane.client.events.StreamedLog;

/**
 * The default {@link BraneLogRecoverer}: logs the failed log at ERROR (listener, block, transaction, log index and
 * the exception), publishes a {@link BraneListenerFailedEvent}, and skips it.
 */
public final class LoggingLogRecoverer implements BraneLogRecoverer {
    private static final Logger logger = LoggerFactory.getLogger(LoggingLogRecoverer.class);

    private final ApplicationEventPublisher publisher;

    public LoggingLogRecoverer(ApplicationEventPublisher publisher) {
        this.publisher = publisher;
    }

    @Override
    public void recover(String listenerId, StreamedLog<?> log, Exception cause, int attempts) {
        logger.error("@BraneEventListener '{}' failed {} times on the log {} of block {} (transaction {}{}); skipped"
                + " (declare a BraneLogRecoverer bean to keep such logs)", listenerId, attempts, log.logIndex(),
                log.blockNumber(), log.log().transactionHash(), log.removed() ? ", a removal" : "", cause);
        publisher.publishEvent(new BraneListenerFailedEvent(this, listenerId, log, cause, attempts));
    }
}
