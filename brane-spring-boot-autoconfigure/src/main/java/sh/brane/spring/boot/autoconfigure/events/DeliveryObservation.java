package sh.brane.spring.boot.autoconfigure.events;

import sh.brane.client.events.LogHandler;
import sh.brane.client.events.StreamedLog;

/** Wraps each delivery to a listener method (an observation with Micrometer's API when it is present). */
interface DeliveryObservation {

    DeliveryObservation NONE = (listenerId, chain, log, delivery) -> delivery.onLog(log);

    void observe(String listenerId, String chain, StreamedLog<Record> log, LogHandler<Record> delivery)
            throws Exception;
}
