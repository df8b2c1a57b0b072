package sh.brane.spring.boot.autoconfigure;

import java.time.Duration;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.HttpConfig;
import sh.brane.rpc.HttpProvider;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code brane.rpc.http.max-connections} and {@code brane.rpc.http.idle-timeout} reach the engine's
 * {@link HttpConfig} (the engine's defaults when unset), and a bad value fails start-up with a report naming the
 * property and what it may be. Nothing here contacts a node: an HTTP provider opens connections per call.
 */
class HttpPoolPropertiesTests {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(BraneAutoConfiguration.class))
        .withPropertyValues("brane.rpc.url=http://127.0.0.1:1");

    @Test
    void unsetTheyAreTheEnginesDefaults() {
        this.runner.run((context) -> {
            HttpConfig config = config(context.getBean(BraneProvider.class));
            assertThat(config.maxConnections()).isEqualTo(HttpConfig.DEFAULT_MAX_CONNECTIONS);
            assertThat(config.idleTimeout()).isEqualTo(HttpConfig.DEFAULT_IDLE_TIMEOUT);
        });
    }

    @Test
    void setTheyReachTheHttpConfigOfEveryChain() {
        this.runner
            .withPropertyValues("brane.rpc.http.max-connections=8", "brane.rpc.http.idle-timeout=5s",
                    "brane.chains.l2.rpc.url=http://127.0.0.1:2", "brane.chains.l2.rpc.http.max-connections=3")
            .run((context) -> {
                HttpConfig config = config(context.getBean("braneProvider", BraneProvider.class));
                assertThat(config.maxConnections()).isEqualTo(8);
                assertThat(config.idleTimeout()).isEqualTo(Duration.ofSeconds(5));
                assertThat(config(context.getBean("l2BraneProvider", BraneProvider.class)).maxConnections())
                    .isEqualTo(3);
            });
    }

    @ParameterizedTest
    @CsvSource({ "max-connections, 0, must be between 1 and 1024", "max-connections, -4, must be between 1 and 1024",
            "max-connections, 5000, must be between 1 and 1024",
            "idle-timeout, 0s, must be a positive duration of at most PT1H",
            "idle-timeout, -1s, must be a positive duration of at most PT1H" })
    void aBadValueFailsStartUpNamingThePropertyAndTheAllowedValues(String property, String value, String allowed) {
        this.runner.withPropertyValues("brane.rpc.http." + property + "=" + value).run((context) -> {
            Throwable failure = context.getStartupFailure();
            assertThat(failure).rootCause()
                .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                .hasMessageContaining("brane.rpc.http." + property);
            assertThat(FailureAnalysisSupport.report(failure)).contains("brane.rpc.http." + property, allowed);
        });
    }

    @Test
    void aBadValueOfANamedChainNamesThatChainsProperty() {
        this.runner.withPropertyValues("brane.chains.l2.rpc.url=http://127.0.0.1:2",
                "brane.chains.l2.rpc.http.max-connections=0")
            .run((context) -> assertThat(FailureAnalysisSupport.report(context.getStartupFailure()))
                .contains("brane.chains.l2.rpc.http.max-connections", "must be between 1 and 1024"));
    }

    private static HttpConfig config(BraneProvider bean) {
        return ((HttpProvider) DecoratedBraneProvider.unwrap(bean)).config();
    }
}
