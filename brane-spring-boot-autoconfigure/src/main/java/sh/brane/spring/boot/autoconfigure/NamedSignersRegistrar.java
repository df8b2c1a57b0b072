package sh.brane.spring.boot.autoconfigure;

import java.util.Arrays;
import java.util.Set;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.AbstractBeanDefinition;
import org.springframework.beans.factory.support.AutowireCandidateQualifier;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.core.env.Environment;

import sh.brane.client.BraneClient;
import sh.brane.client.SigningClient;
import sh.brane.signer.Signer;
import sh.brane.signer.SignerCeilings;
import sh.brane.spring.boot.autoconfigure.tx.BraneTransactionSenders;

/**
 * Registers, for each {@code brane.signers.<name>}, the beans {@code <name>Signer} ({@link Signer}),
 * {@code <name>SignerCeilings} ({@link SignerCeilings}) and, when there is a {@link BraneClient}, {@code
 * <name>SigningClient}, each qualified by {@code @Qualifier("<name>")}. The names come from the environment here;
 * the values are read from {@link BraneProperties} when each bean is created, so they bind and convert exactly
 * as every other {@code brane.*} property.
 */
final class NamedSignersRegistrar implements BeanDefinitionRegistryPostProcessor {

    private static final Logger logger = LoggerFactory.getLogger(NamedSignersRegistrar.class);

    private final Environment environment;

    NamedSignersRegistrar(Environment environment) {
        this.environment = environment;
    }

    @Override
    public void postProcessBeanDefinitionRegistry(BeanDefinitionRegistry registry) {
        Set<String> names = ConfiguredNames.under(Binder.get(this.environment), "brane.signers");
        if (names.isEmpty() || !(registry instanceof ConfigurableListableBeanFactory beans)) {
            return;
        }
        // the typed client's definition exists only when a node is configured (its auto-configuration's condition)
        // (a client of brane.chains is not theirs: brane.signers belong to the one-chain shorthand)
        boolean hasClient = Arrays.stream(beans.getBeanNamesForType(BraneClient.class, true, false))
            .anyMatch((bean) -> !BraneProviderBeans.isChainBean(registry, bean));
        for (String name : names) {
            String prefix = "brane.signers." + name;
            if (!name.matches("[A-Za-z0-9][A-Za-z0-9_-]{0,63}")) {
                throw new InvalidConfigurationPropertyValueException(prefix, name,
                        "a signer name is 1 to 64 letters, digits, '-' or '_' (it names beans, logs and metrics)");
            }
            register(registry, name + "Signer", Signer.class, name, () -> {
                BraneProperties properties = beans.getBean(BraneProperties.class);
                Signer signer = BraneSigners.create(name, prefix, properties.getSigners().get(name), properties);
                logger.info("Brane signer '{}': account {}", name, signer.address());
                return signer;
            });
            register(registry, name + "SignerCeilings", SignerCeilings.class, name,
                    () -> BraneSigners.ceilings(prefix, beans.getBean(BraneProperties.class).getSigners().get(name)));
            if (hasClient) {
                register(registry, name + "SigningClient", SigningClient.class, name,
                        () -> SigningClients.create(prefix, beans.getBean(BraneClient.class),
                                beans.getBean(name + "Signer", Signer.class),
                                beans.getBean(name + "SignerCeilings", SignerCeilings.class),
                                beans.getBean(BraneProperties.class),
                                beans.getBeanProvider(BraneTransactionSenders.class).getIfAvailable()));
            }
        }
    }

    private static <T> void register(BeanDefinitionRegistry registry, String beanName, Class<T> type, String name,
            Supplier<T> supplier) {
        RootBeanDefinition definition = new RootBeanDefinition(type, supplier);
        definition.addQualifier(new AutowireCandidateQualifier(Qualifier.class, name));
        definition.setDestroyMethodName(AbstractBeanDefinition.INFER_METHOD); // closes a PKCS#11 session
        registry.registerBeanDefinition(beanName, definition);
    }

    @Override
    public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
    }
}
