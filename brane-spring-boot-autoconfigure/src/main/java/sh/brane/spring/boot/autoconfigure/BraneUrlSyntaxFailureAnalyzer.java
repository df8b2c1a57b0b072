package sh.brane.spring.boot.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Turns a {@link BraneUrlSyntaxException} into a start-up report naming the property and the fix. */
class BraneUrlSyntaxFailureAnalyzer extends AbstractFailureAnalyzer<BraneUrlSyntaxException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, BraneUrlSyntaxException cause) {
        return new FailureAnalysis(
                "The Ethereum node URL '" + cause.getDisplayUrl() + "' (property brane.rpc.url or a "
                        + "BraneConnectionDetails bean) is invalid: " + cause.getReason() + ".",
                "Set brane.rpc.url to a ws://, wss://, http:// or https:// URL with a host, for example "
                        + "ws://localhost:8545 (WebSocket) or https://mainnet.example.com/v1/<key> (HTTP).",
                cause);
    }
}
