package sh.brane.spring.boot.autoconfigure;


import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.type.AnnotatedTypeMetadata;

import sh.brane.rpc.BraneProvider;

/**
 * Matches when the context will hold a {@link BraneProvider}: one is defined already (auto-configured from
 * {@code brane.rpc}, or declared by the application), or {@code brane.chains} is set (those providers are registered
 * after conditions are evaluated, by {@link BraneChainsRegistrar}).
 */
public final class BraneProvidersCondition extends AnyNestedCondition {

    BraneProvidersCondition() {
        super(ConfigurationPhase.REGISTER_BEAN);
    }

    @ConditionalOnBean(BraneProvider.class)
    static final class ProviderDefined {

    }

    @Conditional(ChainsConfigured.class)
    static final class ChainsSet {

    }

    static final class ChainsConfigured extends SpringBootCondition {

        @Override
        public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
            boolean set = !ConfiguredNames.under(Binder.get(context.getEnvironment()), "brane.chains").isEmpty();
            return set ? ConditionOutcome.match("brane.chains is set")
                    : ConditionOutcome.noMatch("brane.chains is not set");
        }
    }
}
