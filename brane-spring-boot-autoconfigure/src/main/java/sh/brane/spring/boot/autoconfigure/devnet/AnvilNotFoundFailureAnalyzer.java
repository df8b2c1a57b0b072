package sh.brane.spring.boot.autoconfigure.devnet;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;

import sh.brane.devnet.AnvilBinaryResolver;

/**
 * Explains a missing Anvil binary when {@code brane.devnet.enabled} asked for a local node. Matches the exception by
 * name: {@code brane-devnet} is an optional, development-time dependency, absent from packaged applications, where
 * this analyzer must still load.
 */
class AnvilNotFoundFailureAnalyzer implements FailureAnalyzer {

    private static final String ANVIL_NOT_FOUND = "sh.brane.devnet.AnvilNotFoundException";

    @Override
    public FailureAnalysis analyze(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause.getClass().getName().equals(ANVIL_NOT_FOUND)) {
                return new FailureAnalysis(
                        "brane.devnet.enabled is true, but no Anvil binary could be found or installed: "
                                + cause.getMessage(),
                        "Install Anvil as described above, or point the " + AnvilBinaryResolver.BINARY_ENV
                                + " environment variable at an anvil binary, or set brane.devnet.enabled=false and"
                                + " brane.rpc.url to a running node.",
                        cause);
            }
        }
        return null;
    }
}
