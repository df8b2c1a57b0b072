package sh.brane.spring.boot.autoconfigure.devnet;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Whether the application asked for a development node: {@code brane.devnet.enabled}, except in a test, where
 * only {@code brane.devnet.in-tests} (set by {@code @AutoConfigureBrane(devnet = true)}) starts one, so that an
 * application whose own configuration turns the devnet on (a dev profile) starts no node in a test that did not
 * ask for it, as Boot's Docker Compose support skips itself in tests.
 */
class DevnetRequestedCondition extends SpringBootCondition {

    static final String ENABLED = "brane.devnet.enabled";

    static final String IN_TESTS = "brane.devnet.in-tests";

    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
        Environment environment = context.getEnvironment();
        if (TestDetection.inTest()) {
            return environment.getProperty(IN_TESTS, Boolean.class, false)
                    ? ConditionOutcome.match(IN_TESTS + " asks for a devnet in this test")
                    : ConditionOutcome.noMatch("a test starts a devnet only when asked (" + IN_TESTS
                            + "=true, or @AutoConfigureBrane(devnet = true))");
        }
        return environment.getProperty(ENABLED, Boolean.class, false) ? ConditionOutcome.match(ENABLED + " is true")
                : ConditionOutcome.noMatch(ENABLED + " is not true");
    }
}
