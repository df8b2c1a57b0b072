package sh.brane.spring.boot.autoconfigure;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.actuate.endpoint.SanitizingFunction;
import org.springframework.boot.actuate.endpoint.Show;
import org.springframework.boot.actuate.env.EnvironmentEndpoint;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import sh.brane.core.crypto.Keystore;
import sh.brane.core.crypto.PrivateKey;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Once the signer is built, {@link BraneProperties} holds none of its secrets (so a heap dump of the properties
 * bean shows none), and a key handed over in {@code SPRING_APPLICATION_JSON} is masked by {@code /actuator/env}
 * in the raw JSON as well as in the properties Boot reads out of it. No node needed.
 */
class BraneSecretHygieneTests {

    /** A valid key that is not one of Anvil's dev keys. */
    private static final String KEY = "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318";

    private static final String ADDRESS = PrivateKey.fromHex(KEY).address().toHex();

    private static final String MNEMONIC = "test test test test test test test test test test test junk";

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(BraneAutoConfiguration.class))
        // a signer signs for one pinned chain
        .withPropertyValues("brane.rpc.expected-chain-id=31337");

    @Test
    void privateKeyIsClearedFromThePropertiesOnceTheSignerIsBuilt() {
        this.runner.withPropertyValues("brane.signer.private-key=0x" + KEY).run((context) -> {
            assertThat(context.getBean(PrivateKey.class).address().toHex()).isEqualTo(ADDRESS);
            assertThat(context.getBean(BraneProperties.class).getSigner().getPrivateKey()).isNull();
        });
    }

    @Test
    void mnemonicAndPassphraseAreClearedOnceTheSignerIsBuilt() {
        this.runner.withPropertyValues("brane.signer.mnemonic=" + MNEMONIC, "brane.signer.mnemonic-passphrase=salt")
            .run((context) -> {
                assertThat(context).hasSingleBean(PrivateKey.class);
                BraneProperties.Signer signer = context.getBean(BraneProperties.class).getSigner();
                assertThat(signer.getMnemonic()).isNull();
                assertThat(signer.getMnemonicPassphrase()).isNull();
            });
    }

    @Test
    void keystorePasswordIsClearedOnceTheSignerIsBuilt(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("keystore.json");
        Files.writeString(file, Keystore.encrypt(PrivateKey.fromHex(KEY), "pw".toCharArray(), Keystore.Kdf.LIGHT,
                new SecureRandom()));
        this.runner.withPropertyValues("brane.signer.keystore=file:" + file, "brane.signer.keystore-password=pw")
            .run((context) -> {
                assertThat(context.getBean(PrivateKey.class).address().toHex()).isEqualTo(ADDRESS);
                BraneProperties.Signer signer = context.getBean(BraneProperties.class).getSigner();
                assertThat(signer.getKeystorePassword()).isNull();
                // the file's location is no secret and stays visible
                assertThat(signer.getKeystore()).isNotNull();
            });
    }

    @Test
    void keyInSpringApplicationJsonIsMaskedInTheRawJsonAndInItsProperties() {
        String json = "{\"brane\":{\"signer\":{\"private-key\":\"0x" + KEY + "\"}},\"app\":{\"name\":\"visible\"}}";
        StandardEnvironment environment = new StandardEnvironment();
        // what the JVM shows for SPRING_APPLICATION_JSON=... set in the process environment
        environment.getPropertySources()
            .replace(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
                    new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
                            Map.of("SPRING_APPLICATION_JSON", json, "OTHER_JSON", "{\"shown\":true}")));
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(App.class)
            .environment(environment)
            .web(WebApplicationType.NONE)
            .run("--brane.rpc.expected-chain-id=31337")) {
            // Boot read the key out of the JSON: the signer was built from it, and its properties are cleared
            assertThat(context.getBean(PrivateKey.class).address().toHex()).isEqualTo(ADDRESS);
            assertThat(context.getBean(BraneProperties.class).getSigner().getPrivateKey()).isNull();

            List<SanitizingFunction> functions = context.getBeanProvider(SanitizingFunction.class).orderedStream()
                .toList();
            assertThat(functions).isNotEmpty();
            EnvironmentEndpoint endpoint = new EnvironmentEndpoint(context.getEnvironment(), functions, Show.ALWAYS);
            List<String> shown = new ArrayList<>();
            for (EnvironmentEndpoint.PropertySourceDescriptor source : endpoint.environment(null).getPropertySources()) {
                source.getProperties().forEach((name, value) -> shown.add(source.getName() + " " + name + "="
                        + value.getValue()));
            }
            assertThat(shown).contains("systemEnvironment SPRING_APPLICATION_JSON=******",
                    "spring.application.json brane.signer.private-key=******",
                    "spring.application.json app.name=visible",
                    "systemEnvironment OTHER_JSON={\"shown\":true}");
            assertThat(String.join("\n", shown).toLowerCase(java.util.Locale.ROOT)).doesNotContain(KEY)
                .doesNotContain(KEY.substring(0, 24));
        }
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class App {

    }
}
