package sh.brane.spring.boot.autoconfigure.dockercompose;

import java.util.List;

import org.springframework.boot.docker.compose.core.ConnectionPorts;
import org.springframework.boot.docker.compose.core.RunningService;
import org.springframework.boot.docker.compose.service.connection.DockerComposeConnectionDetailsFactory;
import org.springframework.boot.docker.compose.service.connection.DockerComposeConnectionSource;
import org.springframework.boot.ssl.SslBundle;

import sh.brane.spring.boot.autoconfigure.BraneChainConnectionDetails;
import sh.brane.spring.boot.autoconfigure.BraneConnectionDetails;
import sh.brane.spring.boot.autoconfigure.node.NodeImages;

/**
 * {@link BraneConnectionDetails} for a node service of the application's {@code compose.yaml} (Boot's
 * spring-boot-docker-compose at development time), matched by image as Boot matches a {@code redis} service:
 * Foundry's anvil ({@code ghcr.io/foundry-rs/foundry}) or geth in dev mode ({@code ethereum/client-go}), or any image
 * labelled {@code org.springframework.boot.service-connection: ghcr.io/foundry-rs/foundry}. The URL is
 * {@code http://host:port} of the port published for container port {@value NodeImages#RPC_PORT} (else the first
 * published one); {@code https://} with the service's SSL labels. A service labelled
 * {@value BraneChainConnectionDetails#CHAIN_LABEL} serves that chain instead
 * ({@link NodeChainDockerComposeConnectionDetailsFactory}), not this one.
 */
class NodeDockerComposeConnectionDetailsFactory extends DockerComposeConnectionDetailsFactory<BraneConnectionDetails> {

    NodeDockerComposeConnectionDetailsFactory() {
        super(NodeImages.NAMES.toArray(String[]::new));
    }

    @Override
    protected BraneConnectionDetails getDockerComposeConnectionDetails(DockerComposeConnectionSource source) {
        return detailsFor(source.getRunningService());
    }

    /** Null for a service labelled with a chain: the chain of {@code brane.rpc} stays with its properties. */
    static BraneConnectionDetails detailsFor(RunningService service) {
        return (chainOf(service) != null) ? null : new NodeDockerComposeConnectionDetails(service);
    }

    /** The chain the service is labelled with, or null: it serves the chain of {@code brane.rpc}. */
    static String chainOf(RunningService service) {
        return service.labels().get(BraneChainConnectionDetails.CHAIN_LABEL);
    }

    static final class NodeDockerComposeConnectionDetails extends DockerComposeConnectionDetails
            implements BraneConnectionDetails {

        private final String url;

        private final SslBundle sslBundle;

        NodeDockerComposeConnectionDetails(RunningService service) {
            super(service);
            this.sslBundle = getSslBundle(service);
            this.url = NodeImages.url(service.host(), hostPort(service), this.sslBundle != null);
        }

        static int hostPort(RunningService service) {
            ConnectionPorts ports = service.ports();
            try {
                return ports.get(NodeImages.RPC_PORT);
            }
            catch (IllegalStateException ex) {
                List<Integer> published = ports.getAll();
                if (published.isEmpty()) {
                    throw new IllegalStateException("the node service '" + service.name() + "' publishes no port: "
                            + "publish " + NodeImages.RPC_PORT + " in compose.yaml (ports: [\"8545\"])", ex);
                }
                return published.get(0);
            }
        }

        @Override
        public String getUrl() {
            return this.url;
        }

        @Override
        public SslBundle getSslBundle() {
            return this.sslBundle;
        }
    }
}
