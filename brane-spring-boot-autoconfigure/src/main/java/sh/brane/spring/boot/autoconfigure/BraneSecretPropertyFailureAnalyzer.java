package sh.brane.spring.boot.autoconfigure;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * Reports Boot's {@link InvalidConfigurationPropertyValueException} for a Brane secret ({@link BraneSecretProperties})
 * without its value, ahead of Boot's own analyzer. Boot's prints every value it finds in the environment under the
 * property's name, whatever the exception carries, so a secret refused with Boot's exception would land in the start-up
 * report (a wrong PKCS#11 PIN once was). The starter's own code refuses secrets with
 * {@link InvalidBranePropertyException}; this covers any code that does not, and leaves every other property to Boot.
 */
@Order(Ordered.HIGHEST_PRECEDENCE)
class BraneSecretPropertyFailureAnalyzer extends AbstractFailureAnalyzer<InvalidConfigurationPropertyValueException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, InvalidConfigurationPropertyValueException cause) {
        if (!BraneSecretProperties.isSecret(BraneSecretProperties.canonical(cause.getName()))) {
            return null;
        }
        String reason = cause.getReason();
        return new FailureAnalysis("Property " + cause.getName() + " has an invalid value (not shown: it holds a secret)"
                + (reason == null ? "." : ": " + reason + "."),
                "Update " + cause.getName() + " in your application's configuration to an allowed value.", cause);
    }
}
