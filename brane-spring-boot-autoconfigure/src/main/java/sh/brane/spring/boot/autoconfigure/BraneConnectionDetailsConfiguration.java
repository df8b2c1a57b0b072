package sh.brane.spring.boot.autoconfigure;

import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/**
 * The properties-based {@link BraneConnectionDetails}, only when {@code brane.rpc.url} or
 * {@code brane.rpc.endpoints} is set: without them (and without another details bean) no provider is created.
 */
@Configuration(proxyBeanMethods = false)
class BraneConnectionDetailsConfiguration {

    @Bean
    @ConditionalOnMissingBean(BraneConnectionDetails.class)
    @Conditional(NodeConfiguredCondition.class)
    PropertiesBraneConnectionDetails braneConnectionDetails(BraneProperties properties) {
        return new PropertiesBraneConnectionDetails(properties);
    }

    static final class NodeConfiguredCondition extends AnyNestedCondition {

        NodeConfiguredCondition() {
            super(ConfigurationPhase.REGISTER_BEAN);
        }

        @ConditionalOnProperty("brane.rpc.url")
        static final class UrlSet {

        }

        @ConditionalOnProperty("brane.rpc.endpoints[0].url")
        static final class EndpointsSet {

        }
    }
}
