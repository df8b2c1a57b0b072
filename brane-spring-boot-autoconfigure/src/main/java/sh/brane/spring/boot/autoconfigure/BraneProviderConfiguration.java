package sh.brane.spring.boot.autoconfigure;

import java.util.List;
import java.util.concurrent.Executor;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnThreading;
import org.springframework.boot.thread.Threading;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import sh.brane.rpc.BraneMetrics;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.HttpProvider;
import sh.brane.rpc.WebSocketProvider;

/**
 * Creates the provider. Unlike Redis, where the classpath picks the client, the URL's scheme picks the transport
 * at run time, so one bean method builds either.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBean(BraneConnectionDetails.class)
class BraneProviderConfiguration {

    /** Name of the optional {@link Executor} bean for future completions and subscription callbacks. */
    static final String CALLBACK_EXECUTOR_BEAN_NAME = "braneCallbackExecutor";

    private static final Logger logger = LoggerFactory.getLogger(BraneProviderConfiguration.class);

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean(BraneProvider.class)
    BraneProvider braneProvider(BraneConnectionDetails connectionDetails, BraneProperties properties,
            ObjectProvider<WebSocketConfigCustomizer> webSocketCustomizers,
            ObjectProvider<HttpConfigCustomizer> httpCustomizers, ObjectProvider<BraneMetricsFactory> metricsFactories,
            @Qualifier(CALLBACK_EXECUTOR_BEAN_NAME) ObjectProvider<Executor> callbackExecutor) {
        BraneUrl url = BraneUrl.parse(connectionDetails.getUrl());
        String name = properties.getRpc().getName();
        BraneProvider provider;
        if (url.webSocket()) {
            provider = WebSocketProvider.create(ProviderConfigMapper.webSocket(url, connectionDetails, properties,
                    callbackExecutor.getIfAvailable(), webSocketCustomizers.orderedStream().toList()));
        }
        else {
            provider = HttpProvider.create(ProviderConfigMapper.http(url, connectionDetails, properties,
                    callbackExecutor.getIfAvailable(), httpCustomizers.orderedStream().toList()));
        }
        try {
            String transport = url.webSocket() ? "ws" : "http";
            List<BraneMetrics> metrics = metricsFactories.orderedStream()
                .map((factory) -> factory.create(provider, name, transport))
                .toList();
            if (!metrics.isEmpty()) {
                provider.setMetrics(metrics.size() == 1 ? metrics.get(0) : new CompositeBraneMetrics(metrics));
            }
            Long expected = properties.getRpc().getExpectedChainId();
            if (expected != null) {
                ChainIdCheck.verify(provider, name, expected);
            }
        }
        catch (RuntimeException ex) {
            provider.close();
            throw ex;
        }
        logger.info("Brane provider '{}' connected to {} over {}", name, url.redacted(),
                url.webSocket() ? "WebSocket" : "HTTP");
        return provider;
    }

    @Bean
    @ConditionalOnMissingBean
    BraneProviderLifecycle braneProviderLifecycle(ObjectProvider<BraneProvider> providers,
            BraneProperties properties) {
        return new BraneProviderLifecycle(providers.orderedStream().toList(), properties.getShutdown().getTimeout());
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

    /** Verifies {@code brane.rpc.expected-chain-id}. */
    static final class ChainIdCheck {

        private ChainIdCheck() {
        }

        static void verify(BraneProvider provider, String name, long expected) {
            String hex;
            try {
                hex = provider.send("eth_chainId", List.of()).asString();
            }
            catch (BraneRpcException ex) {
                throw new IllegalStateException("Could not read the chain id of node '" + name
                        + "' to check brane.rpc.expected-chain-id: " + ex.getMessage(), ex);
            }
            long actual = Quantities.parseLong(hex);
            if (actual != expected) {
                throw new BraneChainIdMismatchException(name, expected, actual);
            }
        }
    }
}
