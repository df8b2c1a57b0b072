package sh.brane.spring.boot.autoconfigure;

import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.endpoint.SanitizableData;

import sh.brane.devnet.AnvilNotFoundException;
import sh.brane.spring.boot.autoconfigure.actuate.BraneSanitizingFunction;

import static org.assertj.core.api.Assertions.assertThat;

/** What may be shown of URLs, properties and failures. */
class SafeDisplayTests {

    private final BraneSanitizingFunction sanitizer = new BraneSanitizingFunction();

    @Test
    void signerHeadersAndUrlAreMaskedInEverySpelling() {
        for (String key : new String[] { "brane.signer.private-key", "brane.signer.privateKey",
                "BRANE_SIGNER_PRIVATE_KEY", "brane.signer.keystore-password", "brane.signer.mnemonic",
                "brane.signer.mnemonic-passphrase", "brane.rpc.headers.X-Api-Key", "BRANE_RPC_HEADERS_AUTHORIZATION",
                "brane.rpc.url", "BRANE_RPC_URL", "brane.rpc.endpoints[0].url", "BRANE_RPC_ENDPOINTS_0_URL",
                "brane.rpc.endpoints[1].headers.X-Api-Key", "brane.rpc.endpoints" }) {
            assertThat(sanitize(key)).as(key).isEqualTo(SanitizableData.SANITIZED_VALUE);
        }
        for (String key : new String[] { "brane.rpc.name", "brane.rpc.ws.ring-buffer-size", "brane.signerx", "brane.rpc.endpoints[0].name",
                "spring.application.name" }) {
            assertThat(sanitize(key)).as(key).isEqualTo("value");
        }
    }

    @Test
    void urlsShowSchemeHostAndPortOnly() {
        assertThat(BraneUrl.parse("wss://user:pw@node.example:8546/v3/KEY?x=1").redacted())
            .isEqualTo("wss://node.example:8546/<hidden>");
        assertThat(BraneUrl.parse("http://localhost:8545").redacted()).isEqualTo("http://localhost:8545");
        assertThat(BraneUrl.parse("https://node.example/").toString()).isEqualTo("https://node.example");
        assertThat(BraneUrl.parse("WS://node.example").webSocket()).isTrue();
    }

    @Test
    void missingAnvilIsExplained() {
        String report = FailureAnalysisSupport.report(new AnvilNotFoundException("No Anvil binary found"));
        assertThat(report).contains("brane.devnet.enabled", "No Anvil binary found", "ANVIL_BIN",
                "brane.rpc.url");
    }

    private Object sanitize(String key) {
        return this.sanitizer.apply(new SanitizableData(null, key, "value")).getValue();
    }
}
