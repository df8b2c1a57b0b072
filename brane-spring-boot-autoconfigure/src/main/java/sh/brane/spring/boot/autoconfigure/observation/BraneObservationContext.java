package sh.brane.spring.boot.autoconfigure.observation;

import io.micrometer.observation.Observation;

/** What a {@link BraneObservationConvention} sees of one JSON-RPC call. */
public class BraneObservationContext extends Observation.Context {

    private final String method;

    private final String endpoint;

    private final String transport;

    private volatile String outcome;

    public BraneObservationContext(String method, String endpoint, String transport) {
        this.method = method;
        this.endpoint = endpoint;
        this.transport = transport;
    }

    /** The JSON-RPC method, e.g. {@code eth_call}. */
    public String getMethod() {
        return this.method;
    }

    /** The endpoint's configured name (never its URL). */
    public String getEndpoint() {
        return this.endpoint;
    }

    /** {@code ws} or {@code http}. */
    public String getTransport() {
        return this.transport;
    }

    /**
     * {@code SUCCESS}, a {@link sh.brane.rpc.RpcOutcome} name, or {@code CLIENT_ERROR}; null until the call ends.
     */
    public String getOutcome() {
        return this.outcome;
    }

    void setOutcome(String outcome) {
        this.outcome = outcome;
    }
}
