package sh.brane.spring.boot.autoconfigure.observation;

import io.micrometer.common.KeyValues;

/**
 * The default: observation {@value #NAME}, contextual name the JSON-RPC method, and the low-cardinality keys of the
 * {@code brane.rpc.requests} meters, so traces and metrics are filtered alike: {@code chain} ({@code default} when
 * not known, as the meters), {@code method}, {@code endpoint}, {@code transport} and, once the call ends,
 * {@code outcome} and {@code error.code}. Boot's meter observation handler turns the observation into the
 * {@code brane.rpc.requests} timer (the one timer of each call), so the name is the meter's.
 */
public class DefaultBraneObservationConvention implements BraneObservationConvention {

    /** The observation's name; {@code management.observations.enable.brane=false} turns it off. */
    public static final String NAME = "brane.rpc.requests";

    /** The {@code chain} key of a provider outside the auto-configuration, as its meters have it. */
    static final String UNKNOWN_CHAIN = "default";

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
        // every key always present once the call ends: Prometheus wants one set of tag keys per meter name
        KeyValues keys = KeyValues.of("chain", (context.getChain() != null) ? context.getChain() : UNKNOWN_CHAIN,
                "method", context.getMethod(), "endpoint", context.getEndpoint(), "transport", context.getTransport());
        if (context.getOutcome() == null) {
            return keys;
        }
        return keys.and("outcome", context.getOutcome(), "error.code",
                (context.getErrorCode() != null) ? context.getErrorCode() : "none");
    }
}
