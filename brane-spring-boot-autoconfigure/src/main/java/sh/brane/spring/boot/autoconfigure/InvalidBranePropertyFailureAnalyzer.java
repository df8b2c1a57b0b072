package sh.brane.spring.boot.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Turns an {@link InvalidBranePropertyException} into a start-up report: which property, what value, the fix. */
class InvalidBranePropertyFailureAnalyzer extends AbstractFailureAnalyzer<InvalidBranePropertyException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, InvalidBranePropertyException cause) {
        return new FailureAnalysis(
                "Property " + cause.getProperty() + " has the invalid value '" + cause.getDisplayValue() + "': "
                        + cause.getReason() + ".",
                "Update " + cause.getProperty() + " in your application's configuration to an allowed value.",
                cause);
    }
}
