package sh.brane.spring.boot.autoconfigure;

import java.util.concurrent.Executor;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnThreading;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.boot.thread.Threading;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import sh.brane.rpc.BraneProvider;

/**
 * Creates the provider. Unlike Redis, where the classpath picks the client, the URL's scheme picks the transport
 * at run time, so one bean method builds either (or a fallback provider over several endpoints).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBean(BraneConnectionDetails.class)
class BraneProviderConfiguration {

    /** Name of the optional {@link Executor} bean for future completions and subscription callbacks. */
    static final String CALLBACK_EXECUTOR_BEAN_NAME = "braneCallbackExecutor";

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean(BraneProvider.class)
    BraneProvider braneProvider(BraneConnectionDetails connectionDetails, BraneProperties properties,
            ObjectProvider<WebSocketConfigCustomizer> webSocketCustomizers,
            ObjectProvider<HttpConfigCustomizer> httpCustomizers, ObjectProvider<BraneMetricsFactory> metricsFactories,
            ObjectProvider<BraneProviderDecorator> decorators,
            @Qualifier(CALLBACK_EXECUTOR_BEAN_NAME) ObjectProvider<Executor> callbackExecutor,
            ObjectProvider<SslBundles> sslBundles, ObjectProvider<BraneChainIdVerdicts> verdicts,
            ObjectProvider<BraneDrainGate> drainGate) {
        return new BraneProviderFactory(properties.getRpc(), "brane.rpc", BraneProviderFactory.SHORTHAND_CHAIN,
                callbackExecutor.getIfAvailable(),
                webSocketCustomizers.orderedStream().toList(), httpCustomizers.orderedStream().toList(),
                metricsFactories.orderedStream().toList(), decorators.orderedStream().toList(),
                sslBundles.getIfAvailable(), verdicts.getIfAvailable())
            .drainingWith(drainGate.getIfAvailable())
            .create(connectionDetails);
    }

    /** With {@code spring.threads.virtual.enabled}: callbacks on named virtual threads. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnThreading(Threading.VIRTUAL)
    static class VirtualThreadCallbackConfiguration {

        @Bean(name = CALLBACK_EXECUTOR_BEAN_NAME, destroyMethod = "close")
        @ConditionalOnMissingBean(name = CALLBACK_EXECUTOR_BEAN_NAME)
        java.util.concurrent.ExecutorService braneCallbackExecutor() {
            return java.util.concurrent.Executors
                .newThreadPerTaskExecutor(Thread.ofVirtual().name("brane-callback-", 0).factory());
        }
    }
}
