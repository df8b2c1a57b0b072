package sh.brane.client.events;

import sh.brane.client.Log;

/**
 * One log delivered by a {@link LogStream}: its decoded value (the log itself for an untyped stream), the raw log
 * (block, transaction, log index), and whether it was removed by a reorganisation. A removal carries the same
 * value and log that were delivered before (the log marked {@link Log#removed()}), and comes in reverse order of
 * delivery.
 *
 * @param <E> the event record, or {@link Log}
 */
public record StreamedLog<E>(E event, Log log, boolean removed) {

    public long blockNumber() {
        return log.blockNumber();
    }

    public long logIndex() {
        return log.logIndex();
    }

    /** The removal of this delivery: the same value, its log marked {@link Log#removed()}. */
    StreamedLog<E> asRemoved() {
        Log l = log;
        return new StreamedLog<>(event, new Log(l.address(), l.topics(), l.data(), l.blockNumber(), l.blockHash(),
                l.transactionHash(), l.transactionIndex(), l.logIndex(), true, l.blockTimestamp()), true);
    }
}
