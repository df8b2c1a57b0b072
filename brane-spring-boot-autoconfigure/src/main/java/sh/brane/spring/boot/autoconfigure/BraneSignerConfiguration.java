package sh.brane.spring.boot.autoconfigure;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

import sh.brane.core.crypto.PrivateKey;

/** The signing key, when one of {@code brane.signer.private-key}, {@code .keystore} or {@code .mnemonic} is set. */
@Configuration(proxyBeanMethods = false)
@Conditional(BraneSignerConfiguration.SignerConfiguredCondition.class)
class BraneSignerConfiguration {

    private static final Logger logger = LoggerFactory.getLogger(BraneSignerConfiguration.class);

    /**
     * Zeroes the key's bytes when the context closes. The secrets it was built from (private key, keystore password,
     * mnemonic and passphrase) are dropped from {@link BraneProperties} as soon as it is built, or has failed to
     * build, so the properties bean keeps no reference to them for the life of the application.
     */
    @Bean(destroyMethod = "destroy")
    @ConditionalOnMissingBean(PrivateKey.class)
    PrivateKey braneSigner(BraneProperties properties) {
        BraneProperties.Signer signer = properties.getSigner();
        PrivateKey key;
        try {
            key = SignerKeys.load(signer);
        }
        finally {
            signer.clearSecrets();
        }
        logger.info("Brane signer: account {}", key.address());
        return key;
    }

    static final class SignerConfiguredCondition extends AnyNestedCondition {

        SignerConfiguredCondition() {
            super(ConfigurationPhase.REGISTER_BEAN);
        }

        @ConditionalOnProperty("brane.signer.private-key")
        static final class PrivateKeySet {

        }

        @ConditionalOnProperty("brane.signer.keystore")
        static final class KeystoreSet {

        }

        @ConditionalOnProperty("brane.signer.mnemonic")
        static final class MnemonicSet {

        }
    }
}
