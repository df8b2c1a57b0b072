package sh.brane.example.security;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.devnet.DevAccount;
import sh.brane.spring.boot.autoconfigure.InvalidBranePropertyException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The rules for the API credential, and that only the configured one opens the payments. */
class ApiCredentialsTest {

    private static final Address DEV_SIGNER = Address.of(DevAccount.defaults().get(0).address());
    private static final Address REAL_SIGNER = PrivateKey.random(new java.security.SecureRandom()).address();
    private static final String STRONG = "J7p2cQx9Lr4mZt8vWs3k";

    @Test
    void aPasswordIsRequiredAndNamesTheFix() {
        for (String missing : new String[] { null, "", "   " }) {
            assertThatThrownBy(() -> ApiCredentials.of("payments", missing, REAL_SIGNER))
                    .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                    .hasMessageContaining("app.api.password");
            try {
                ApiCredentials.of("payments", missing, REAL_SIGNER);
            } catch (InvalidConfigurationPropertyValueException e) {
                assertThat(e.getReason()).contains("APP_API_PASSWORD").contains("openssl rand");
            }
        }
    }

    @Test
    void shortPasswordsAreRefusedWithoutShowingThem() {
        // the starter's masked type, not Boot's: Boot's failure analyzer would print the password found in the
        // environment in the start-up report, whatever value the exception carries
        assertThatThrownBy(() -> ApiCredentials.of("payments", "hunter2", REAL_SIGNER))
                .isInstanceOfSatisfying(InvalidBranePropertyException.class, e -> {
                    assertThat(e.getProperty()).isEqualTo("app.api.password");
                    assertThat(e.getDisplayValue()).isEqualTo("******");
                })
                .hasMessageContaining("fewer than 16").hasMessageNotContaining("hunter2");
    }

    @Test
    void thePublicDevelopmentPasswordGuardsOnlyADevelopmentKey() {
        assertThat(ApiCredentials.of("payments", ApiCredentials.DEVELOPMENT_PASSWORD, DEV_SIGNER)).isNotNull();
        assertThatThrownBy(() -> ApiCredentials.of("payments", ApiCredentials.DEVELOPMENT_PASSWORD, REAL_SIGNER))
                .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                .hasMessageContaining(REAL_SIGNER.toChecksumString())
                .hasMessageContaining("public development");
    }

    @Test
    void onlyTheConfiguredUserAndPasswordAuthenticate() {
        ApiCredentials credentials = ApiCredentials.of("payments", STRONG, REAL_SIGNER);
        assertThat(credentials.authenticate(UsernamePasswordAuthenticationToken.unauthenticated("payments", STRONG))
                .isAuthenticated()).isTrue();
        for (String[] wrong : new String[][] { { "payments", STRONG + "x" }, { "payment", STRONG },
                { "payments", STRONG.substring(1) }, { "PAYMENTS", STRONG } }) {
            assertThatThrownBy(() -> credentials.authenticate(
                    UsernamePasswordAuthenticationToken.unauthenticated(wrong[0], wrong[1])))
                    .isInstanceOf(BadCredentialsException.class);
        }
        assertThatThrownBy(() -> credentials.authenticate(
                UsernamePasswordAuthenticationToken.unauthenticated("payments", null)))
                .isInstanceOf(BadCredentialsException.class);
    }
}
