package sh.brane.spring.boot.autoconfigure;

import java.util.Map;

import org.springframework.boot.autoconfigure.service.connection.ConnectionDetails;

/**
 * Details required to connect to an Ethereum node. Declare a bean of this type (or let Testcontainers'
 * {@code @ServiceConnection} or {@code brane.devnet.enabled} declare one) to override {@code brane.rpc.url}.
 */
public interface BraneConnectionDetails extends ConnectionDetails {

    /**
     * The node's URL: {@code ws://} or {@code wss://} selects the WebSocket provider, {@code http://} or
     * {@code https://} the HTTP provider.
     */
    String getUrl();

    /** Headers sent with the WebSocket handshake or every HTTP request (e.g. an API key). */
    default Map<String, String> getHeaders() {
        return Map.of();
    }
}
