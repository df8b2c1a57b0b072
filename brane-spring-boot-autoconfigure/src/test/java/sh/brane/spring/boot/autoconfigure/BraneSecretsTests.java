package sh.brane.spring.boot.autoconfigure;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * With a private key configured, a full start-up (web server, Actuator, a local Anvil through
 * brane.devnet.enabled, debug logging) writes the key to no log, and /actuator/env and /actuator/configprops
 * mask it even with show-values=always.
 */
@ExtendWith(OutputCaptureExtension.class)
class BraneSecretsTests {

    /** A valid key that is not one of Anvil's dev keys, so it can only appear here if leaked. */
    private static final String KEY = "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318";

    private static final String HEADER_SECRET = "hdr-5ecret-v4lue";

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void privateKeyIsInNoLogAndMaskedByActuator(CapturedOutput output) throws Exception {
        String[] args = { "--brane.devnet.in-tests=true", "--brane.signer.private-key=0x" + KEY,
                "--brane.rpc.headers.X-Api-Key=" + HEADER_SECRET, "--brane.rpc.name=visible-name",
                "--brane.rpc.endpoints[0].name=ep", "--brane.rpc.endpoints[0].url=https://x.example/v1/" + HEADER_SECRET,
                "--server.port=0", "--management.endpoints.web.exposure.include=env,configprops,health,metrics",
                "--management.endpoint.env.show-values=always",
                "--management.endpoint.configprops.show-values=always",
                "--management.endpoint.health.show-details=always", "--logging.level.sh.brane=TRACE",
                "--logging.level.org.springframework.boot=DEBUG" };
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(App.class)
            .web(WebApplicationType.SERVLET)
            .run(args)) {
            String base = "http://localhost:" + context.getEnvironment().getProperty("local.server.port");
            String env = get(base + "/actuator/env");
            String configprops = get(base + "/actuator/configprops");
            String health = get(base + "/actuator/health/brane");
            // the meters reach Boot's own registry in a full application
            String pending = get(base + "/actuator/metrics/brane.rpc.requests.pending");
            assertThat(pending).contains("visible-name");

            for (String body : new String[] { env, configprops }) {
                assertNoSecret(body);
                // values are shown (show-values=always) and the Brane secrets alone are masked
                assertThat(body).contains("visible-name").contains("******");
            }
            assertThat(env).contains("brane.signer.private-key");
            // the key was dropped from BraneProperties once the signer was built: not even a masked value is left
            assertThat(configprops).contains("\"signer\":{\"accountIndex\"").doesNotContain("privateKey");
            assertThat(health).contains("\"status\":\"UP\"").contains("\"chainId\":31337");
        }
        assertNoSecret(output.getAll());
        // the devnet logged its accounts, addresses only
        assertThat(output.getAll()).contains("Brane devnet: Anvil").contains("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")
            .doesNotContain("ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
        // the signer's address is logged, its key is not
        assertThat(output.getAll()).contains("Brane signer: account 0x");
    }

    @Test
    void malformedPrivateKeyIsInNoStartupReport(CapturedOutput output) {
        String bad = KEY.substring(0, 62) + "zz";
        assertThatException().isThrownBy(() -> new SpringApplicationBuilder(App.class)
            .web(WebApplicationType.NONE)
            .run("--brane.signer.private-key=" + bad, "--logging.level.org.springframework.boot=DEBUG"));
        assertThat(output.getAll()).contains("APPLICATION FAILED TO START")
            .contains("brane.signer.private-key")
            .contains("not valid hex");
        assertThat(output.getAll().toLowerCase(Locale.ROOT)).doesNotContain(bad.substring(0, 40));
    }

    private static void assertNoSecret(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        assertThat(lower).doesNotContain(KEY).doesNotContain(KEY.substring(0, 24)).doesNotContain(KEY.substring(40));
        assertThat(text).doesNotContain(HEADER_SECRET);
    }

    private String get(String url) throws Exception {
        HttpResponse<String> response = this.http.send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(url).isEqualTo(200);
        return response.body();
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class App {

    }
}
