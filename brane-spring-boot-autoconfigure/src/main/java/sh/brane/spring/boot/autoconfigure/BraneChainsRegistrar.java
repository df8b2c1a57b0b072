package sh.brane.spring.boot.autoconfigure;

import java.util.Set;

import org.springframework.aot.AotDetector;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.AbstractBeanDefinition;
import org.springframework.beans.factory.support.AutowireCandidateQualifier;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

import sh.brane.client.BraneClient;
import sh.brane.client.SigningClient;
import sh.brane.rpc.BraneProvider;
import sh.brane.signer.Signer;
import sh.brane.signer.SignerCeilings;

/**
 * Registers the beans of each {@code brane.chains.<chain>}: {@code <chain>BraneProvider} and
 * {@code <chain>BraneClient} qualified by {@code @Qualifier("<chain>")}, and per signer {@code <chain>.<signer>Signer},
 * {@code <chain>.<signer>SignerCeilings} and {@code <chain>.<signer>SigningClient} qualified by
 * {@code @Qualifier("<chain>.<signer>")}. None is a default candidate: a plain {@code BraneClient} injection point
 * still gets the {@code brane.rpc} shorthand's (or fails as before), a chain's is injected only when named. The
 * configuration is checked here, before any bean exists ({@link BraneChainsValidation}); the values are read from
 * {@link BraneProperties} when each bean is created ({@link BraneChainBeans}), so they bind exactly as every other
 * {@code brane.*} property. The definitions are AOT-generatable: processed ahead of time with the build's
 * {@code brane.chains}, an application gets the same beans (their values bound at run time, as Boot does for its
 * own property-driven beans), and this registrar then stands aside.
 */
final class BraneChainsRegistrar implements BeanDefinitionRegistryPostProcessor {

    private final Environment environment;

    BraneChainsRegistrar(Environment environment) {
        this.environment = environment;
    }

    @Override
    public void postProcessBeanDefinitionRegistry(BeanDefinitionRegistry registry) {
        if (AotDetector.useGeneratedArtifacts()) {
            // an AOT-processed application: the definitions registered at build time are in the generated code
            return;
        }
        Binder binder = Binder.get(this.environment);
        Set<String> chains = ConfiguredNames.under(binder, "brane.chains");
        if (chains.isEmpty()) {
            return;
        }
        BraneChainsValidation.validate(binder, chains, connectionDetailsDeclared(registry));
        for (String chain : chains) {
            register(registry, chain + "BraneProvider", BraneProvider.class, chain, chain, "close", "provider", chain);
            register(registry, chain + "BraneClient", BraneClient.class, chain, chain, "close", "client", chain);
            for (String signer : ConfiguredNames.under(binder, "brane.chains." + chain + ".signers")) {
                String name = chain + "." + signer;
                register(registry, name + "Signer", Signer.class, chain, name, AbstractBeanDefinition.INFER_METHOD,
                        "signer", chain, signer);
                register(registry, name + "SignerCeilings", SignerCeilings.class, chain, name, null, "ceilings", chain,
                        signer);
                register(registry, name + "SigningClient", SigningClient.class, chain, name, null, "signingClient",
                        chain, signer);
            }
        }
    }

    /** By type only, creating nothing: a chain's details are known once they exist ({@link BraneChainConnections}). */
    private static boolean connectionDetailsDeclared(BeanDefinitionRegistry registry) {
        return registry instanceof ListableBeanFactory beans
                && beans.getBeanNamesForType(BraneChainConnectionDetails.class, true, false).length > 0;
    }

    /**
     * A definition Spring AOT can generate code for: a static factory method of {@link BraneChainBeans} whose
     * leading arguments are the names (constructor argument values) and whose last, the {@code BeanFactory}, is
     * autowired.
     */
    private static void register(BeanDefinitionRegistry registry, String beanName, Class<?> type, String chain,
            String qualifier, String destroyMethod, String factoryMethod, String... names) {
        RootBeanDefinition definition = new RootBeanDefinition(BraneChainBeans.class);
        definition.setFactoryMethodName(factoryMethod);
        definition.setTargetType(type);
        definition.setAutowireMode(AbstractBeanDefinition.AUTOWIRE_CONSTRUCTOR);
        for (int i = 0; i < names.length; i++) {
            definition.getConstructorArgumentValues().addIndexedArgumentValue(i, names[i]);
        }
        definition.addQualifier(new AutowireCandidateQualifier(Qualifier.class, qualifier));
        // read where the definition is at hand; generated code keeps the qualifier only (BraneProviderBeans.chainOf)
        definition.setAttribute(BraneProviderBeans.CHAIN_ATTRIBUTE, chain);
        // injected only where a qualifier names it: the shorthand's injection points stay unambiguous
        definition.setDefaultCandidate(false);
        if (destroyMethod != null) {
            definition.setDestroyMethodName(destroyMethod);
        }
        registry.registerBeanDefinition(beanName, definition);
    }

    @Override
    public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
    }
}
