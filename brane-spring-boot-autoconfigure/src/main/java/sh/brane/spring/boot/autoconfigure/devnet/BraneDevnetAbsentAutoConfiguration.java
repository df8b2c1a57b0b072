package sh.brane.spring.boot.autoconfigure.devnet;

import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;

import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;

/**
 * {@code brane.devnet.enabled=true} without {@code sh.brane:brane-devnet} on the classpath, as in a packaged
 * application, which leaves that development-time module out: start-up fails with a report rather than going on
 * against whatever else is configured, because the configuration that asked for a throwaway local chain (often with
 * a public development key as signer) must not quietly reach another network.
 */
@AutoConfiguration(before = BraneAutoConfiguration.class)
@ConditionalOnMissingClass("sh.brane.devnet.Anvil")
@Conditional({ DevnetRequestedCondition.class, NotAotCondition.class })
public final class BraneDevnetAbsentAutoConfiguration {

    /** Fails before any bean is created, so the report is this one, not a missing client bean of the application. */
    @Bean
    static BeanFactoryPostProcessor braneDevnetAbsent() {
        return (beanFactory) -> {
            throw absent();
        };
    }

    private static InvalidConfigurationPropertyValueException absent() {
        return new InvalidConfigurationPropertyValueException(DevnetRequestedCondition.ENABLED, true,
                "the devnet needs sh.brane:brane-devnet on the classpath, and packaged applications leave it out"
                        + " (it is a development-time dependency). Configure a node (brane.rpc.url or"
                        + " brane.rpc.endpoints) for this run and set brane.devnet.enabled=false, or add brane-devnet"
                        + " as an optional dependency when developing.");
    }
}
