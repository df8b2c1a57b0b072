package sh.brane.example.chain;

import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.WebSocketProvider;

/** How the service is connected to its node, in words for the API and the dashboard. */
public final class ConnectionState {

    private ConnectionState() {
    }

    public static String of(BraneProvider provider) {
        if (provider instanceof WebSocketProvider ws) {
            return ws.isConnected() ? "CONNECTED" : "RECONNECTING";
        }
        return "HTTP";
    }
}
