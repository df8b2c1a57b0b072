package sh.brane.example.chain;

import java.util.List;

import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.EndpointStatus;

/** How the service is connected to its node, in words for the API and the dashboard. */
public final class ConnectionState {

    private ConnectionState() {
    }

    /**
     * CONNECTED or RECONNECTING when a WebSocket endpoint is behind the provider (asked through its status, so a
     * decorated or fallback provider answers too), HTTP otherwise.
     */
    public static String of(BraneProvider provider) {
        List<EndpointStatus> webSockets = provider.status().stream()
            .filter((status) -> status.transport() == EndpointStatus.Transport.WS)
            .toList();
        if (webSockets.isEmpty()) {
            return "HTTP";
        }
        return webSockets.stream().anyMatch(EndpointStatus::connected) ? "CONNECTED" : "RECONNECTING";
    }
}
