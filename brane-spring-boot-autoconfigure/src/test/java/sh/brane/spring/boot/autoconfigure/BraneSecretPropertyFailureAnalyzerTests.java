package sh.brane.spring.boot.autoconfigure;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/** Boot's exception for a Brane secret reaches the start-up report without the value Boot would find for it. */
class BraneSecretPropertyFailureAnalyzerTests {

    @Test
    void aSignerSecretIsNamedButNotShown() {
        String report = reportFor("brane.signers.hsm.pkcs11.pin", "9999-wrong", "CKR_PIN_INCORRECT");
        assertThat(report).contains("brane.signers.hsm.pkcs11.pin", "CKR_PIN_INCORRECT", "not shown")
            .doesNotContain("9999-wrong");
    }

    @Test
    void aNodeUrlWithAnApiKeyIsNamedButNotShown() {
        String report = reportFor("brane.chains.main.rpc.url", "wss://node.example/v3/SECRET-KEY-123", "no host");
        assertThat(report).contains("brane.chains.main.rpc.url", "no host").doesNotContain("SECRET-KEY-123");
    }

    @Test
    void anOrdinaryPropertyIsLeftToBootWithItsValue() {
        String report = reportFor("brane.rpc.ws.ring-buffer-size", "1000", "must be a power of two");
        assertThat(report).contains("brane.rpc.ws.ring-buffer-size", "1000", "power of two");
    }

    /** The report of Boot's exception for {@code property}, with {@code value} in the environment under its name. */
    private static String reportFor(String property, String value, String reason) {
        MockEnvironment environment = new MockEnvironment().withProperty(property, value);
        return FailureAnalysisSupport.report(new InvalidConfigurationPropertyValueException(property, "******", reason),
                environment);
    }
}
