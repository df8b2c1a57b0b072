package sh.brane.devnet.testcontainers;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** What can be checked without Docker: the container's settings. */
class AnvilContainerTest {

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
}
