package sh.brane.spring.boot.autoconfigure.events;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;

import sh.brane.client.events.LogHandler;
import sh.brane.client.events.StreamedLog;

/**
 * One {@code brane.events.delivery} observation per call of a listener method (each retry is one): low-cardinality
 * keys {@code listener}, {@code chain}, {@code removed}; high-cardinality {@code block} and {@code transaction}. A
 * timer of that name comes with Boot's metrics, a span with its tracing.
 */
final class MicrometerDeliveryObservation implements DeliveryObservation {
    static final String NAME = "brane.events.delivery";

    private final ObservationRegistry registry;

    MicrometerDeliveryObservation(ObservationRegistry registry) {
        this.registry = registry;
    }

    @Override
    public void observe(String listenerId, String chain, StreamedLog<Record> log, LogHandler<Record> delivery)
            throws Exception {
        Observation observation = Observation.createNotStarted(NAME, registry)
                .contextualName("brane listener " + listenerId)
                .lowCardinalityKeyValue("listener", listenerId)
                .lowCardinalityKeyValue("chain", chain)
                .lowCardinalityKeyValue("removed", Boolean.toString(log.removed()))
                .highCardinalityKeyValue("block", Long.toString(log.blockNumber()))
                .highCardinalityKeyValue("transaction", String.valueOf(log.log().transactionHash()))
                .start();
        try (Observation.Scope scope = observation.openScope()) {
            delivery.onLog(log);
        } catch (Exception | Error e) {
            observation.error(e);
            throw e;
        } finally {
            observation.stop();
        }
    }
}
