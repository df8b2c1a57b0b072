package sh.brane.example;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.DevAccount;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code node} profile over WebSocket with the node down at start-up: the service starts anyway (start-up
 * does not wait for the node), health is DOWN; once the node comes up the provider connects by itself, health
 * turns UP and the heads stream opens (the heartbeat retries the subscription); until then it answers 503.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("node")
@DirtiesContext
class NodeUpLaterTest {

    private static int nodePort;

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void nodeNotYetUp(DynamicPropertyRegistry registry) throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            nodePort = socket.getLocalPort();
        }
        registry.add("brane.rpc.url", () -> "ws://127.0.0.1:" + nodePort);
        registry.add("brane.rpc.ws.reconnect-initial-backoff", () -> "50ms");
        registry.add("brane.rpc.ws.reconnect-max-backoff", () -> "200ms");
        registry.add("brane.signer.private-key", () -> DevAccount.defaults().get(0).privateKey());
        // a signer signs for one pinned chain (Anvil's), and the node profile's write API needs its credential
        registry.add("brane.rpc.expected-chain-id", () -> "31337");
        registry.add("app.api.password", () -> "node-up-later-test-password");
        registry.add("app.token.address", () -> "0x5FbDB2315678afecb367f032d93F642f64180aa3");
        registry.add("app.traffic.enabled", () -> "false");
        registry.add("app.heads.heartbeat-interval", () -> "200ms");
    }

    @Test
    void startsWithoutItsNodeAndConnectsWhenItComesUp() throws Exception {
        Http http = new Http(port);
        Http.Response health = http.get("/actuator/health");
        assertThat(health.status()).as(health.toString()).isEqualTo(503);
        // the heads stream waits for the node: 503 (try again), not 501 (never); named by endpoint, not address
        Http.Response notYet = http.get("/api/heads");
        ApiIntegrationTest.assertProblem(notYet, 503, "'default' has been unreachable since start-up");
        assertThat(notYet.toString()).doesNotContain("127.0.0.1").doesNotContain(Integer.toString(nodePort));
        try (Anvil node = Anvil.builder().port(nodePort).start()) {
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (http.get("/actuator/health").status() != 200 && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertThat(http.get("/actuator/health").status()).isEqualTo(200);
            assertThat(ApiIntegrationTest.ok(http.get("/api/chain")).get("chainId").asLong()).isEqualTo(31337);
            int heads = 0;
            while (heads != 200 && System.nanoTime() < deadline) {
                var stream = http.stream("/api/heads");
                heads = stream.statusCode();
                stream.body().close();
                Thread.sleep(100);
            }
            assertThat(heads).isEqualTo(200);
        }
    }
}
