package sh.brane.spring.boot.autoconfigure;

import org.springframework.boot.autoconfigure.service.connection.ConnectionDetails;
import org.springframework.boot.ssl.SslBundle;

/**
 * The node of one chain of {@code brane.chains}: the connection of that chain's provider, used instead of its
 * {@code brane.chains.<chain>.rpc.url} (or endpoints). Several may be declared, one per chain; a Docker Compose node
 * service labelled {@value #CHAIN_LABEL} gives one, and an application (a test) declares one as a bean. The chain of
 * {@code brane.rpc} keeps its own type, {@link BraneConnectionDetails}.
 */
public interface BraneChainConnectionDetails extends ConnectionDetails {

    /** The label of a dev-service container or compose service that names the chain it serves. */
    String CHAIN_LABEL = "sh.brane.chain";

    /** The chain served: a name configured under {@code brane.chains} (start-up fails naming the others if not). */
    String getChain();

    /** The node's URL: {@code ws://}/{@code wss://} for WebSocket, {@code http://}/{@code https://} for HTTP. */
    String getUrl();

    /**
     * The TLS material for a {@code wss://} or {@code https://} node; null (the default) uses the chain's
     * {@code rpc.ssl.bundle}, or the JVM's trust store when that is unset.
     */
    default SslBundle getSslBundle() {
        return null;
    }
}
