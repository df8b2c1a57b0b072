package sh.brane.example;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.test.AutoConfigureBrane;
import sh.brane.example.token.TokenService;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static sh.brane.example.ApiIntegrationTest.assertProblem;

/**
 * The dev node dies under the running service: every endpoint that needs it answers 503 and health goes DOWN;
 * when it comes back the service reconnects by itself and answers again.
 */
@AutoConfigureBrane(devnet = true)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "app.traffic.enabled=false")
@DirtiesContext
class NodeStoppedTest {

    private static final String ACCOUNT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

    @org.springframework.beans.factory.annotation.Value("${app.api.password}")
    String password;

    @LocalServerPort
    int port;

    @Autowired
    Anvil anvil;

    @Autowired
    TokenService tokens;

    @Test
    void everyNodeBackedEndpointAnswers503WhenTheNodeIsStopped() {
        Http http = new Http(port).withBasicAuth("payments", password);
        assertThat(http.get("/api/chain").status()).isEqualTo(200);

        anvil.stop();

        JsonNode problem = assertProblem(http.get("/api/chain"), 503, "");
        assertThat(problem.get("title").asString()).isEqualTo("Ethereum node unavailable");
        // the body names the configured endpoint, never the node's host and port
        assertThat(problem.get("detail").asString()).contains("'default'").doesNotContain("127.0.0.1");
        assertThat(problem.get("type").asString()).endsWith("/node-unavailable");
        assertProblem(http.get("/api/accounts/" + ACCOUNT), 503, "");
        assertProblem(http.get("/api/tokens/" + tokens.address() + "/balances/" + ACCOUNT), 503, "");
        assertProblem(http.post("/api/transfers", "{\"to\":\"" + ACCOUNT + "\",\"amount\":\"1\"}"), 503, "");
        assertProblem(http.get("/api/transfers/0x" + "ab".repeat(32)), 503, "");
        // malformed input is still a 400: validation does not need the node
        assertProblem(http.post("/api/transfers", "{\"to\":\"" + ACCOUNT + "\",\"amount\":\"x\"}"), 400, "amount");

        Http.Response health = http.get("/actuator/health");
        assertThat(health.status()).as(health.toString()).isEqualTo(503);
        assertThat(health.json().get("components").get("brane").get("status").asString()).isEqualTo("DOWN");

        JsonNode dashboard = http.get("/api/dashboard").json();
        assertThat(dashboard.get("connection").asString()).isEqualTo("RECONNECTING");

        // the node comes back on the same port as a fresh chain (a new genesis block): the service reconnects by
        // itself, reads answer again, and signing stays refused because the journal belongs to the old chain
        anvil.restart();
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        Http.Response chain = http.get("/api/chain");
        while (chain.status() != 200 && System.nanoTime() < deadline) {
            sleep(200);
            chain = http.get("/api/chain");
        }
        assertThat(chain.status()).as(chain.toString()).isEqualTo(200);
        assertThat(chain.json().get("connection").asString()).isEqualTo("CONNECTED");
        JsonNode after = http.get("/api/dashboard").json();
        assertThat(after.get("reconnects").asDouble()).isGreaterThanOrEqualTo(1);
        Http.Response refused = http.get("/actuator/health");
        while (!refused.toString().contains("\"signing\"") && System.nanoTime() < deadline) {
            sleep(200);
            refused = http.get("/actuator/health");
        }
        assertThat(refused.status()).as(refused.toString()).isEqualTo(503);
        JsonNode brane = refused.json().get("components").get("brane");
        assertThat(brane.toString()).as("health names the other chain").contains("genesis block")
                .contains("\"signing\":\"refused\"");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
