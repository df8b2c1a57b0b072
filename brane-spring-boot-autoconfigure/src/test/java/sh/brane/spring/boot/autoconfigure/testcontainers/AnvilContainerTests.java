package sh.brane.spring.boot.autoconfigure.testcontainers;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.service.connection.ConnectionDetailsFactory;
import org.springframework.core.io.support.SpringFactoriesLoader;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What can be checked without Docker: the factory's registration (the container's own settings are tested in
 * brane-devnet, which holds it).
 */
class AnvilContainerTests {

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
