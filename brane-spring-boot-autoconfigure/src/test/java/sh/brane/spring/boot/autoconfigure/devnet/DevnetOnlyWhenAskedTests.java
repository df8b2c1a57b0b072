package sh.brane.spring.boot.autoconfigure.devnet;

import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

import sh.brane.devnet.Anvil;
import sh.brane.rpc.BraneProvider;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The devnet starts when the application asks ({@code brane.devnet.enabled}), but in a test only when the test asks
 * ({@code brane.devnet.in-tests}, or {@code @AutoConfigureBrane(devnet = true)}: AutoConfigureBraneDevnetTests);
 * without {@code brane-devnet} on the classpath (a packaged jar) asking for it fails start-up with a report.
 */
class DevnetOnlyWhenAskedTests {

    private final ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(
            AutoConfigurations.of(BraneDevnetAutoConfiguration.class, BraneDevnetAbsentAutoConfiguration.class,
                    BraneAutoConfiguration.class));

    @Test
    void aTestStartsNoNodeItDidNotAskFor() {
        this.runner.withPropertyValues("brane.devnet.enabled=true")
            .run((context) -> assertThat(context).hasNotFailed()
                .doesNotHaveBean(Anvil.class)
                .doesNotHaveBean(BraneProvider.class));
        this.runner.withPropertyValues("brane.devnet.in-tests=true")
            .run((context) -> assertThat(context).hasSingleBean(Anvil.class).hasSingleBean(BraneProvider.class));
    }

    @Test
    void anApplicationOutsideATestStartsItsNode() throws Exception {
        // a thread of its own has no test framework among its frames: as `spring-boot:run` or `java -jar`
        AtomicReference<Object> outcome = new AtomicReference<>();
        Thread main = new Thread(() -> {
            try (ConfigurableApplicationContext context = new SpringApplicationBuilder(App.class)
                .web(WebApplicationType.NONE)
                // Boot's Docker Compose support is on this module's classpath (an optional dependency) and would
                // look for a compose file: the local devnet needs none
                .run("--brane.devnet.enabled=true", "--spring.main.banner-mode=off",
                        "--spring.docker.compose.enabled=false")) {
                outcome.set(context.getBeanNamesForType(Anvil.class).length);
            }
            catch (RuntimeException ex) {
                outcome.set(ex);
            }
        });
        main.start();
        main.join(60_000);
        assertThat(outcome.get()).isEqualTo(1);
    }

    @Test
    void askingWithoutTheDevnetModuleFailsStartUp() {
        this.runner.withClassLoader(new FilteredClassLoader(Anvil.class))
            .withPropertyValues("brane.devnet.in-tests=true")
            // thrown before any bean is created, unwrapped
            .run((context) -> assertThat(context).hasFailed()
                .getFailure()
                .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                .hasMessageContaining("brane.devnet.enabled")
                .hasMessageContaining("brane-devnet"));
        this.runner.withClassLoader(new FilteredClassLoader(Anvil.class))
            .run((context) -> assertThat(context).hasNotFailed());
    }

    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration({ BraneDevnetAutoConfiguration.class, BraneAutoConfiguration.class })
    static class App {

    }
}
