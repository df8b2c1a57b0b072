package sh.brane.spring.boot.autoconfigure;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Import;

import sh.brane.rpc.BraneProvider;

/**
 * {@link EnableAutoConfiguration Auto-configuration} for Brane: a {@link BraneProvider} for the node named by
 * {@link BraneConnectionDetails} ({@code brane.rpc.url} unless a bean says otherwise), a typed
 * {@link sh.brane.client.BraneClient} over it, and a signer with its {@link sh.brane.client.SigningClient} when
 * {@code brane.signer.*} is set; the same per chain for each {@code brane.chains.<name>}. Inert without a node URL.
 */
@AutoConfiguration(after = SslAutoConfiguration.class)
@EnableConfigurationProperties(BraneProperties.class)
@Import({ BraneConnectionDetailsConfiguration.class, BraneProviderConfiguration.class,
        BraneSignerConfiguration.class, BraneClientConfiguration.class, BraneChainsConfiguration.class })
public final class BraneAutoConfiguration {

    /** The chain id mismatches found after start-up, which the health contributor reports. */
    @Bean
    @ConditionalOnMissingBean
    @Conditional(BraneProvidersCondition.class)
    BraneChainIdVerdicts braneChainIdVerdicts() {
        return new BraneChainIdVerdicts();
    }
}
