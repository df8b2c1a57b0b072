package sh.brane.example.security;

import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.crypto.Signature;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.signer.Signer;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.assertThatCode;

/**
 * The public development password guards only Anvil's public accounts, whatever kind of {@link Signer} pays: an
 * HSM or KMS signer has no {@code PrivateKey} bean, and the guard read only that bean, so it let them through.
 */
class DevelopmentPasswordGuardTest {

    /** What a PKCS#11 or KMS signer looks like to the application: an address, no key in memory. */
    private record RemoteSigner(Address address) implements Signer {
        @Override
        public String name() {
            return "hsm";
        }

        @Override
        public CompletableFuture<Signature> signDigestAsync(Hash digest) {
            throw new UnsupportedOperationException("not used by the guard");
        }
    }

    private static ApiCredentials credentialsFor(Signer signer) {
        DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
        beans.registerSingleton("hsmSigner", signer);
        ApiProperties properties = new ApiProperties();
        properties.setPassword(ApiCredentials.DEVELOPMENT_PASSWORD);
        return new ApiSecurityConfiguration().apiCredentials(properties, beans.getBeanProvider(Signer.class),
                new FailedLoginThrottle(java.time.Clock.systemUTC()));
    }

    @Test
    void anHsmOrKmsSignerOfARealAccountRefusesTheDevelopmentPassword() {
        Address real = PrivateKey.random(new java.security.SecureRandom()).address();
        assertThatThrownBy(() -> credentialsFor(new RemoteSigner(real)))
                .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                .hasMessageContaining(real.toChecksumString());
    }

    @Test
    void aSignerOfAnAnvilDevelopmentAccountMayUseIt() {
        assertThatCode(() -> credentialsFor(new RemoteSigner(ApiCredentials.DEVELOPMENT_ACCOUNTS.get(0))))
                .doesNotThrowAnyException();
    }
}
