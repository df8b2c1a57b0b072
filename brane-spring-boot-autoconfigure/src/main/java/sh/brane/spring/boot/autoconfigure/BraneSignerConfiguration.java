package sh.brane.spring.boot.autoconfigure;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.core.env.Environment;

import sh.brane.core.crypto.PrivateKey;
import sh.brane.signer.LocalSigner;
import sh.brane.signer.Signer;
import sh.brane.signer.SignerCeilings;

/**
 * The signers: {@code brane.signer.*} is the signer named "default" (beans {@code defaultSigner}, primary, and,
 * for a local key, its {@code PrivateKey} as {@code braneSigner}); each {@code brane.signers.<name>} gets its beans
 * from {@link NamedSignersRegistrar}. Any signer requires a pinned chain id ({@code brane.rpc.expected-chain-id}).
 */
@Configuration(proxyBeanMethods = false)
class BraneSignerConfiguration {

    static final String DEFAULT_NAME = "default";

    private static final Logger logger = LoggerFactory.getLogger(BraneSignerConfiguration.class);

    /**
     * Zeroes the key's bytes when the context closes. The secrets it was built from (private key, keystore password,
     * mnemonic and passphrase) are dropped from {@link BraneProperties} as soon as it is built, or has failed to
     * build, so the properties bean keeps no reference to them for the life of the application.
     */
    @Bean(destroyMethod = "destroy")
    @ConditionalOnMissingBean(PrivateKey.class)
    @Conditional(LocalKeyConfiguredCondition.class)
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

    @Bean
    @Primary
    @Qualifier(DEFAULT_NAME)
    @ConditionalOnMissingBean(Signer.class)
    @Conditional(SignerConfiguredCondition.class)
    Signer defaultSigner(BraneProperties properties, ObjectProvider<PrivateKey> localKey) {
        PrivateKey key = BraneSigners.isRemoteKey(properties.getSigner()) ? null : localKey.getIfAvailable();
        Signer signer;
        if (key != null) {
            long chainId = BraneSigners.requirePinnedChainId("brane.signer", properties);
            signer = BraneSigners.pin(new LocalSigner(DEFAULT_NAME, key), chainId, "brane.signer",
                    properties.getSigner());
        }
        else {
            signer = BraneSigners.create(DEFAULT_NAME, "brane.signer", properties.getSigner(), properties);
            logger.info("Brane signer '{}': account {}", DEFAULT_NAME, signer.address());
        }
        return signer;
    }

    @Bean
    @Qualifier(DEFAULT_NAME)
    @ConditionalOnMissingBean(name = "defaultSignerCeilings")
    @Conditional(SignerConfiguredCondition.class)
    SignerCeilings defaultSignerCeilings(BraneProperties properties) {
        return BraneSigners.ceilings("brane.signer", properties.getSigner());
    }

    @Bean
    static NamedSignersRegistrar braneNamedSignersRegistrar(Environment environment) {
        return new NamedSignersRegistrar(environment);
    }

    static final class SignerConfiguredCondition extends AnyNestedCondition {

        SignerConfiguredCondition() {
            super(ConfigurationPhase.REGISTER_BEAN);
        }

        @Conditional(LocalKeyConfiguredCondition.class)
        static final class LocalKeySet {

        }

        @ConditionalOnProperty("brane.signer.pkcs11.library")
        static final class Pkcs11Set {

        }

        @ConditionalOnProperty("brane.signer.kms.key-id")
        static final class KmsSet {

        }
    }

    static final class LocalKeyConfiguredCondition extends AnyNestedCondition {

        LocalKeyConfiguredCondition() {
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
