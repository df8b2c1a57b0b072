package sh.brane.spring.boot.autoconfigure.observation;

import java.util.Collections;
import java.util.Map;
import java.util.function.Supplier;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;

/**
 * The HTTP headers of the call being made on this thread: the carrier of its {@code brane.rpc.requests} observation,
 * into which Micrometer Tracing's propagating handler wrote the trace context ({@code traceparent}, or whatever the
 * configured propagation uses) when the observation started. Asked for by the HTTP provider on the caller's thread
 * while {@link ObservationBraneProvider} holds the observation in scope; none outside such a call, or when
 * observations are off.
 */
final class TraceRequestHeaders implements Supplier<Map<String, String>> {

    private final ObservationRegistry registry;

    TraceRequestHeaders(ObservationRegistry registry) {
        this.registry = registry;
    }

    @Override
    public Map<String, String> get() {
        Observation current = this.registry.getCurrentObservation();
        if (current != null && current.getContext() instanceof BraneObservationContext call
                && call.getCarrier() != null) {
            return Collections.unmodifiableMap(call.getCarrier());
        }
        return Map.of();
    }
}
