package sh.brane.spring.boot.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a chain id mismatch: the app is pointed at the wrong network, or expects the wrong one. */
class BraneChainIdMismatchFailureAnalyzer extends AbstractFailureAnalyzer<BraneChainIdMismatchException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, BraneChainIdMismatchException cause) {
        return new FailureAnalysis(
                "The Ethereum node '" + cause.getEndpoint() + "' is on chain " + cause.getActual()
                        + ", but " + cause.getProperty() + " is " + cause.getExpected()
                        + ". Sending transactions to the wrong network could lose funds, so start-up stopped.",
                "Point " + cause.getProperty().replace("expected-chain-id", "url") + " at a node of chain "
                        + cause.getExpected() + ", or set " + cause.getProperty() + " to " + cause.getActual()
                        + " if that network is intended.",
                cause);
    }
}
