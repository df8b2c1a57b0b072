package sh.brane.spring.boot.autoconfigure;

import java.util.List;
import java.util.Map;

import org.springframework.boot.autoconfigure.service.connection.ConnectionDetails;
import org.springframework.boot.ssl.SslBundle;

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

    /**
     * The TLS material for a {@code wss://} or {@code https://} node (a private CA, a client certificate), as
     * Boot's own connection details carry it (e.g. from Testcontainers' {@code @Ssl…} annotations); null (the
     * default) uses {@code brane.rpc.ssl.bundle}, or the JVM's trust store when that is unset.
     */
    default SslBundle getSslBundle() {
        return null;
    }

    /**
     * Several nodes for a fallback provider; when not empty, {@link #getUrl()} is not used. Empty by default.
     */
    default List<Endpoint> getEndpoints() {
        return List.of();
    }

    /**
     * One node of a fallback provider.
     *
     * @param name    the endpoint's name in metrics and logs (never the URL)
     * @param url     its URL
     * @param headers its headers (in addition to {@link #getHeaders()})
     */
    record Endpoint(String name, String url, Map<String, String> headers) {

        @Override
        public String toString() {
            return "Endpoint[" + this.name + "]";
        }
    }
}
