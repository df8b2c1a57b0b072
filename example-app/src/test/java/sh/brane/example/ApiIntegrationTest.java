package sh.brane.example;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.math.BigInteger;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.devnet.test.AutoConfigureBrane;
import sh.brane.example.token.TokenService;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** Every endpoint of the service, over HTTP, against the development Anvil the app starts by itself. */
@AutoConfigureBrane(devnet = true)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "app.heads.heartbeat-interval=300ms")
class ApiIntegrationTest {

    @Autowired
    sh.brane.spring.boot.autoconfigure.devnet.DevNode devNode;

    /** Anvil's second well-known dev account: funded with 10,000 ETH, never used by the app itself. */
    private static final String DEV_ACCOUNT_1 = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    private static final String SIGNER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

    @LocalServerPort
    int port;

    @Autowired
    TokenService tokens;

    @Autowired
    sh.brane.client.tx.TransactionStore journal;

    @org.springframework.beans.factory.annotation.Value("${app.api.password}")
    String password;

    /** A client with the API credential (payments need it; ApiProtectionTest covers the refusals). */
    private Http http() {
        return new Http(port).withBasicAuth("payments", password);
    }

    private static String freshAddress() {
        return PrivateKey.random(new java.security.SecureRandom()).address().toChecksumString();
    }

    @Test
    void chainReportsTheDevNode() {
        JsonNode chain = ok(http().get("/api/chain"));
        assertThat(chain.get("chainId").asLong()).isEqualTo(31337);
        assertThat(chain.get("latestBlock").asLong()).isPositive();
        assertThat(chain.get("latestBlockHash").asString()).matches("0x[0-9a-f]{64}");
        assertThat(new BigInteger(chain.get("baseFeePerGas").asString())).isPositive();
        assertThat(chain.get("connection").asString()).isEqualTo("CONNECTED");
    }

    @Test
    void accountShowsBalanceAndNonce() {
        JsonNode account = ok(http().get("/api/accounts/" + DEV_ACCOUNT_1.toLowerCase()));
        assertThat(account.get("address").asString()).isEqualTo(DEV_ACCOUNT_1);
        assertThat(account.get("balanceEther").asString()).isEqualTo("10000");
        assertThat(account.get("balanceWei").asString()).isEqualTo("10000000000000000000000");
        assertThat(account.get("nonce").asLong()).isZero();
    }

    @Test
    void malformedAddressIsA400SayingWhy() {
        Http.Response r = http().get("/api/accounts/0x12345");
        assertProblem(r, 400, "address must be 0x followed by 40 hex digits");
        assertProblem(http().get("/api/accounts/0x70997970C51812dc3A010C7d01b50e0d17dc79CZ"), 400, "address");
        assertProblem(http().get("/api/tokens/nope/balances/" + DEV_ACCOUNT_1), 400, "address");
    }

    @Test
    void tokenIsDeployedAndBalancesDecode() {
        JsonNode token = ok(http().get("/api/tokens"));
        assertThat(token.get("address").asString()).isEqualTo(tokens.address().toChecksumString());
        assertThat(token.get("symbol").asString()).isEqualTo("BET");
        assertThat(token.get("decimals").asInt()).isEqualTo(18);

        JsonNode empty = ok(http().get("/api/tokens/" + tokens.address() + "/balances/" + freshAddress()));
        assertThat(empty.get("balance").asString()).isEqualTo("0");

        // the signer got the whole supply; other tests may have moved some away since
        JsonNode signer = ok(http().get("/api/tokens/" + tokens.address() + "/balances/" + SIGNER));
        assertThat(new BigInteger(signer.get("balance").asString())).isPositive()
                .isLessThanOrEqualTo(new BigInteger("1000000000000000000000000"));
        assertThat(signer.get("symbol").asString()).isEqualTo("BET");
    }

    @Test
    void balanceOfAnAddressWithoutContractIs404() {
        assertProblem(http().get("/api/tokens/" + freshAddress() + "/balances/" + SIGNER), 404, "no ERC-20 token");
    }

    @Test
    void etherTransferIsSignedSentAndMined() {
        String to = freshAddress();
        Http.Response r = http().post("/api/transfers", "{\"to\":\"" + to + "\",\"amount\":\"0.25\"}");
        assertThat(r.status()).as(r.toString()).isEqualTo(202);
        String hash = r.json().get("hash").asString();
        assertThat(hash).matches("0x[0-9a-f]{64}");
        assertThat(r.json().get("from").asString()).isEqualTo(SIGNER);

        JsonNode receipt = awaitMined(hash);
        assertThat(receipt.get("status").asString()).isEqualTo("SUCCESS");
        assertThat(receipt.get("to").asString()).isEqualToIgnoringCase(to);
        assertThat(receipt.get("gasUsed").asLong()).isEqualTo(21000);
        assertThat(receipt.get("events")).isEmpty();
        assertThat(ok(http().get("/api/accounts/" + to)).get("balanceWei").asString())
                .isEqualTo("250000000000000000");
        // journalled in the default profile's H2 file database before it was broadcast
        assertThat(journal.isDurable()).isTrue();
        assertThat(journal.find(sh.brane.core.types.Hash.of(hash))).get()
                .satisfies(e -> assertThat(e.from().toChecksumString()).isEqualTo(SIGNER));
    }

    @Test
    void tokenTransferEmitsADecodedTransferEvent() {
        String to = freshAddress();
        Http.Response r = http().post("/api/transfers",
                "{\"to\":\"" + to + "\",\"amount\":\"12.5\",\"token\":\"" + tokens.address() + "\"}");
        assertThat(r.status()).as(r.toString()).isEqualTo(202);
        JsonNode receipt = awaitMined(r.json().get("hash").asString());
        assertThat(receipt.get("status").asString()).isEqualTo("SUCCESS");
        assertThat(receipt.get("events")).hasSize(1);
        JsonNode event = receipt.get("events").get(0);
        assertThat(event.get("event").asString()).isEqualTo("Transfer");
        assertThat(event.get("address").asString()).isEqualTo(tokens.address().toChecksumString());
        assertThat(event.get("args").get("from").asString()).isEqualTo(SIGNER);
        assertThat(event.get("args").get("to").asString()).isEqualTo(to);
        assertThat(event.get("args").get("value").asString()).isEqualTo("12500000000000000000");

        JsonNode balance = ok(http().get("/api/tokens/" + tokens.address() + "/balances/" + to));
        assertThat(balance.get("balance").asString()).isEqualTo("12500000000000000000");
        assertThat(balance.get("formatted").asString()).isEqualTo("12.5");
    }

    @Test
    void malformedTransfersAre400sSayingWhatIsWrong() {
        String to = freshAddress();
        assertProblem(http().post("/api/transfers", "{\"to\":\"" + to + "\",\"amount\":\"abc\"}"), 400,
                "'amount' \"abc\" is not a decimal number");
        assertProblem(http().post("/api/transfers", "{\"to\":\"" + to + "\",\"amount\":\"-1\"}"), 400,
                "invalid character '-' at index 0");
        assertProblem(http().post("/api/transfers", "{\"to\":\"" + to + "\",\"amount\":\"0.0\"}"), 400,
                "must be greater than 0");
        assertProblem(http().post("/api/transfers", "{\"to\":\"" + to + "\",\"amount\":\"0.0000000000000000001\"}"),
                400, "more than 18 decimal places");
        assertProblem(http().post("/api/transfers", "{\"to\":\"" + to + "\",\"amount\":\"1e999999999\"}"), 400,
                "invalid character 'e' at index 1");
        assertProblem(http().post("/api/transfers", "{\"to\":\"" + to + "\",\"amount\":\"" + "9".repeat(78) + "\"}"),
                400, "is too large");
        assertProblem(http().post("/api/transfers", "{\"to\":\"" + to + "\"}"), 400, "'amount' is missing");
        assertProblem(http().post("/api/transfers", ""), 400, "request body");
        assertProblem(http().post("/api/transfers", "{\"to\":\"0x1234\",\"amount\":\"1\"}"), 400,
                "'to' is not a valid address");
        assertProblem(http().post("/api/transfers", "{\"to\":\"" + to + "\",\"amount\":\"1\",\"token\":\"0xnope\"}"),
                400, "'token' is not a valid address");
        assertProblem(http().post("/api/transfers", "{\"to\": \"0x"), 400, "JSON");
    }

    @Test
    void tokenTransferBeyondTheBalanceIs422WithTheDecodedCustomError() {
        Http.Response r = http().post("/api/transfers", "{\"to\":\"" + freshAddress()
                + "\",\"amount\":\"2000000\",\"token\":\"" + tokens.address() + "\"}");
        JsonNode problem = assertProblem(r, 422, "InsufficientBalance");
        JsonNode revert = problem.get("revert");
        assertThat(revert.get("kind").asString()).isEqualTo("CustomError");
        assertThat(revert.get("name").asString()).isEqualTo("InsufficientBalance");
        assertThat(revert.get("args").get("from").asString()).isEqualTo(SIGNER);
        assertThat(revert.get("args").get("needed").asString()).isEqualTo("2000000000000000000000000");
    }

    /** Refused by the service before the token's own check (which reverts with a message) is reached. */
    @Test
    void tokenTransferToTheZeroAddressIs400BeforeAnythingIsEstimated() {
        Http.Response r = http().post("/api/transfers", "{\"to\":\"0x0000000000000000000000000000000000000000\","
                + "\"amount\":\"1\",\"token\":\"" + tokens.address() + "\"}");
        assertProblem(r, 400, "'to' is the zero address");
    }

    @Test
    void etherTransferBeyondTheBalanceIs422InsufficientFunds() {
        Http.Response r = http().post("/api/transfers", "{\"to\":\"" + freshAddress() + "\",\"amount\":\"50000\"}");
        JsonNode problem = assertProblem(r, 422, "holds");
        assertThat(problem.get("title").asString()).contains("insufficient funds");
        assertThat(problem.get("reason").asString()).contains(SIGNER);
    }

    @Test
    void unknownAndMalformedTransactionHashes() {
        assertProblem(http().get("/api/transfers/0x" + "ab".repeat(32)), 404, "knows no transaction");
        assertProblem(http().get("/api/transfers/0x1234"), 400, "not a transaction hash");
    }

    @Test
    void headsStreamNewBlocksAsServerSentEvents() throws Exception {
        HttpResponse<java.io.InputStream> response = http().stream("/api/heads");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type").orElse("")).startsWith("text/event-stream");
        List<Long> numbers = new ArrayList<>();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            String line;
            // the first head is the latest known; then the test mines (the typed DevNode, no raw evm_mine) rather
            // than wait for the dev node's one block a second
            String event = null;
            while (numbers.size() < 3 && (line = lines.readLine()) != null) {
                if (line.startsWith("event:")) {
                    event = line.substring(6).trim();
                }
                // heartbeats come in between (every 300 ms here)
                else if (line.startsWith("data:") && "head".equals(event)) {
                    JsonNode head = new Http.Response(200, "", line.substring(5)).json();
                    assertThat(head.get("hash").asString()).matches("0x[0-9a-f]{64}");
                    numbers.add(head.get("number").asLong());
                    if (numbers.size() == 1) {
                        this.devNode.mine(2);
                    }
                }
            }
        }
        assertThat(numbers).hasSize(3).isSorted();
        assertThat(numbers.get(2)).isGreaterThan(numbers.get(0));
    }

    @Test
    void headsStreamSendsHeartbeatsAndTellsAboutAChainReset() throws Exception {
        HttpResponse<java.io.InputStream> response = http().stream("/api/heads");
        assertThat(response.statusCode()).isEqualTo(200);
        java.util.Map<String, JsonNode> seen = new java.util.HashMap<>();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            String line;
            String event = null;
            sh.brane.spring.boot.autoconfigure.devnet.DevNode.Snapshot snapshot = null;
            while (!(seen.containsKey("heartbeat") && seen.containsKey("reset")) && (line = lines.readLine()) != null) {
                if (line.startsWith("event:")) {
                    event = line.substring(6).trim();
                }
                else if (line.startsWith("data:") && event != null) {
                    seen.put(event, new Http.Response(200, "", line.substring(5)).json());
                    if (event.equals("head") && snapshot == null) {
                        // go forward, then back: the next head has a number already seen
                        snapshot = this.devNode.snapshot();
                        this.devNode.mine(2);
                        this.devNode.revert(snapshot);
                        this.devNode.mine();
                    }
                }
            }
        }
        assertThat(seen.get("heartbeat").get("latestNumber").asLong()).isPositive();
        JsonNode reset = seen.get("reset");
        assertThat(reset.get("number").asLong()).isLessThanOrEqualTo(reset.get("previousNumber").asLong());
    }

    @Test
    void dashboardJsonReportsRequestsByMethodAndTheLatestBlock() {
        JsonNode d = ok(http().get("/api/dashboard"));
        assertThat(d.get("methods").get("eth_chainId").get("count").asLong()).isPositive();
        assertThat(d.get("pendingRequests").asDouble()).isGreaterThanOrEqualTo(0);
        assertThat(d.get("ringBufferRemaining").asDouble()).isPositive();
        assertThat(d.get("reconnects").asDouble()).isZero();
        // the heads stream, plus the client's own newHeads ticker once it has waited for a receipt
        assertThat(d.get("activeSubscriptions").asDouble()).isGreaterThanOrEqualTo(1);
        assertThat(d.get("connection").asString()).isEqualTo("CONNECTED");
    }

    @Test
    void dashboardJsonCountsTheTransfersLifecycle() throws InterruptedException {
        Http.Response r = http().post("/api/transfers", "{\"to\":\"" + freshAddress() + "\",\"amount\":\"0.01\"}");
        assertThat(r.status()).as(r.toString()).isEqualTo(202);
        awaitMined(r.json().get("hash").asString());
        // confirmed after 2 blocks of the devnet's one a second
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
        JsonNode d = ok(http().get("/api/dashboard"));
        while (d.get("transactions").path("CONFIRMED").asLong(0) < 1 && System.nanoTime() < deadline) {
            Thread.sleep(200);
            d = ok(http().get("/api/dashboard"));
        }
        assertThat(d.get("transactions").get("SENT").asLong()).as(d.toString()).isPositive();
        assertThat(d.get("transactions").get("CONFIRMED").asLong()).as(d.toString()).isPositive();
        assertThat(d.get("strandedTransactions").isNull() || d.get("strandedTransactions").asDouble() >= 0).isTrue();
    }

    @Test
    void actuatorShowsBraneHealthMetricsAndPrometheus() {
        JsonNode health = ok(http().get("/actuator/health"));
        assertThat(health.get("status").asString()).isEqualTo("UP");
        assertThat(health.get("components").get("brane").get("status").asString()).isEqualTo("UP");

        http().get("/api/chain");
        JsonNode timer = ok(http().get("/actuator/metrics/brane.rpc.requests?tag=method:eth_chainId"));
        assertThat(timer.get("measurements").get(0).get("value").asDouble()).isPositive();
        ok(http().get("/actuator/metrics/brane.rpc.requests.pending"));
        ok(http().get("/actuator/metrics/brane.ws.ringbuffer.remaining"));

        Http.Response prometheus = http().get("/actuator/prometheus");
        assertThat(prometheus.status()).isEqualTo(200);
        assertThat(prometheus.body()).contains("brane_rpc_requests_seconds_count{").contains("application=\"brane-example\"")
                .contains("method=\"eth_chainId\"").contains("brane_rpc_requests_pending{");
    }

    @Test
    void actuatorListsTheSignersUnconfirmedTransactionsWithoutRawBytes() {
        // the brane endpoint of the transaction lifecycle: one entry per signer, read without a credential
        JsonNode brane = ok(http().get("/actuator/brane"));
        assertThat(brane.get("journal").asString()).isNotBlank();
        JsonNode signers = brane.get("signers");
        assertThat(signers.size()).isEqualTo(1);
        JsonNode account = signers.iterator().next();
        assertThat(account.get("account").asString()).isEqualToIgnoringCase(
                "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
        assertThat(account.get("chainId").asLong()).isEqualTo(31337);
        assertThat(brane.toString()).doesNotContain("raw").doesNotContain("privateKey");
    }

    @Test
    void everySeriesTheGrafanaDashboardQueriesIsScraped() throws java.io.IOException {
        JsonNode dashboard = new Http.Response(200, "", java.nio.file.Files.readString(
                java.nio.file.Path.of("dashboards", "brane-rpc.json"))).json();
        java.util.Set<String> series = new java.util.TreeSet<>();
        for (JsonNode panel : dashboard.get("panels")) {
            for (JsonNode target : panel.get("targets")) {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("brane_[a-z_]+")
                        .matcher(target.get("expr").asString());
                while (m.find()) {
                    series.add(m.group());
                }
            }
        }
        assertThat(series).contains("brane_rpc_requests_seconds_count", "brane_rpc_requests_pending",
                "brane_ws_ringbuffer_remaining", "brane_ws_reconnects_total");
        String scraped = http().get("/actuator/prometheus").body();
        for (String name : series) {
            assertThat(scraped).as("series %s of the Grafana dashboard", name).contains("\n" + name + "{");
        }
    }

    @Test
    void dashboardPageAndChartJsAreServedFromTheApp() {
        Http.Response page = http().get("/");
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.body()).contains("/webjars/chart.js/dist/chart.umd.min.js").doesNotContain("cdn");
        Http.Response chartJs = http().get("/webjars/chart.js/dist/chart.umd.min.js");
        assertThat(chartJs.status()).isEqualTo(200);
        assertThat(chartJs.body()).contains("Chart");
    }

    private JsonNode awaitMined(String hash) {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            JsonNode status = ok(http().get("/api/transfers/" + hash));
            if (!"PENDING".equals(status.get("status").asString())) {
                return status;
            }
            assertThat(System.nanoTime()).as("transaction %s still pending", hash).isLessThan(deadline);
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    static JsonNode ok(Http.Response r) {
        assertThat(r.status()).as(r.toString()).isEqualTo(200);
        return r.json();
    }

    static JsonNode assertProblem(Http.Response r, int status, String detailFragment) {
        assertThat(r.status()).as(r.toString()).isEqualTo(status);
        assertThat(r.contentType()).as(r.toString()).startsWith("application/problem+json");
        JsonNode problem = r.json();
        assertThat(problem.get("status").asInt()).isEqualTo(status);
        assertThat(problem.get("title").asString()).isNotBlank();
        assertThat(problem.get("detail").asString()).as(r.toString()).contains(detailFragment);
        return problem;
    }
}
