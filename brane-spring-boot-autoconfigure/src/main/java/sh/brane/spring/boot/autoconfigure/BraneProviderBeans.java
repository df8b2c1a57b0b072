package sh.brane.spring.boot.autoconfigure;

import java.util.ArrayList;
import java.util.List;

import org.springframework.beans.factory.annotation.AnnotatedBeanDefinition;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.core.type.MethodMetadata;

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
     *                        the application declares
     * @param autoConfigured  whether the starter created it (with metrics already attached)
     * @param expectedChainId the chain it must report, or null when not pinned
     * @param chainIdProperty the property that pinned it
     */
    public record Entry(String name, String beanName, boolean autoConfigured, BraneProperties.Health health,
            Long expectedChainId, String chainIdProperty) {

        public BraneProvider provider(ConfigurableListableBeanFactory beans) {
            return beans.getBean(this.beanName, BraneProvider.class);
        }
    }

    /** Every provider bean, in registration order, with its chain's settings. */
    public static List<Entry> all(ConfigurableListableBeanFactory beans, BraneProperties properties) {
        String[] names = beans.getBeanNamesForType(BraneProvider.class, true, false);
        List<String> declared = new ArrayList<>();
        List<Entry> entries = new ArrayList<>();
        for (String beanName : names) {
            String chain = chainOf(beans, beanName);
            if (chain == null) {
                declared.add(beanName);
            }
            else if (chain.equals(BraneProviderFactory.SHORTHAND_CHAIN) && !properties.getChains().containsKey(chain)) {
                entries.add(new Entry(chain, beanName, true, properties.getHealth(),
                        properties.getRpc().getExpectedChainId(), SHORTHAND_CHAIN_ID));
            }
            else {
                BraneChainProperties settings = properties.getChains().get(chain);
                entries.add(new Entry(chain, beanName, true, settings.getHealth(),
                        settings.getRpc().getExpectedChainId(), "brane.chains." + chain + ".rpc.expected-chain-id"));
            }
        }
        boolean alone = declared.size() == 1;
        for (String beanName : declared) {
            // brane.rpc.expected-chain-id describes the one chain of an application without brane.rpc.url: it pins
            // a provider it declares only when that is the one provider outside brane.chains
            entries.add(new Entry(beanName, beanName, false, properties.getHealth(),
                    alone ? properties.getRpc().getExpectedChainId() : null, SHORTHAND_CHAIN_ID));
        }
        return entries;
    }

    /**
     * The chain of a provider bean: {@code brane.chains.<name>}'s name, {@code default} for the auto-configured
     * {@code brane.rpc} provider, or null for a provider the application declares.
     */
    public static String chainOf(ConfigurableListableBeanFactory beans, String beanName) {
        if (!beans.containsBeanDefinition(beanName)) {
            return null;
        }
        // the definition as registered: a merged copy is no longer an AnnotatedBeanDefinition
        BeanDefinition definition = beans.getBeanDefinition(beanName);
        Object chain = definition.getAttribute(CHAIN_ATTRIBUTE);
        if (chain != null) {
            return chain.toString();
        }
        if (definition instanceof AnnotatedBeanDefinition annotated) {
            MethodMetadata factoryMethod = annotated.getFactoryMethodMetadata();
            if (factoryMethod != null
                    && factoryMethod.getDeclaringClassName().equals(BraneProviderConfiguration.class.getName())) {
                return BraneProviderFactory.SHORTHAND_CHAIN;
            }
        }
        return null;
    }

    /** Whether the bean of this name was registered for {@code brane.chains.<name>}. */
    static boolean isChainBean(BeanDefinitionRegistry registry, String beanName) {
        return registry.containsBeanDefinition(beanName)
                && registry.getBeanDefinition(beanName).getAttribute(CHAIN_ATTRIBUTE) != null;
    }
}
