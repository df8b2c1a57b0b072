package sh.brane.spring.boot.autoconfigure.devnet;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.context.ConfigurableApplicationContext;

import sh.brane.rpc.BraneProvider;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A service on the devnet stopped as a process is (SIGTERM, Spring Boot's shutdown hook): the provider is closed
 * before the node stops, so a clean stop logs no "connection ... lost" warning. Runs the application in a child
 * JVM, since only a real JVM exit runs the shutdown hooks.
 */
class DevnetCleanShutdownTests {

    @Test
    void sigtermStopsTheProviderBeforeTheNode() throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process app = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), App.class.getName())
            .redirectErrorStream(true)
            .start();
        List<String> output = new ArrayList<>();
        try (BufferedReader lines = new BufferedReader(
                new InputStreamReader(app.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                output.add(line);
                if (line.contains("APP READY")) {
                    // SIGTERM; Process.destroy() would also close the stream read here
                    app.toHandle().destroy();
                }
            }
            assertThat(app.waitFor(60, TimeUnit.SECONDS)).isTrue();
        }
        finally {
            app.destroyForcibly();
        }
        String all = String.join("\n", output);
        assertThat(all).contains("APP READY").contains("Brane devnet: Anvil");
        assertThat(all).doesNotContainPattern("connection to .* lost").doesNotContain("is down for good");
    }

    /** The application of the child JVM. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    public static class App {

        public static void main(String[] args) {
            ConfigurableApplicationContext context = new SpringApplication(App.class) {
                {
                    setWebApplicationType(WebApplicationType.NONE);
                }
            // Boot's Docker Compose support is on this module's classpath (an optional dependency) and would look
            // for a compose file: the local devnet needs none
            }.run("--brane.devnet.enabled=true", "--spring.main.banner-mode=off", "--spring.docker.compose.enabled=false");
            context.getBean(BraneProvider.class).send("eth_chainId", List.of());
            System.out.println("APP READY");
        }
    }
}
