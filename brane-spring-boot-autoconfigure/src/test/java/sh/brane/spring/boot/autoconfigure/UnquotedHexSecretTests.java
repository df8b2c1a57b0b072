package sh.brane.spring.boot.autoconfigure;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ByteArrayResource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code private-key: 0xac09…} unquoted in application.yml: YAML reads it as a hexadecimal integer and Spring binds
 * its decimal digits. Start-up fails saying to quote the value (not "got 77 characters"), never showing the value;
 * the quoted form starts.
 */
class UnquotedHexSecretTests {

    private static final String KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(BraneAutoConfiguration.class))
        .withPropertyValues("brane.rpc.expected-chain-id=31337");

    @Test
    void anUnquotedHexKeyFailsSayingToQuoteItWithoutShowingIt() throws Exception {
        PropertySource<?> yaml = yaml("brane:\n  signer:\n    private-key: " + KEY + "\n");
        assertThat(String.valueOf(yaml.getProperty("brane.signer.private-key"))).as("what YAML makes of it")
            .matches("\\d{70,78}");
        this.runner.withInitializer((context) -> context.getEnvironment().getPropertySources().addFirst(yaml))
            .run((context) -> {
                assertThat(context).hasFailed();
                String report = FailureAnalysisSupport.report(context.getStartupFailure());
                assertThat(report).contains("brane.signer.private-key").contains("quote the value")
                    .doesNotContain(KEY.substring(2, 18))
                    .doesNotContain(String.valueOf(yaml.getProperty("brane.signer.private-key")).substring(0, 16));
            });
    }

    @Test
    void theQuotedKeyStarts() throws Exception {
        PropertySource<?> yaml = yaml("brane:\n  signer:\n    private-key: \"" + KEY + "\"\n");
        this.runner.withInitializer((context) -> context.getEnvironment().getPropertySources().addFirst(yaml))
            .run((context) -> assertThat(context).hasNotFailed().hasSingleBean(sh.brane.core.crypto.PrivateKey.class));
    }

    private static PropertySource<?> yaml(String text) throws Exception {
        return new YamlPropertySourceLoader()
            .load("application.yml", new ByteArrayResource(text.getBytes(StandardCharsets.UTF_8)))
            .get(0);
    }
}
