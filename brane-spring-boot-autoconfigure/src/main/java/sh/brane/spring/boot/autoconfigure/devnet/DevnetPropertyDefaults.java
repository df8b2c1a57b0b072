package sh.brane.spring.boot.autoconfigure.devnet;

import java.util.Map;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Defaults for a development node, as Boot's DevTools adds its own: the devnet mines a block per transaction (or one
 * a second), so waiting 12 blocks before a transaction is CONFIRMED or a log is delivered only makes a new user wait
 * for a listener that never seems to fire. Under the devnet, {@code brane.tx.confirmations} and
 * {@code brane.events.confirmations} default to 1 (the block itself); any value the application sets wins (this
 * source comes last).
 */
public class DevnetPropertyDefaults implements EnvironmentPostProcessor, Ordered {

    static final String NAME = "braneDevnetDefaults";

    static final Map<String, Object> DEFAULTS = Map.of("brane.tx.confirmations", "1", "brane.events.confirmations",
            "1");

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        if (devnetRequested(environment) && !environment.getPropertySources().contains(NAME)) {
            environment.getPropertySources().addLast(new MapPropertySource(NAME, DEFAULTS));
        }
    }

    /** As {@link DevnetRequestedCondition}: in a test only {@code brane.devnet.in-tests} asks. */
    static boolean devnetRequested(ConfigurableEnvironment environment) {
        String property = TestDetection.inTest() ? DevnetRequestedCondition.IN_TESTS : DevnetRequestedCondition.ENABLED;
        return environment.getProperty(property, Boolean.class, false);
    }

    @Override
    public int getOrder() {
        // after the application's configuration files are loaded, so brane.devnet.enabled can be read
        return Ordered.LOWEST_PRECEDENCE;
    }
}
