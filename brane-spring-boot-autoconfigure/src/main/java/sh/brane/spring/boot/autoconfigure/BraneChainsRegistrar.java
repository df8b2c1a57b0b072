package sh.brane.spring.boot.autoconfigure;

import java.util.Set;
import java.util.concurrent.Executor;
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
import org.springframework.boot.ssl.SslBundles;
import org.springframework.core.env.Environment;

import sh.brane.client.BraneClient;
import sh.brane.client.SigningClient;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.InvalidOptionException;
import sh.brane.signer.Signer;
import sh.brane.signer.SignerCeilings;
import sh.brane.spring.boot.autoconfigure.tx.BraneTransactionSenders;

/**
 * Registers the beans of each {@code brane.chains.<chain>}: {@code <chain>BraneProvider} and
 * {@code <chain>BraneClient} qualified by {@code @Qualifier("<chain>")}, and per signer {@code <chain>.<signer>Signer},
 * {@code <chain>.<signer>SignerCeilings} and {@code <chain>.<signer>SigningClient} qualified by
 * {@code @Qualifier("<chain>.<signer>")}. None is a default candidate: a plain {@code BraneClient} injection point
 * still gets the {@code brane.rpc} shorthand's (or fails as before), a chain's is injected only when named. The
 * configuration is checked here, before any bean exists ({@link BraneChainsValidation}); the values are read from
 * {@link BraneProperties} when each bean is created, so they bind exactly as every other {@code brane.*} property.
 */
final class BraneChainsRegistrar implements BeanDefinitionRegistryPostProcessor {

    private static final Logger logger = LoggerFactory.getLogger(BraneChainsRegistrar.class);

    private final Environment environment;

    BraneChainsRegistrar(Environment environment) {
        this.environment = environment;
    }

    @Override
    public void postProcessBeanDefinitionRegistry(BeanDefinitionRegistry registry) {
        Binder binder = Binder.get(this.environment);
        Set<String> chains = ConfiguredNames.under(binder, "brane.chains");
        if (chains.isEmpty() || !(registry instanceof ConfigurableListableBeanFactory beans)) {
            return;
        }
        BraneChainsValidation.validate(binder, chains);
        for (String chain : chains) {
            String prefix = "brane.chains." + chain;
            String providerBean = chain + "BraneProvider";
            register(registry, providerBean, BraneProvider.class, chain, chain, "close",
                    () -> provider(beans, chain, prefix));
            register(registry, chain + "BraneClient", BraneClient.class, chain, chain, "close",
                    () -> client(beans, providerBean, chain, prefix));
            for (String signer : ConfiguredNames.under(binder, prefix + ".signers")) {
                registerSigner(registry, beans, chain, prefix, signer);
            }
        }
    }

    private static void registerSigner(BeanDefinitionRegistry registry, ConfigurableListableBeanFactory beans,
            String chain, String prefix, String signer) {
        String name = chain + "." + signer;
        String signerPrefix = prefix + ".signers." + signer;
        register(registry, name + "Signer", Signer.class, chain, name, AbstractBeanDefinition.INFER_METHOD, () -> {
            BraneChainProperties settings = chain(beans, chain);
            Signer created = BraneSigners.create(name, signerPrefix, settings.getSigners().get(signer),
                    () -> pinnedChainId(settings, prefix, signerPrefix));
            logger.info("Brane signer '{}': account {} on chain {}", name, created.address(),
                    settings.getRpc().getExpectedChainId());
            return created;
        });
        register(registry, name + "SignerCeilings", SignerCeilings.class, chain, name, null,
                () -> BraneSigners.ceilings(signerPrefix, chain(beans, chain).getSigners().get(signer)));
        register(registry, name + "SigningClient", SigningClient.class, chain, name, null, () -> {
            BraneChainProperties settings = chain(beans, chain);
            return SigningClients.create(beans.getBean(chain + "BraneClient", BraneClient.class),
                    beans.getBean(name + "Signer", Signer.class),
                    beans.getBean(name + "SignerCeilings", SignerCeilings.class), settings.getClient(),
                    prefix + ".client", () -> pinnedChainId(settings, prefix, signerPrefix),
                    beans.getBeanProvider(BraneTransactionSenders.class).getIfAvailable());
        });
    }

    private static BraneProvider provider(ConfigurableListableBeanFactory beans, String chain, String prefix) {
        BraneProperties.Rpc rpc = chain(beans, chain).getRpc();
        Executor callbacks = beans.containsBean(BraneProviderConfiguration.CALLBACK_EXECUTOR_BEAN_NAME)
                ? beans.getBean(BraneProviderConfiguration.CALLBACK_EXECUTOR_BEAN_NAME, Executor.class) : null;
        return new BraneProviderFactory(rpc, prefix + ".rpc", chain, callbacks,
                beans.getBeanProvider(WebSocketConfigCustomizer.class).orderedStream().toList(),
                beans.getBeanProvider(HttpConfigCustomizer.class).orderedStream().toList(),
                beans.getBeanProvider(BraneMetricsFactory.class).orderedStream().toList(),
                beans.getBeanProvider(BraneProviderDecorator.class).orderedStream().toList(),
                beans.getBeanProvider(SslBundles.class).getIfAvailable(),
                beans.getBeanProvider(BraneChainIdVerdicts.class).getIfAvailable())
            .create(new PropertiesBraneConnectionDetails(rpc));
    }

    private static BraneClient client(ConfigurableListableBeanFactory beans, String providerBean, String chain,
            String prefix) {
        BraneProperties.Client settings = chain(beans, chain).getClient();
        try {
            return new BraneClient(beans.getBean(providerBean, BraneProvider.class), settings.getPollInterval());
        }
        catch (InvalidOptionException ex) {
            throw new InvalidConfigurationPropertyValueException(prefix + ".client.poll-interval",
                    settings.getPollInterval(), ex.reason());
        }
    }

    private static BraneChainProperties chain(ConfigurableListableBeanFactory beans, String chain) {
        return beans.getBean(BraneProperties.class).getChains().get(chain);
    }

    /** Checked at registration already; checked again here as the value the signer is pinned to. */
    private static long pinnedChainId(BraneChainProperties settings, String prefix, String signerPrefix) {
        Long expected = settings.getRpc().getExpectedChainId();
        if (expected == null || expected <= 0) {
            throw BraneChainsValidation.unpinned(prefix, signerPrefix, expected);
        }
        return expected;
    }

    private static <T> void register(BeanDefinitionRegistry registry, String beanName, Class<T> type, String chain,
            String qualifier, String destroyMethod, Supplier<T> supplier) {
        RootBeanDefinition definition = new RootBeanDefinition(type, supplier);
        definition.addQualifier(new AutowireCandidateQualifier(Qualifier.class, qualifier));
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
