package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;

/**
 * Auto-batching of concurrent {@code sendAsync} calls over HTTP, and typed (one-pass) answers: what goes on the
 * wire, and that every future ends, whatever the node does with the batch.
 */
class HttpAutoBatchTest {

    /** Answers each call of a batch (or a single call) with {@code "0x<id>"}. */
    private static final RawHttpServer.Responder ECHO = (req, out, n) -> {
        out.write(RawHttpServer.ok(answers(req.json(), id -> RawHttpServer.result(id, "0x" + Long.toHexString(id)))));
        return RawHttpServer.After.KEEP_OPEN;
    };

    /** A decoder of a hex string into a long, straight from the parser. */
    private static final ResultDecoder<Long> HEX = p -> {
        if (p.currentToken() != JsonToken.VALUE_STRING) {
            throw new IllegalArgumentException("expected a hex string, got " + p.currentToken());
        }
        return Long.parseLong(p.getString().substring(2), 16);
    };

    @Test
    void concurrentCallsLeaveAsFullBatchesAndEachGetsItsOwnAnswer() throws Exception {
        try (RawHttpServer server = new RawHttpServer(ECHO);
             HttpProvider p = HttpProvider.create(HttpConfig.builder(server.url()).maxBatchSize(10)
                     .autoBatchWindow(Duration.ofSeconds(1)).build())) {
            List<CompletableFuture<Long>> typed = new ArrayList<>();
            List<CompletableFuture<JsonNode>> raw = new ArrayList<>();
            for (int i = 0; i < 15; i++) {
                typed.add(p.sendAsync("eth_blockNumber", List.of(), HEX));
                raw.add(p.sendAsync("eth_chainId", List.of()));
            }
            // 30 calls, batches of 10: each full batch leaves at once, without waiting for the window
            for (int i = 0; i < 15; i++) {
                long typedId = typed.get(i).get(5, TimeUnit.SECONDS);
                JsonNode rawAnswer = raw.get(i).get(5, TimeUnit.SECONDS);
                assertThat(rawAnswer.asString()).isEqualTo("0x" + Long.toHexString(typedId + 1));
            }
            assertThat(server.requests).hasSize(3)
                    .allSatisfy(r -> assertThat(r.json().isArray() && r.json().size() == 10).isTrue());
        }
    }

    @Test
    void aLoneCallGoesOutAloneAndSwitchedOffMeansOneRequestPerCall() throws Exception {
        try (RawHttpServer server = new RawHttpServer(ECHO);
             HttpProvider on = HttpProvider.create(server.url());
             HttpProvider off = HttpProvider.create(HttpConfig.builder(server.url()).autoBatch(false).build())) {
            assertThat(on.sendAsync("eth_blockNumber", List.of(), HEX).get(5, TimeUnit.SECONDS)).isEqualTo(1);
            assertThat(server.requests).singleElement().satisfies(r -> assertThat(r.json().isObject()).isTrue());
            List<CompletableFuture<JsonNode>> fs = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                fs.add(off.sendAsync("eth_chainId", List.of()));
            }
            CompletableFuture.allOf(fs.toArray(CompletableFuture[]::new)).get(5, TimeUnit.SECONDS);
            assertThat(server.requests).hasSize(6).allSatisfy(r -> assertThat(r.json().isObject()).isTrue());
        }
    }

    @Test
    void submissionsAreNeverHeldBackNorBatched() throws Exception {
        try (RawHttpServer server = new RawHttpServer(ECHO);
             HttpProvider p = HttpProvider.create(HttpConfig.builder(server.url())
                     .autoBatchWindow(Duration.ofMillis(300)).build())) {
            CompletableFuture<JsonNode> read = p.sendAsync("eth_chainId", List.of());
            CompletableFuture<JsonNode> submission = p.sendAsync("eth_sendRawTransaction", List.of("0x01"));
            submission.get(5, TimeUnit.SECONDS);
            read.get(5, TimeUnit.SECONDS);
            assertThat(server.requests).hasSize(2).allSatisfy(r -> assertThat(r.json().isObject()).isTrue());
            assertThat(server.requests).anySatisfy(r ->
                    assertThat(r.json().get("method").asString()).isEqualTo("eth_sendRawTransaction"));
        }
    }

    @Test
    void partialBatchErrorsEndEachCallOnItsOwn() throws Exception {
        // per batch: the 1st call gets an RPC error, the 2nd no answer at all, the 3rd a value its decoder
        // rejects, the 4th a result before its id, the rest their answers
        RawHttpServer.Responder mixed = (req, out, n) -> {
            JsonNode batch = req.json();
            StringBuilder body = new StringBuilder("[");
            for (int i = 0; i < batch.size(); i++) {
                long id = batch.get(i).get("id").asLong();
                String answer = switch (i) {
                    case 0 -> "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"error\":{\"code\":-32000,\"message\":\"boom\"}}";
                    case 1 -> null;
                    case 2 -> "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":{\"deep\":[1,[2,{\"x\":3}]]}}";
                    case 3 -> "{\"result\":\"0x" + Long.toHexString(id) + "\",\"jsonrpc\":\"2.0\",\"id\":" + id + "}";
                    default -> RawHttpServer.result(id, "0x" + Long.toHexString(id));
                };
                if (answer != null) {
                    body.append(body.length() > 1 ? "," : "").append(answer);
                }
            }
            out.write(RawHttpServer.ok(body.append(']').toString()));
            return RawHttpServer.After.KEEP_OPEN;
        };
        try (RawHttpServer server = new RawHttpServer(mixed);
             HttpProvider p = HttpProvider.create(HttpConfig.builder(server.url()).maxBatchSize(6)
                     .autoBatchWindow(Duration.ofSeconds(1)).build())) {
            List<CompletableFuture<Long>> fs = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                fs.add(p.sendAsync("eth_blockNumber", List.of(), HEX));
            }
            assertFails(fs.get(0), RpcErrorException.class, "boom");
            assertFails(fs.get(1), InvalidResponseException.class, "held no answer");
            assertFails(fs.get(2), InvalidResponseException.class, "expected a hex string, got START_OBJECT");
            assertThat(fs.get(3).get(5, TimeUnit.SECONDS)).as("result before id, decoded from its tree").isPositive();
            assertThat(fs.get(4).get(5, TimeUnit.SECONDS)).isEqualTo(fs.get(3).get() + 1);
            assertThat(fs.get(5).get(5, TimeUnit.SECONDS)).isEqualTo(fs.get(3).get() + 2);
            assertThat(p.pendingRequests()).isZero();
        }
    }

    @Test
    void aLostConnectionOrASilentNodeFailsTheWholeBatch() throws Exception {
        try (RawHttpServer server = new RawHttpServer((req, out, n) -> RawHttpServer.After.CLOSE);
             HttpProvider p = HttpProvider.create(HttpConfig.builder(server.url()).maxRetries(0).maxBatchSize(4)
                     .autoBatchWindow(Duration.ofSeconds(1)).build())) {
            List<CompletableFuture<Long>> fs = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                fs.add(p.sendAsync("eth_blockNumber", List.of(), HEX));
            }
            for (CompletableFuture<Long> f : fs) {
                assertFails(f, ConnectionLostException.class, "batch of 4");
            }
        }
        try (RawHttpServer server = new RawHttpServer((req, out, n) -> RawHttpServer.After.STOP_READING);
             HttpProvider p = HttpProvider.create(HttpConfig.builder(server.url()).maxBatchSize(3)
                     .requestTimeout(Duration.ofMillis(300)).autoBatchWindow(Duration.ofSeconds(1)).build())) {
            List<CompletableFuture<JsonNode>> fs = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                fs.add(p.sendAsync("eth_chainId", List.of()));
            }
            for (CompletableFuture<JsonNode> f : fs) {
                assertFails(f, RpcTimeoutException.class, "batch of 3");
            }
        }
    }

    @Test
    void callsStillQueuedWhenTheProviderClosesFail() throws Exception {
        try (RawHttpServer server = new RawHttpServer(ECHO)) {
            HttpProvider p = HttpProvider.create(HttpConfig.builder(server.url())
                    .autoBatchWindow(Duration.ofSeconds(1)).build());
            CompletableFuture<Long> a = p.sendAsync("eth_blockNumber", List.of(), HEX);
            CompletableFuture<JsonNode> b = p.sendAsync("eth_chainId", List.of());
            p.close();
            assertFails(a, ConnectionLostException.class, "closed");
            assertFails(b, ConnectionLostException.class, "closed");
            assertThat(server.requests).isEmpty();
        }
    }

    @Test
    void theBlockingTypedFormThrowsTheTypedError() throws Exception {
        try (RawHttpServer server = new RawHttpServer((req, out, n) -> {
                out.write(RawHttpServer.ok("{\"jsonrpc\":\"2.0\",\"id\":" + req.id() + ",\"result\":[1,2]}"));
                return RawHttpServer.After.KEEP_OPEN;
            });
             HttpProvider p = HttpProvider.create(server.url())) {
            assertThatThrownBy(() -> p.send("eth_blockNumber", List.of(), HEX))
                    .isInstanceOf(InvalidResponseException.class)
                    .hasMessageContaining("eth_blockNumber (id 1): expected a hex string, got START_ARRAY");
            assertThat(p.pendingRequests()).isZero();
        }
    }

    private static void assertFails(CompletableFuture<?> f, Class<? extends Throwable> type, String message) {
        assertThatThrownBy(() -> f.get(5, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                .cause().isInstanceOf(type).hasMessageContaining(message);
    }

    private static String answers(JsonNode request, java.util.function.LongFunction<String> answer) {
        if (!request.isArray()) {
            return answer.apply(request.get("id").asLong());
        }
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < request.size(); i++) {
            b.append(i > 0 ? "," : "").append(answer.apply(request.get(i).get("id").asLong()));
        }
        return b.append(']').toString();
    }
}
