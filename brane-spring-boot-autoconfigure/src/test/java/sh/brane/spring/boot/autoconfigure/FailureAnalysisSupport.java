package sh.brane.spring.boot.autoconfigure;

import java.util.List;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.core.env.Environment;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.core.io.support.SpringFactoriesLoader.ArgumentResolver;
import org.springframework.mock.env.MockEnvironment;

/** Runs a start-up failure through every FailureAnalyzer registered in META-INF/spring.factories, as Boot does. */
final class FailureAnalysisSupport {

    private FailureAnalysisSupport() {
    }

    static FailureAnalysis analyze(Throwable failure) {
        return analyze(failure, new MockEnvironment());
    }

    /**
     * The same, with the analyzers given {@code environment}: Boot's analyzer of
     * {@code InvalidConfigurationPropertyValueException} prints the value it finds there under the property's name,
     * whatever the exception carries, so a check that a secret stays out of the report needs the secret in it.
     */
    static FailureAnalysis analyze(Throwable failure, Environment environment) {
        ArgumentResolver resolver = ArgumentResolver.of(BeanFactory.class, new DefaultListableBeanFactory())
            .and(Environment.class, environment);
        List<FailureAnalyzer> analyzers = SpringFactoriesLoader
            .forDefaultResourceLocation(FailureAnalysisSupport.class.getClassLoader())
            .load(FailureAnalyzer.class, resolver, (type, name, ex) -> {
                // analyzers for absent libraries (e.g. Bean Validation) fail to load; Boot skips them too
            });
        for (FailureAnalyzer analyzer : analyzers) {
            FailureAnalysis analysis = analyzer.analyze(failure);
            if (analysis != null) {
                return analysis;
            }
        }
        throw new AssertionError("no failure analyzer handled " + failure);
    }

    /** Description and action together, as printed in the start-up report. */
    static String report(Throwable failure) {
        return report(failure, new MockEnvironment());
    }

    /** The report, the analyzers given {@code environment} (see {@link #analyze(Throwable, Environment)}). */
    static String report(Throwable failure, Environment environment) {
        FailureAnalysis analysis = analyze(failure, environment);
        return analysis.getDescription() + "\n" + analysis.getAction();
    }
}
