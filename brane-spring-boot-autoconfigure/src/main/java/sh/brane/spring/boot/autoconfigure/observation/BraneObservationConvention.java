package sh.brane.spring.boot.autoconfigure.observation;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/**
 * Names a JSON-RPC call's observation and its keys. Declare a bean of this type to replace
 * {@link DefaultBraneObservationConvention} (or extend it to add keys).
 */
public interface BraneObservationConvention extends ObservationConvention<BraneObservationContext> {

    @Override
    default boolean supportsContext(Observation.Context context) {
        return context instanceof BraneObservationContext;
    }
}
