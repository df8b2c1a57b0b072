package sh.brane.spring.boot.autoconfigure.testcontainers;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.utility.DockerImageName;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.springframework.context.annotation.Configuration;

import sh.brane.rpc.BraneProvider;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.BraneConnectionDetails;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A plain {@link GenericContainer} of Foundry's image with {@code @ServiceConnection} becomes the provider's node,
 * matched by image name (as Boot's Redis support matches {@code redis}). Needs Docker: skipped where there is none
 * ("Docker is not available": this project's build machines); {@code NodeConnectionMappingTests} covers the mapping
 * without Docker, and BraneAutoConfigurationTests the provider over a local Anvil process.
 */
@Testcontainers(disabledWithoutDocker = true)
@SpringBootTest(classes = NodeContainerServiceConnectionTests.Config.class)
class NodeContainerServiceConnectionTests {

    @Container
    @ServiceConnection
    static final GenericContainer<?> anvil = new GenericContainer<>(
            DockerImageName.parse("ghcr.io/foundry-rs/foundry").withTag("stable"))
        .withExposedPorts(8545)
        .withCreateContainerCmdModifier((cmd) -> cmd.withEntrypoint("anvil"))
        .withCommand("--host", "0.0.0.0", "--port", "8545");

    @Autowired
    BraneConnectionDetails connectionDetails;

    @Autowired
    BraneProvider provider;

    @Test
    void providerTalksToTheContainerFoundByItsImage() {
        assertThat(this.connectionDetails.getUrl())
            .isEqualTo("http://" + anvil.getHost() + ":" + anvil.getMappedPort(8545));
        assertThat(this.provider.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
    }

    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration(BraneAutoConfiguration.class)
    static class Config {

    }
}
