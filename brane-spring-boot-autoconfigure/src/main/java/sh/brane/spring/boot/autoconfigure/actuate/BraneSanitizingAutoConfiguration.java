package sh.brane.spring.boot.autoconfigure.actuate;

import org.springframework.boot.actuate.endpoint.SanitizingFunction;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * {@link EnableAutoConfiguration Auto-configuration} that keeps Brane's secrets masked in {@code /actuator/env}
 * and {@code /actuator/configprops} even when {@code show-values} reveals other values.
 */
@AutoConfiguration
@ConditionalOnClass(SanitizingFunction.class)
public final class BraneSanitizingAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean(name = "braneSanitizingFunction")
    SanitizingFunction braneSanitizingFunction() {
        return new BraneSanitizingFunction();
    }
}
