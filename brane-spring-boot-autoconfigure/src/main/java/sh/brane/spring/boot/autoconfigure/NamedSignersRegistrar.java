package sh.brane.spring.boot.autoconfigure;

import java.util.Arrays;
import java.util.Set;

import org.springframework.aot.AotDetector;
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

/**
 * Registers, for each {@code brane.signers.<name>}, the beans {@code <name>Signer} ({@link Signer}),
 * {@code <name>SignerCeilings} ({@link SignerCeilings}) and, when there is a {@link BraneClient}, {@code
 * <name>SigningClient}, each qualified by {@code @Qualifier("<name>")}. The names come from the environment here;
 * the values are read from {@link BraneProperties} when each bean is created, so they bind and convert exactly
 * as every other {@code brane.*} property.
 */
final class NamedSignersRegistrar implements BeanDefinitionRegistryPostProcessor {

    private final Environment environment;

    NamedSignersRegistrar(Environment environment) {
        this.environment = environment;
    }

    @Override
    public void postProcessBeanDefinitionRegistry(BeanDefinitionRegistry registry) {
        if (AotDetector.useGeneratedArtifacts()) {
            // an AOT-processed application: the definitions registered at build time are in the generated code
            return;
        }
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
            register(registry, name + "Signer", Signer.class, name, "signer");
            register(registry, name + "SignerCeilings", SignerCeilings.class, name, "ceilings");
            if (hasClient) {
                register(registry, name + "SigningClient", SigningClient.class, name, "signingClient");
            }
        }
    }

    /**
     * A definition Spring AOT can generate code for: a static factory method of {@link NamedSignerBeans}, the
     * signer's name as its constructor argument and the {@code BeanFactory} autowired.
     */
    private static void register(BeanDefinitionRegistry registry, String beanName, Class<?> type, String name,
            String factoryMethod) {
        RootBeanDefinition definition = new RootBeanDefinition(NamedSignerBeans.class);
        definition.setFactoryMethodName(factoryMethod);
        definition.setTargetType(type);
        definition.setAutowireMode(AbstractBeanDefinition.AUTOWIRE_CONSTRUCTOR);
        definition.getConstructorArgumentValues().addIndexedArgumentValue(0, name);
        definition.addQualifier(new AutowireCandidateQualifier(Qualifier.class, name));
        definition.setDestroyMethodName(AbstractBeanDefinition.INFER_METHOD); // closes a PKCS#11 session
        registry.registerBeanDefinition(beanName, definition);
    }

    @Override
    public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
    }
}
