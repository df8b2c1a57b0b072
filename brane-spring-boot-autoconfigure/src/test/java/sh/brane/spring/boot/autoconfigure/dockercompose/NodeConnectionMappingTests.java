package sh.brane.spring.boot.autoconfigure.dockercompose;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.boot.docker.compose.core.ConnectionPorts;
import org.springframework.boot.docker.compose.core.ImageReference;
import org.springframework.boot.docker.compose.core.RunningService;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.boot.autoconfigure.service.connection.ConnectionDetailsFactory;

import sh.brane.spring.boot.autoconfigure.BraneChainConnectionDetails;
import sh.brane.spring.boot.autoconfigure.node.NodeImages;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * How a node service of compose.yaml (as Boot's Docker Compose support reports it: host, published ports, labels)
 * becomes the connection URL, without Docker: the port published for 8545, else the first one published; https with
 * the service's SSL labels; a service that publishes nothing fails saying what to publish; a service labelled
 * sh.brane.chain serves that chain and not the one of brane.rpc.
 */
class NodeConnectionMappingTests {

    @Test
    void thePortPublishedFor8545() {
        var details = new NodeDockerComposeConnectionDetailsFactory.NodeDockerComposeConnectionDetails(
                service("anvil", Map.of(8545, 49153, 9000, 49154)));
        assertThat(details.getUrl()).isEqualTo("http://127.0.0.1:49153");
        assertThat(details.getSslBundle()).isNull();
    }

    @Test
    void elseTheFirstPublishedPort() {
        var details = new NodeDockerComposeConnectionDetailsFactory.NodeDockerComposeConnectionDetails(
                service("geth", Map.of(8551, 49200)));
        assertThat(details.getUrl()).isEqualTo("http://127.0.0.1:49200");
    }

    @Test
    void noPublishedPortFailsSayingWhatToPublish() {
        assertThatIllegalStateException()
            .isThrownBy(() -> new NodeDockerComposeConnectionDetailsFactory.NodeDockerComposeConnectionDetails(
                    service("geth", Map.of())))
            .withMessageContaining("'geth' publishes no port")
            .withMessageContaining("8545");
    }

    @Test
    void aServiceLabelledWithAChainServesThatChainNotTheDefaultOne() {
        RunningService service = service("l2", Map.of(8545, 49160), Map.of("sh.brane.chain", "l2"));
        assertThat(NodeDockerComposeConnectionDetailsFactory.detailsFor(service)).isNull();
        BraneChainConnectionDetails details = NodeChainDockerComposeConnectionDetailsFactory.detailsFor(service);
        assertThat(details.getChain()).isEqualTo("l2");
        assertThat(details.getUrl()).isEqualTo("http://127.0.0.1:49160");
        assertThat(details.getSslBundle()).isNull();
    }

    @Test
    void anUnlabelledServiceServesTheDefaultChainOnly() {
        RunningService service = service("anvil", Map.of(8545, 49161), Map.of());
        assertThat(NodeChainDockerComposeConnectionDetailsFactory.detailsFor(service)).isNull();
        assertThat(NodeDockerComposeConnectionDetailsFactory.detailsFor(service).getUrl())
            .isEqualTo("http://127.0.0.1:49161");
    }

    @Test
    void aLabelledServiceThatPublishesNothingFailsSayingWhatToPublish() {
        assertThatIllegalStateException()
            .isThrownBy(() -> NodeChainDockerComposeConnectionDetailsFactory
                .detailsFor(service("l2", Map.of(), Map.of("sh.brane.chain", "l2"))))
            .withMessageContaining("'l2' publishes no port");
    }

    @Test
    void containerPortsForTestcontainers() {
        assertThat(NodeImages.rpcPort(List.of(8546, 8545))).isEqualTo(8545);
        assertThat(NodeImages.rpcPort(List.of(8546))).isEqualTo(8546);
        assertThat(NodeImages.url("localhost", 32768, true)).isEqualTo("https://localhost:32768");
        assertThat(NodeImages.NAMES).contains("ghcr.io/foundry-rs/foundry", "ethereum/client-go");
    }

    @Test
    void bothFactoriesAreRegistered() {
        assertThat(SpringFactoriesLoader.loadFactoryNames(ConnectionDetailsFactory.class, getClass().getClassLoader()))
            .contains(NodeDockerComposeConnectionDetailsFactory.class.getName(),
                    NodeChainDockerComposeConnectionDetailsFactory.class.getName(),
                    "sh.brane.spring.boot.autoconfigure.testcontainers.NodeContainerConnectionDetailsFactory");
    }

    private static RunningService service(String name, Map<Integer, Integer> containerToHostPorts) {
        return service(name, containerToHostPorts, Map.of());
    }

    private static RunningService service(String name, Map<Integer, Integer> containerToHostPorts,
            Map<String, String> labels) {
        ConnectionPorts ports = new ConnectionPorts() {
            @Override
            public int get(int containerPort) {
                Integer host = containerToHostPorts.get(containerPort);
                if (host == null) {
                    throw new IllegalStateException("No host port mapping found for container port " + containerPort);
                }
                return host;
            }

            @Override
            public List<Integer> getAll() {
                return List.copyOf(containerToHostPorts.values());
            }

            @Override
            public List<Integer> getAll(String protocol) {
                return getAll();
            }
        };
        return new RunningService() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public ImageReference image() {
                return ImageReference.of("ghcr.io/foundry-rs/foundry:stable");
            }

            @Override
            public String host() {
                return "127.0.0.1";
            }

            @Override
            public ConnectionPorts ports() {
                return ports;
            }

            @Override
            public Map<String, String> env() {
                return Map.of();
            }

            @Override
            public Map<String, String> labels() {
                return labels;
            }
        };
    }
}
