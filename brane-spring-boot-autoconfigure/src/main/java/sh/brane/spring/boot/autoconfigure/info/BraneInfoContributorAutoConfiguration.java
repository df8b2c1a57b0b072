package sh.brane.spring.boot.autoconfigure.info;

import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.actuate.autoconfigure.info.ConditionalOnEnabledInfoContributor;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;

import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.BraneProperties;
import sh.brane.spring.boot.autoconfigure.BraneProvidersCondition;

/**
 * {@link EnableAutoConfiguration Auto-configuration} for the {@code brane} entry of {@code /actuator/info}
 * ({@link BraneInfoContributor}); {@code management.info.brane.enabled=false} turns it off.
 */
@AutoConfiguration(after = BraneAutoConfiguration.class,
        afterName = "sh.brane.spring.boot.autoconfigure.tx.BraneTransactionAutoConfiguration")
@ConditionalOnClass({ InfoContributor.class, ConditionalOnEnabledInfoContributor.class })
@Conditional(BraneProvidersCondition.class)
@ConditionalOnEnabledInfoContributor("brane")
public final class BraneInfoContributorAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean(name = "braneInfoContributor")
    BraneInfoContributor braneInfoContributor(ConfigurableListableBeanFactory beans, BraneProperties properties) {
        return new BraneInfoContributor(beans, properties);
    }
}
