package sh.brane.spring.boot.autoconfigure.devnet;

import org.springframework.aot.AotDetector;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Leaves the devnet out of ahead-of-time processing and of the application it generates, as Boot does with its
 * Docker Compose support: a local development node is no part of a build, and a condition evaluated at build time
 * would fix the choice for every run of the native image.
 */
class NotAotCondition extends SpringBootCondition {

    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
        if (Boolean.getBoolean("spring.aot.processing")) {
            return ConditionOutcome.noMatch("the devnet is skipped during AOT processing");
        }
        if (AotDetector.useGeneratedArtifacts()) {
            return ConditionOutcome.noMatch("the devnet is skipped in an AOT-processed application");
        }
        return ConditionOutcome.match("not AOT");
    }
}
