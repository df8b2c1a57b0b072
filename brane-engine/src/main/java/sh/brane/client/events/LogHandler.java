package sh.brane.client.events;

/**
 * Receives a stream's logs, one at a time, in chain order (removals in reverse order). An exception leaves the
 * checkpoint where it was: the stream reports it and delivers the same logs again later (at least once).
 *
 * @param <E> the event record, or {@link sh.brane.client.Log}
 */
@FunctionalInterface
public interface LogHandler<E> {

    void onLog(StreamedLog<E> log) throws Exception;
}
