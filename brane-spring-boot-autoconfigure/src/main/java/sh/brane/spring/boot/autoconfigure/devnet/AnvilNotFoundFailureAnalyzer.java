package sh.brane.spring.boot.autoconfigure.devnet;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

import sh.brane.devnet.AnvilBinaryResolver;
import sh.brane.devnet.AnvilNotFoundException;

/** Explains a missing Anvil binary when {@code brane.devnet.enabled} asked for a local node. */
class AnvilNotFoundFailureAnalyzer extends AbstractFailureAnalyzer<AnvilNotFoundException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, AnvilNotFoundException cause) {
        return new FailureAnalysis(
                "brane.devnet.enabled is true, but no Anvil binary could be found or installed: "
                        + cause.getMessage(),
                "Install Anvil as described above, or point the " + AnvilBinaryResolver.BINARY_ENV
                        + " environment variable at an anvil binary, or set brane.devnet.enabled=false and"
                        + " brane.rpc.url to a running node.",
                cause);
    }
}
