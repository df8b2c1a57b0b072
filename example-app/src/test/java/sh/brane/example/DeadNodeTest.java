package sh.brane.example;

import java.io.IOException;
import java.net.ServerSocket;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import sh.brane.devnet.DevAccount;

import static org.assertj.core.api.Assertions.assertThat;
import static sh.brane.example.ApiIntegrationTest.assertProblem;

/**
 * The {@code node} profile pointed at a port where nothing listens (over HTTP, which connects per request, so the
 * service starts): reads and transfers answer 503, health is DOWN.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("node")
class DeadNodeTest {

    private static final String ACCOUNT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

    static final String API_PASSWORD = "test-only-api-password-0123";

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void deadNode(DynamicPropertyRegistry registry) throws IOException {
        int deadPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            deadPort = socket.getLocalPort();
        }
        registry.add("brane.rpc.url", () -> "http://127.0.0.1:" + deadPort);
        registry.add("brane.signer.private-key", () -> DevAccount.defaults().get(0).privateKey());
        registry.add("brane.rpc.expected-chain-id", () -> "31337");
        registry.add("app.token.address", () -> "0x5FbDB2315678afecb367f032d93F642f64180aa3");
        registry.add("app.traffic.enabled", () -> "false");
        // the node profile has no default API password
        registry.add("app.api.password", () -> API_PASSWORD);
    }

    @Test
    void endpointsAnswer503AndHealthIsDown() {
        Http http = new Http(port).withBasicAuth("payments", API_PASSWORD);
        assertProblem(http.get("/api/chain"), 503, "");
        assertProblem(http.get("/api/accounts/" + ACCOUNT), 503, "");
        assertProblem(http.post("/api/transfers", "{\"to\":\"" + ACCOUNT + "\",\"amount\":\"1\"}"), 503, "");
        // malformed input is refused before the node is asked anything, so it stays a 400
        assertProblem(http.post("/api/transfers", "{\"to\":\"" + ACCOUNT + "\",\"amount\":\"1,5\",\"token\":\""
                + "0x5FbDB2315678afecb367f032d93F642f64180aa3\"}"), 400, "not a decimal number");
        // new heads need a push channel: over HTTP the stream is refused with a problem, not an empty stream
        assertProblem(http.get("/api/heads"), 501, "WebSocket");
        Http.Response health = http.get("/actuator/health");
        assertThat(health.status()).as(health.toString()).isEqualTo(503);
        assertThat(health.json().get("components").get("brane").get("status").asString()).isEqualTo("DOWN");
    }
}
