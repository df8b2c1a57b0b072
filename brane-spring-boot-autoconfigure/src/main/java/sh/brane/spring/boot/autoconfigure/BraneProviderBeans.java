package sh.brane.spring.boot.autoconfigure;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.springframework.beans.factory.annotation.AnnotatedBeanDefinition;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.AbstractBeanDefinition;
import org.springframework.beans.factory.support.AutowireCandidateQualifier;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;

import sh.brane.client.BraneClient;
import sh.brane.rpc.BraneProvider;

/**
 * Which {@link BraneProvider} beans the context holds and which chain each serves: one registered for
 * {@code brane.chains.<name>} (its name), the auto-configured {@code brane.rpc} provider ({@code default}), or one
 * the application declares itself (its bean name). Health, metrics and the shutdown drain ask here, so a provider
 * the application declares is treated as the auto-configured ones are.
 */
public final class BraneProviderBeans {

    /** Bean definition attribute holding the chain of a bean registered for {@code brane.chains.<name>}. */
    static final String CHAIN_ATTRIBUTE = BraneProviderBeans.class.getName() + ".chain";

    private static final String SHORTHAND_CHAIN_ID = "brane.rpc.expected-chain-id";

    private BraneProviderBeans() {
    }

    /**
     * One provider with the settings of its entry in the health contributor.
     *
     * @param name            the chain's name, {@code default} for {@code brane.rpc}, or the bean name of a provider
     *                        (or of a client over a provider that is no bean) the application declares
     * @param autoConfigured  whether the starter created it (with metrics already attached)
     * @param expectedChainId the chain it must report, or null when not pinned
     * @param chainIdProperty the property that pinned it
     */
    public record Entry(String name, BraneProvider provider, boolean autoConfigured, BraneProperties.Health health,
            Long expectedChainId, String chainIdProperty) {
    }

    /**
     * Every provider, in registration order, with its chain's settings: the provider beans, then the providers of
     * {@link BraneClient} beans the application declares over a provider that is no bean. Creates those beans.
     */
    public static List<Entry> all(ConfigurableListableBeanFactory beans, BraneProperties properties) {
        List<Entry> entries = new ArrayList<>();
        Map<String, BraneProvider> declared = new LinkedHashMap<>();
        Set<BraneProvider> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (String beanName : beans.getBeanNamesForType(BraneProvider.class, true, false)) {
            BraneProvider provider = beans.getBean(beanName, BraneProvider.class);
            seen.add(provider);
            String chain = chainOf(beans, beanName);
            if (chain == null) {
                declared.put(beanName, provider);
            }
            else if (chain.equals(BraneProviderFactory.SHORTHAND_CHAIN) && !properties.getChains().containsKey(chain)) {
                entries.add(new Entry(chain, provider, true, properties.getHealth(),
                        properties.getRpc().getExpectedChainId(), SHORTHAND_CHAIN_ID));
            }
            else {
                BraneChainProperties settings = properties.getChains().get(chain);
                entries.add(new Entry(chain, provider, true, settings.getHealth(),
                        settings.getRpc().getExpectedChainId(), "brane.chains." + chain + ".rpc.expected-chain-id"));
            }
        }
        for (String beanName : beans.getBeanNamesForType(BraneClient.class, true, false)) {
            if (chainOf(beans, beanName) == null) {
                BraneProvider provider = beans.getBean(beanName, BraneClient.class).provider();
                if (seen.add(provider)) {
                    declared.put(beanName, provider);
                }
            }
        }
        boolean alone = declared.size() == 1;
        // brane.rpc.expected-chain-id describes the one chain of an application without brane.rpc.url: it pins a
        // provider the application declares only when that is the one provider outside brane.chains
        declared.forEach((beanName, provider) -> entries.add(new Entry(beanName, provider, false,
                properties.getHealth(), alone ? properties.getRpc().getExpectedChainId() : null, SHORTHAND_CHAIN_ID)));
        return entries;
    }

    /**
     * The provider of a {@link BraneClient} bean the application declares over a provider that is no bean (so no
     * one else gives it metrics), else null. Creates no bean: a provider bean the client was built from exists already.
     */
    public static BraneProvider unmanagedProviderOf(ConfigurableListableBeanFactory beans, String clientBean,
            BraneClient client) {
        if (chainOf(beans, clientBean) != null) {
            return null;
        }
        BraneProvider provider = client.provider();
        for (String providerBean : beans.getBeanNamesForType(BraneProvider.class, true, false)) {
            if (beans.getSingleton(providerBean) == provider) {
                return null;
            }
        }
        return provider;
    }

    /**
     * The chain of a provider or client bean: {@code brane.chains.<name>}'s name, {@code default} for the
     * auto-configured {@code brane.rpc} provider and client, or null for one the application declares.
     */
    public static String chainOf(ConfigurableListableBeanFactory beans, String beanName) {
        if (!beans.containsBeanDefinition(beanName)) {
            return null;
        }
        // the definition as registered: a merged copy is no longer an AnnotatedBeanDefinition
        BeanDefinition definition = beans.getBeanDefinition(beanName);
        String chain = registeredChainOf(definition, beanName);
        if (chain != null) {
            return chain;
        }
        String declaringClass = null;
        if (definition instanceof AnnotatedBeanDefinition annotated && annotated.getFactoryMethodMetadata() != null) {
            declaringClass = annotated.getFactoryMethodMetadata().getDeclaringClassName();
        }
        else if (definition instanceof RootBeanDefinition generated && generated.getResolvedFactoryMethod() != null) {
            // an AOT-processed application: the generated definition's instance supplier knows its factory method
            declaringClass = generated.getResolvedFactoryMethod().getDeclaringClass().getName();
        }
        if (BraneProviderConfiguration.class.getName().equals(declaringClass)
                || BraneClientConfiguration.class.getName().equals(declaringClass)) {
            return BraneProviderFactory.SHORTHAND_CHAIN;
        }
        return null;
    }

    /** Whether the bean of this name was registered for {@code brane.chains.<name>}. */
    static boolean isChainBean(BeanDefinitionRegistry registry, String beanName) {
        return registry.containsBeanDefinition(beanName)
                && registeredChainOf(registry.getBeanDefinition(beanName), beanName) != null;
    }

    /**
     * The chain of a provider or client bean {@link BraneChainsRegistrar} registered, else null: its attribute, or
     * (in an AOT-processed application, whose generated definitions keep qualifiers but no attributes) its
     * {@code @Qualifier("<chain>")} with the name {@code <chain>BraneProvider} or {@code <chain>BraneClient}. No
     * other bean can hold such a name: the registrar's definition would clash with it.
     */
    private static String registeredChainOf(BeanDefinition definition, String beanName) {
        Object chain = definition.getAttribute(CHAIN_ATTRIBUTE);
        if (chain != null) {
            return chain.toString();
        }
        if (definition instanceof AbstractBeanDefinition registered) {
            AutowireCandidateQualifier qualifier = registered.getQualifier(Qualifier.class.getName());
            Object value = (qualifier != null) ? qualifier.getAttribute(AutowireCandidateQualifier.VALUE_KEY) : null;
            if (value != null && (beanName.equals(value + "BraneProvider") || beanName.equals(value + "BraneClient"))) {
                return value.toString();
            }
        }
        return null;
    }
}
