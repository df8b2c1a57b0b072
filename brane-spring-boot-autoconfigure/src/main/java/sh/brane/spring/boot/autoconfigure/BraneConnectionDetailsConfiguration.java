package sh.brane.spring.boot.autoconfigure;

import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The properties-based {@link BraneConnectionDetails}, only when {@code brane.rpc.url} is set: without it (and
 * without another details bean) no provider is created.
 */
@Configuration(proxyBeanMethods = false)
class BraneConnectionDetailsConfiguration {

    @Bean
    @ConditionalOnMissingBean(BraneConnectionDetails.class)
    @ConditionalOnProperty("brane.rpc.url")
    PropertiesBraneConnectionDetails braneConnectionDetails(BraneProperties properties) {
        return new PropertiesBraneConnectionDetails(properties);
    }
}
