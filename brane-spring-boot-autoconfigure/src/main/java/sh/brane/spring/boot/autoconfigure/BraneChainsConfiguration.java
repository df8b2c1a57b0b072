package sh.brane.spring.boot.autoconfigure;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;


/**
 * The beans of {@code brane.chains.<name>} ({@link BraneChainsRegistrar}), the chains' dev-service connections
 * ({@link BraneChainConnectionDetails}), and the shutdown drain of every provider
 * in the context: the auto-configured ones and those the application declares.
 */
@Configuration(proxyBeanMethods = false)
class BraneChainsConfiguration {

    @Bean
    static BraneChainsRegistrar braneChainsRegistrar(Environment environment) {
        return new BraneChainsRegistrar(environment);
    }

    /** Also when no chain is configured: a dev service labelled with a chain then fails start-up, naming the label. */
    @Bean
    @ConditionalOnBean(BraneChainConnectionDetails.class)
    BraneChainConnections braneChainConnections(ListableBeanFactory beans, BraneProperties properties) {
        return new BraneChainConnections(beans.getBeansOfType(BraneChainConnectionDetails.class),
                properties.getChains().keySet());
    }

    /** Closed by the lifecycle when shutdown begins: the auto-configured providers then refuse new calls. */
    @Bean
    @ConditionalOnMissingBean
    BraneDrainGate braneDrainGate() {
        return new BraneDrainGate();
    }

    @Bean
    @ConditionalOnMissingBean
    @Conditional(BraneProvidersCondition.class)
    BraneProviderLifecycle braneProviderLifecycle(ConfigurableListableBeanFactory beans,
            ObjectProvider<BraneProperties> properties, BraneDrainGate drainGate) {
        // looked up when stopping, when every one exists: each chain's, and those the application declares (as beans,
        // or inside a BraneClient bean)
        BraneProperties settings = properties.getObject();
        return new BraneProviderLifecycle(() -> BraneProviderBeans.all(beans, settings)
            .stream()
            .map(BraneProviderBeans.Entry::provider)
            .toList(), settings.getShutdown().getTimeout(), drainGate);
    }
}
