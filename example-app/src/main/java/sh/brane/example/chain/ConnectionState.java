package sh.brane.example.chain;

import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.WebSocketProvider;
import sh.brane.spring.boot.autoconfigure.DecoratedBraneProvider;

/** How the service is connected to its node, in words for the API and the dashboard. */
public final class ConnectionState {

    private ConnectionState() {
    }

    public static String of(BraneProvider provider) {
        // the provider bean may wrap the transport (observations): look underneath
        if (DecoratedBraneProvider.unwrap(provider) instanceof WebSocketProvider ws) {
            return ws.isConnected() ? "CONNECTED" : "RECONNECTING";
        }
        return "HTTP";
    }
}
