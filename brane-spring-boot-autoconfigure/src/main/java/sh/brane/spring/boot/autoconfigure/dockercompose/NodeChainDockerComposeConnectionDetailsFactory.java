package sh.brane.spring.boot.autoconfigure.dockercompose;

import org.springframework.boot.docker.compose.core.RunningService;
import org.springframework.boot.docker.compose.service.connection.DockerComposeConnectionDetailsFactory;
import org.springframework.boot.docker.compose.service.connection.DockerComposeConnectionSource;
import org.springframework.boot.ssl.SslBundle;

import sh.brane.spring.boot.autoconfigure.BraneChainConnectionDetails;
import sh.brane.spring.boot.autoconfigure.node.NodeImages;

/**
 * {@link BraneChainConnectionDetails} for a node service of {@code compose.yaml} labelled
 * {@value BraneChainConnectionDetails#CHAIN_LABEL}{@code : <chain>}: it serves that chain of {@code brane.chains}.
 * Matched by image as {@link NodeDockerComposeConnectionDetailsFactory} matches; the URL is built the same way.
 */
class NodeChainDockerComposeConnectionDetailsFactory
        extends DockerComposeConnectionDetailsFactory<BraneChainConnectionDetails> {

    NodeChainDockerComposeConnectionDetailsFactory() {
        super(NodeImages.NAMES.toArray(String[]::new));
    }

    @Override
    protected BraneChainConnectionDetails getDockerComposeConnectionDetails(DockerComposeConnectionSource source) {
        return detailsFor(source.getRunningService());
    }

    /** Null for an unlabelled service: it serves the chain of {@code brane.rpc}. */
    static BraneChainConnectionDetails detailsFor(RunningService service) {
        String chain = NodeDockerComposeConnectionDetailsFactory.chainOf(service);
        return (chain != null) ? new NodeChainDockerComposeConnectionDetails(service, chain) : null;
    }

    static final class NodeChainDockerComposeConnectionDetails extends DockerComposeConnectionDetails
            implements BraneChainConnectionDetails {

        private final String chain;

        private final String url;

        private final SslBundle sslBundle;

        NodeChainDockerComposeConnectionDetails(RunningService service, String chain) {
            super(service);
            this.chain = chain;
            this.sslBundle = getSslBundle(service);
            this.url = NodeImages.url(service.host(),
                    NodeDockerComposeConnectionDetailsFactory.NodeDockerComposeConnectionDetails.hostPort(service),
                    this.sslBundle != null);
        }

        @Override
        public String getChain() {
            return this.chain;
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
