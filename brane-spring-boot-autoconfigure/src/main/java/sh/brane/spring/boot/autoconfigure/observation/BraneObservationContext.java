package sh.brane.spring.boot.autoconfigure.observation;

import java.util.LinkedHashMap;
import java.util.Map;

import io.micrometer.observation.transport.SenderContext;

/**
 * What a {@link BraneObservationConvention} sees of one JSON-RPC call. A client-side sender context: Micrometer
 * Tracing's propagating handler (registered by Boot's tracing auto-configuration) writes the call's trace context
 * ({@code traceparent}) into its {@linkplain #getCarrier() carrier} when the observation starts, and an HTTP
 * provider sends those headers with the call's request.
 */
public class BraneObservationContext extends SenderContext<Map<String, String>> {

    private final String method;

    private final String chain;

    private final String endpoint;

    private final String transport;

    private volatile String outcome;

    private volatile String errorCode;

    /** A call whose chain is not known (a provider outside the auto-configuration): no {@code chain} key. */
    public BraneObservationContext(String method, String endpoint, String transport) {
        this(method, null, endpoint, transport);
    }

    /**
     * @param chain the configured chain's name ({@code default} for {@code brane.rpc}), or null when not known
     */
    public BraneObservationContext(String method, String chain, String endpoint, String transport) {
        super((carrier, key, value) -> {
            if (carrier != null) {
                carrier.put(key, value);
            }
        });
        setCarrier(new LinkedHashMap<>(4));
        setRemoteServiceName(endpoint);
        this.method = method;
        this.chain = chain;
        this.endpoint = endpoint;
        this.transport = transport;
    }

    /** The JSON-RPC method, e.g. {@code eth_call}. */
    public String getMethod() {
        return this.method;
    }

    /**
     * The configured chain's name, as the meters' {@code chain} tag: {@code default} for {@code brane.rpc}, else
     * the name under {@code brane.chains}; null when not known.
     */
    public String getChain() {
        return this.chain;
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

    /**
     * The node's JSON-RPC error code as the meters tag it ({@code none} unless the node answered with an error; a
     * code outside the standard sets is {@code OTHER}); null until the call ends.
     */
    public String getErrorCode() {
        return this.errorCode;
    }

    void setErrorCode(String errorCode) {
        this.errorCode = errorCode;
    }
}
