package sh.brane.rpc;

import java.util.Locale;

/**
 * How one endpoint behind a provider is doing, as {@link BraneProvider#status()} reports it for health checks,
 * dashboards and gauges.
 *
 * @param name the endpoint's configured name (never its URL, which may hold an API key)
 * @param transport WebSocket or HTTP
 * @param connected WebSocket: the connection is open now; HTTP: the provider is open
 * @param inRotation calls may be routed to it: false once closed, or while a {@link FallbackProvider} has taken it out
 * @param activeSubscriptions subscriptions delivering through it (0 on HTTP)
 * @param ringBufferRemaining free slots of its ring buffer (0 on HTTP)
 * @param callerConnections always 0 (caller-thread connections were removed); kept for one release
 * @param connectionEpoch changes each time the endpoint opens a connection, so two looks tell that a reconnect
 *        happened between them; 0 where the transport does not count them
 */
public record EndpointStatus(String name, Transport transport, boolean connected, boolean inRotation,
                             int activeSubscriptions, long ringBufferRemaining, int callerConnections,
                             long connectionEpoch) {

    /** A status without the deprecated {@code callerConnections} (always 0). */
    public EndpointStatus(String name, Transport transport, boolean connected, boolean inRotation,
                          int activeSubscriptions, long ringBufferRemaining, long connectionEpoch) {
        this(name, transport, connected, inRotation, activeSubscriptions, ringBufferRemaining, 0, connectionEpoch);
    }

    /** The kind of connection to the node. */
    public enum Transport {
        WS, HTTP;

        /** "ws" or "http": the value of the {@code transport} metric tag. */
        public String tag() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** This status, taken out of rotation when {@code inRotation} is false (a fallback's view of it). */
    EndpointStatus inRotationIf(boolean inRotation) {
        return inRotation || !this.inRotation ? this
                : new EndpointStatus(name, transport, connected, false, activeSubscriptions, ringBufferRemaining,
                        callerConnections, connectionEpoch);
    }
}
