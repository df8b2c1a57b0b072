package sh.brane.rpc;

import java.util.Locale;

/**
 * How one endpoint behind a provider is doing, as {@link BraneProvider#status()} reports it: for health checks,
 * dashboards and gauges, which ask instead of testing the provider's type (a decorator would hide that type).
 *
 * @param name the endpoint's configured name (never its URL, which may hold an API key)
 * @param transport WebSocket or HTTP
 * @param connected WebSocket: the connection is open now (false while reconnecting); HTTP: the provider is open
 *        (HTTP keeps no connection whose loss could be seen between calls)
 * @param inRotation calls may be routed to it: false once closed, and in a {@link FallbackProvider} while it is
 *        taken out after consecutive failures
 * @param activeSubscriptions subscriptions delivering through it (0 on HTTP)
 * @param ringBufferRemaining free slots of its {@code sendAsyncBatch} ring buffer (0 on HTTP, which has none)
 * @param callerConnections always 0: caller-thread connections were removed (every call goes over the endpoint's
 *        one connection); kept for one release so that code reading it compiles
 * @param connectionEpoch changes each time the endpoint opens a connection to the node (WebSocket: each connect
 *        and reconnect; HTTP: each new pooled connection), so that a look before and a look after tell that a
 *        reconnect happened in between even when {@code connected} reads the same both times; 0 where the
 *        transport does not count them
 */
public record EndpointStatus(String name, Transport transport, boolean connected, boolean inRotation,
                             int activeSubscriptions, long ringBufferRemaining, int callerConnections,
                             long connectionEpoch) {

    /** A status without the deprecated {@code callerConnections} (always 0). */
    public EndpointStatus(String name, Transport transport, boolean connected, boolean inRotation,
                          int activeSubscriptions, long ringBufferRemaining, long connectionEpoch) {
        this(name, transport, connected, inRotation, activeSubscriptions, ringBufferRemaining, 0, connectionEpoch);
    }

    /** A status whose transport does not count its connections (epoch 0). */
    public EndpointStatus(String name, Transport transport, boolean connected, boolean inRotation,
                          int activeSubscriptions, long ringBufferRemaining) {
        this(name, transport, connected, inRotation, activeSubscriptions, ringBufferRemaining, 0, 0);
    }

    /** A status with the deprecated {@code callerConnections}, whose transport does not count its connections. */
    public EndpointStatus(String name, Transport transport, boolean connected, boolean inRotation,
                          int activeSubscriptions, long ringBufferRemaining, int callerConnections) {
        this(name, transport, connected, inRotation, activeSubscriptions, ringBufferRemaining, callerConnections, 0);
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
