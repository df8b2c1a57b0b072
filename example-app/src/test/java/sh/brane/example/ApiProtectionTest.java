package sh.brane.example;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.devnet.test.AutoConfigureBrane;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static sh.brane.example.ApiIntegrationTest.assertProblem;
import static sh.brane.example.ApiIntegrationTest.ok;

/**
 * What stands between the internet and the service's key: payments need the API credential, reads do not; an
 * amount is ASCII digits and one point, nothing else; a request body is a few kilobytes at most. After every
 * refusal the recipient still holds nothing, so no transfer slipped through. Same context as
 * {@link ApiIntegrationTest} (the development Anvil the app starts).
 */
@AutoConfigureBrane(devnet = true)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ApiProtectionTest {

    @LocalServerPort
    int port;

    @Value("${app.api.username}")
    String username;

    @Value("${app.api.password}")
    String password;

    private Http anonymous() {
        return new Http(port);
    }

    private Http payer() {
        return new Http(port).withBasicAuth(username, password);
    }

    private static String freshAddress() {
        return PrivateKey.random(new java.security.SecureRandom()).address().toChecksumString();
    }

    private static String transfer(String to, String amount) {
        return "{\"to\":\"" + to + "\",\"amount\":\"" + amount + "\"}";
    }

    @Test
    void transferWithoutOrWithWrongCredentialsIs401AndSendsNothing() {
        String to = freshAddress();
        for (Http caller : new Http[] { anonymous(), new Http(port).withBasicAuth(username, password + "x"),
                new Http(port).withBasicAuth("someone", password), new Http(port).withBasicAuth(username, "") }) {
            Http.Response r = caller.post("/api/transfers", transfer(to, "1"));
            assertProblem(r, 401, "app.api");
            assertThat(r.wwwAuthenticate()).startsWith("Basic realm=");
        }
        assertNothingReached(to);
    }

    @Test
    void transferWithTheCredentialIs202() {
        String to = freshAddress();
        Http.Response r = payer().post("/api/transfers", transfer(to, "0.5"));
        assertThat(r.status()).as(r.toString()).isEqualTo(202);
    }

    @Test
    void readsTheDashboardAndHealthStayOpen() {
        Http http = anonymous();
        ok(http.get("/api/chain"));
        ok(http.get("/api/tokens"));
        ok(http.get("/api/dashboard"));
        ok(http.get("/actuator/health"));
        assertThat(http.get("/").status()).isEqualTo(200);
        assertThat(http.get("/dashboard.js").status()).isEqualTo(200);
        assertProblem(http.get("/api/transfers/0x" + "ab".repeat(32)), 404, "knows no transaction");
    }

    /** U+0660 reads like a point, so "5٠" looked like 5 and moved 50 ETH; full-width and Devanagari digits too. */
    @Test
    void digitsOfOtherScriptsAreRefusedAndSendNothing() {
        String to = freshAddress();
        assertProblem(payer().post("/api/transfers", transfer(to, "5\u0660")), 400,
                "invalid character '\\u0660' (ARABIC-INDIC DIGIT ZERO) at index 1");
        assertProblem(payer().post("/api/transfers", transfer(to, "\uFF11")), 400, "FULLWIDTH DIGIT ONE");
        assertProblem(payer().post("/api/transfers", transfer(to, "\u0967\u0966")), 400, "DEVANAGARI DIGIT ONE");
        assertProblem(payer().post("/api/transfers", transfer(to, "1e3")), 400, "invalid character 'e'");
        assertProblem(payer().post("/api/transfers", transfer(to, " 1")), 400, "invalid character ' '");
        assertProblem(payer().post("/api/transfers", transfer(to, ".5")), 400, "digits on both sides");
        assertNothingReached(to);
    }

    @Test
    void oversizedBodiesAre413WithOrWithoutContentLengthAndSendNothing() {
        String to = freshAddress();
        // valid JSON for a real transfer, padded with a megabyte of whitespace Jackson would skip
        byte[] body = ("{" + " ".repeat(1 << 20) + transfer(to, "1").substring(1)).getBytes(StandardCharsets.UTF_8);
        for (boolean chunked : new boolean[] { false, true }) {
            Http.Response r = payer().post("/api/transfers", "application/json", body, chunked);
            JsonNode problem = assertProblem(r, 413, "16384 bytes");
            assertThat(problem.get("title").asString()).isEqualTo("Request body too large");
        }
        // a body at the limit is read as before
        Http.Response small = payer().post("/api/transfers", "application/json",
                transfer(to, "1,5").getBytes(StandardCharsets.UTF_8), true);
        assertProblem(small, 400, "not a decimal number");
        assertNothingReached(to);
    }

    private void assertNothingReached(String to) {
        assertThat(ok(anonymous().get("/api/accounts/" + to)).get("balanceWei").asString()).isEqualTo("0");
    }
}
