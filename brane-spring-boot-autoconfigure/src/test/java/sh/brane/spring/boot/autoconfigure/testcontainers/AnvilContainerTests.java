package sh.brane.spring.boot.autoconfigure.testcontainers;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.service.connection.ConnectionDetailsFactory;
import org.springframework.core.io.support.SpringFactoriesLoader;

import static org.assertj.core.api.Assertions.assertThat;

/** What can be checked without Docker: the container's settings and the factory's registration. */
class AnvilContainerTests {

    @Test
    void containerRunsAnvilOnAllInterfacesAndExposesItsPort() {
        try (AnvilContainer container = new AnvilContainer()) {
            assertThat(container.getExposedPorts()).containsExactly(AnvilContainer.PORT);
            assertThat(container.getCommandParts()).containsExactly("--host", "0.0.0.0", "--port", "8545");
            // getDockerImageName() would resolve the image through Docker
            assertThat(AnvilContainer.DEFAULT_IMAGE.withTag("stable").asCanonicalNameString())
                .isEqualTo("ghcr.io/foundry-rs/foundry:stable");
        }
    }

    @Test
    void connectionDetailsFactoryIsRegistered() {
        List<String> names = SpringFactoriesLoader.forDefaultResourceLocation(getClass().getClassLoader())
            .load(ConnectionDetailsFactory.class, (type, name, ex) -> {
            })
            .stream()
            .map((factory) -> factory.getClass().getName())
            .toList();
        assertThat(names).contains(AnvilContainerConnectionDetailsFactory.class.getName());
    }
}
