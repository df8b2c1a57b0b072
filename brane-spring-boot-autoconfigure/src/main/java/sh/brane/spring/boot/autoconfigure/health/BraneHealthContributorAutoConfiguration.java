package sh.brane.spring.boot.autoconfigure.health;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

import sh.brane.rpc.BraneProvider;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.BraneProperties;

/**
 * {@link EnableAutoConfiguration Auto-configuration} for the {@code brane} health contributor
 * ({@link BraneHealthIndicator}); {@code management.health.brane.enabled=false} turns it off.
 */
@AutoConfiguration(after = BraneAutoConfiguration.class)
@ConditionalOnClass({ HealthIndicator.class, ConditionalOnEnabledHealthIndicator.class })
@ConditionalOnSingleCandidate(BraneProvider.class)
@ConditionalOnEnabledHealthIndicator("brane")
public final class BraneHealthContributorAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean(name = { "braneHealthIndicator", "braneHealthContributor" })
    BraneHealthIndicator braneHealthContributor(BraneProvider provider, BraneProperties properties) {
        return new BraneHealthIndicator(provider, properties.getHealth().getTimeout(),
                properties.getHealth().getMaxHeadAge())
            .expectChainId(properties.getRpc().getExpectedChainId());
    }
}
