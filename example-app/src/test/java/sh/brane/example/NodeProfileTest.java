package sh.brane.example;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import sh.brane.core.crypto.Keystore;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.DevAccount;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static sh.brane.example.ApiIntegrationTest.ok;

/**
 * The {@code node} profile against a node the app did not start (an Anvil of the test's own), signing with a
 * keystore file and its password, over a fallback list (WebSocket, then HTTP): the token is deployed by, and payments come from, the keystore's account.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("node")
@DirtiesContext
class NodeProfileTest {

    private static final DevAccount PAYER = DevAccount.defaults().get(2);
    private static Anvil node;

    static final String API_PASSWORD = "test-only-api-password-0123";

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void externalNode(DynamicPropertyRegistry registry) throws IOException {
        node = Anvil.start();
        Path keystore = Files.createTempFile("brane-example-keystore", ".json");
        keystore.toFile().deleteOnExit();
        // light scrypt keeps the test quick; real keystores use Keystore.Kdf.STANDARD
        Files.writeString(keystore, Keystore.encrypt(PrivateKey.fromHex(PAYER.privateKey()),
                "correct horse".toCharArray(), Keystore.Kdf.LIGHT, new SecureRandom()));
        // the profile takes a fallback list as well as one URL
        registry.add("brane.rpc.endpoints[0].name", () -> "primary");
        registry.add("brane.rpc.endpoints[0].url", node::wsUrl);
        registry.add("brane.rpc.endpoints[1].name", () -> "backup");
        registry.add("brane.rpc.endpoints[1].url", node::httpUrl);
        registry.add("brane.rpc.expected-chain-id", () -> String.valueOf(node.chainId()));
        registry.add("brane.signer.keystore", () -> "file:" + keystore);
        registry.add("brane.signer.keystore-password", () -> "correct horse");
        registry.add("app.traffic.enabled", () -> "false");
        // the node profile has no default API password
        registry.add("app.api.password", () -> API_PASSWORD);
    }

    @AfterAll
    static void stopNode() {
        if (node != null) {
            node.close();
        }
    }

    @Test
    void paysFromTheKeystoreAccountOnTheConfiguredNode() {
        Http http = new Http(port).withBasicAuth("payments", API_PASSWORD);
        JsonNode chain = ok(http.get("/api/chain"));
        assertThat(chain.get("chainId").asLong()).isEqualTo(node.chainId());

        String token = ok(http.get("/api/tokens")).get("address").asString();
        JsonNode minted = ok(http.get("/api/tokens/" + token + "/balances/" + PAYER.address()));
        assertThat(minted.get("formatted").asString()).isEqualTo("1000000");

        Http.Response r = http.post("/api/transfers",
                "{\"to\":\"0x70997970C51812dc3A010C7d01b50e0d17dc79C8\",\"amount\":\"1\",\"token\":\"" + token + "\"}");
        assertThat(r.status()).as(r.toString()).isEqualTo(202);
        assertThat(r.json().get("from").asString()).isEqualToIgnoringCase(PAYER.address());
    }
}
