package sh.brane.spring.boot.autoconfigure.observation;

import io.micrometer.common.KeyValues;

/**
 * The default: observation {@value #NAME}, contextual name the JSON-RPC method, and the low-cardinality keys of the
 * {@code brane.rpc.requests} meters, so traces and metrics are filtered alike: {@code chain} (when known),
 * {@code method}, {@code endpoint}, {@code transport} and, once the call ends, {@code outcome}.
 */
public class DefaultBraneObservationConvention implements BraneObservationConvention {

    /** The observation's name; {@code management.observations.enable.brane=false} turns it off. */
    public static final String NAME = "brane.rpc.call";

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public String getContextualName(BraneObservationContext context) {
        return context.getMethod();
    }

    @Override
    public KeyValues getLowCardinalityKeyValues(BraneObservationContext context) {
        KeyValues keys = KeyValues.of("method", context.getMethod(), "endpoint", context.getEndpoint(), "transport",
                context.getTransport());
        if (context.getChain() != null) {
            keys = keys.and("chain", context.getChain());
        }
        return (context.getOutcome() != null) ? keys.and("outcome", context.getOutcome()) : keys;
    }
}
