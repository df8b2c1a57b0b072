package sh.brane.spring.boot.autoconfigure.devnet;

import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.support.SpringFactoriesLoader;

import static org.assertj.core.api.Assertions.assertThat;

/** Under the devnet, confirmations default to 1 so listeners and the tracker act at once; a set value wins. */
class DevnetPropertyDefaultsTests {

    private static StandardEnvironment environment(Map<String, Object> properties) {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().addFirst(new MapPropertySource("test", properties));
        new DevnetPropertyDefaults().postProcessEnvironment(environment, new SpringApplication());
        return environment;
    }

    @Test
    void underTheDevnetConfirmationsDefaultToOne() {
        // this is a test: brane.devnet.in-tests is what asks for the devnet here
        StandardEnvironment environment = environment(Map.of("brane.devnet.in-tests", "true"));
        assertThat(environment.getProperty("brane.tx.confirmations")).isEqualTo("1");
        assertThat(environment.getProperty("brane.events.confirmations")).isEqualTo("1");
    }

    @Test
    void aValueTheApplicationSetsWins() {
        StandardEnvironment environment = environment(
                Map.of("brane.devnet.in-tests", "true", "brane.tx.confirmations", "2"));
        assertThat(environment.getProperty("brane.tx.confirmations")).isEqualTo("2");
    }

    @Test
    void withoutTheDevnetNothingIsAdded() {
        StandardEnvironment environment = environment(Map.of("brane.devnet.enabled", "true"));
        assertThat(environment.getProperty("brane.tx.confirmations")).as("devnet.enabled is ignored in tests").isNull();
        assertThat(environment.getPropertySources().contains(DevnetPropertyDefaults.NAME)).isFalse();
    }

    @Test
    void registeredForSpringApplication() {
        assertThat(SpringFactoriesLoader.loadFactoryNames(EnvironmentPostProcessor.class, getClass().getClassLoader()))
            .contains(DevnetPropertyDefaults.class.getName());
    }
}
