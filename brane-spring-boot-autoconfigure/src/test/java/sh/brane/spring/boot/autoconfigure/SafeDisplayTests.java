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
    void namedSignersAndPerChainSignersAndNodesAreMaskedInEverySpelling() {
        for (String key : new String[] { "brane.signers.hot.private-key", "brane.signers.hot.privateKey",
                "brane.signers.hsm.pin", "brane.signers.hsm.pkcs11.pin", "brane.signers.kms.secret-access-key",
                "BRANE_SIGNERS_HOT_MNEMONIC", "brane.signers[cold].password", "brane.signers",
                "brane.chains.mainnet.signer.private-key", "BRANE_CHAINS_MAINNET_SIGNER_KEYSTORE_PASSWORD",
                "brane.chains.mainnet.signers.hsm.pin", "brane.chains[base].signers[hot].mnemonic",
                "brane.chains.mainnet.rpc.url", "BRANE_CHAINS_MAINNET_RPC_URL", "brane.chains.base.rpc.headers.X-Api-Key",
                "brane.chains.base.rpc.endpoints[0].url", "brane.chains" }) {
            assertThat(sanitize(key)).as(key).isEqualTo(SanitizableData.SANITIZED_VALUE);
        }
        for (String key : new String[] { "brane.chains.mainnet.rpc.name", "brane.chains.mainnet.chain-id",
                "brane.signersx.a", "brane.chains.base.rpc.endpoints[0].name" }) {
            assertThat(sanitize(key)).as(key).isEqualTo("value");
        }
    }

    /** Whole blobs of configuration that carry a Brane secret inside are masked whole; others stay readable. */
    @Test
    void springApplicationJsonAndCommandLinesCarryingASecretAreMasked() {
        String secretJson = "{\"brane\":{\"signer\":{\"private-key\":\"0xabc\"}}}";
        String flatJson = "{\"brane.signers.hot.pin\":\"1234\"}";
        String arrayJson = "{\"brane\":{\"chains\":{\"main\":{\"rpc\":{\"endpoints\":[{\"url\":\"https://k\"}]}}}}}";
        for (String key : new String[] { "SPRING_APPLICATION_JSON", "spring.application.json" }) {
            assertThat(sanitize(key, secretJson)).as(key).isEqualTo(SanitizableData.SANITIZED_VALUE);
            assertThat(sanitize(key, flatJson)).as(key).isEqualTo(SanitizableData.SANITIZED_VALUE);
            assertThat(sanitize(key, arrayJson)).as(key).isEqualTo(SanitizableData.SANITIZED_VALUE);
            assertThat(sanitize(key, "{\"brane\":{\"rpc\":{\"name\":\"n\"}}}")).as(key)
                .isEqualTo("{\"brane\":{\"rpc\":{\"name\":\"n\"}}}");
            // not JSON Boot could read, so it cannot be checked: hidden rather than guessed at
            assertThat(sanitize(key, "{\"brane\": ")).as(key).isEqualTo(SanitizableData.SANITIZED_VALUE);
        }
        assertThat(sanitize("sun.java.command", "app.jar --brane.signer.private-key=0xabc --server.port=8080"))
            .isEqualTo(SanitizableData.SANITIZED_VALUE);
        assertThat(sanitize("JAVA_TOOL_OPTIONS", "-Xmx1g -Dbrane.signers.hot.pin=1234"))
            .isEqualTo(SanitizableData.SANITIZED_VALUE);
        assertThat(sanitize("JDK_JAVA_OPTIONS", "-DBRANE_SIGNER_MNEMONIC=x")).isEqualTo(SanitizableData.SANITIZED_VALUE);
        assertThat(sanitize("sun.java.command", "app.jar --server.port=8080 --brane.rpc.name=x"))
            .isEqualTo("app.jar --server.port=8080 --brane.rpc.name=x");
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
        return sanitize(key, "value");
    }

    private Object sanitize(String key, Object value) {
        return this.sanitizer.apply(new SanitizableData(null, key, value)).getValue();
    }
}
