package sh.brane.spring.boot.autoconfigure.events;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.util.backoff.BackOff;
import org.springframework.util.backoff.BackOffExecution;

import sh.brane.client.events.LogHandler;
import sh.brane.client.events.StreamedLog;

/**
 * What a listener container does when its method throws (Spring Kafka's {@code DefaultErrorHandler}): calls it again
 * with the same log after each interval of the {@link BackOff}, and once the back-off stops, hands the log and the
 * last exception to the {@link BraneLogRecoverer}. All of it happens inside the stream's delivery, so the stream's
 * checkpoint moves past the log only after the method or the recoverer returned. The waits end early when the
 * container stops (the log is then delivered again after the checkpoint when it starts), and keep the stream's lease
 * while they last.
 */
public final class BraneListenerErrorHandler {
    private static final Logger logger = LoggerFactory.getLogger(BraneListenerErrorHandler.class);

    private final BackOff backOff;
    private final BraneLogRecoverer recoverer;

    public BraneListenerErrorHandler(BackOff backOff, BraneLogRecoverer recoverer) {
        if (backOff == null || recoverer == null) {
            throw new IllegalArgumentException("a listener error handler needs a BackOff and a BraneLogRecoverer");
        }
        this.backOff = backOff;
        this.recoverer = recoverer;
    }

    /** The back-off between attempts. */
    public BackOff backOff() {
        return backOff;
    }

    /** Delivers {@code log} to {@code listener}, retrying and recovering as configured. */
    void deliver(BraneListenerContainer container, StreamedLog<Record> log, LogHandler<Record> listener)
            throws Exception {
        BackOffExecution execution = null;
        for (int attempt = 1; ; attempt++) {
            try {
                listener.onLog(log);
                return;
            } catch (Exception e) {
                if (container.isStopping()) {
                    throw e;
                }
                if (execution == null) {
                    execution = backOff.start();
                }
                long wait = execution.nextBackOff();
                if (wait == BackOffExecution.STOP) {
                    recoverer.recover(container.id(), log, e, attempt);
                    return;
                }
                logger.warn("@BraneEventListener '{}' failed on the log {} of block {} (attempt {}): {}; again in {} ms",
                        container.id(), log.logIndex(), log.blockNumber(), attempt, e.toString(), wait);
                container.backOff(wait);
            }
        }
    }
}
