package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** {@code sendBatchAndWait}: one batch, every future done on return, each with its own answer or error. */
class HttpBlockingBatchTest {

    private HttpServer server;
    private String url;

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
        server.createContext("/", ex -> {
            try (ex) {
                JsonNode body = TestWsServer.JSON.readTree(ex.getRequestBody().readAllBytes());
                HttpProviderTest.ANSWER.handle(ex, body, 0);
            }
        });
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
        url = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private static final List<RpcCall> CALLS = List.of(new RpcCall("eth_chainId", List.of()),
            new RpcCall("fail", List.of()), new RpcCall("echo", List.of(7)));

    private static void assertAnswers(List<CompletableFuture<JsonNode>> fs) {
        assertThat(fs).hasSize(3).allSatisfy(f -> assertThat(f).isDone());
        assertThat(fs.get(0).join().asString()).isEqualTo("0x7a69");
        assertThat(fs.get(1).exceptionNow()).isInstanceOf(RpcErrorException.class);
        assertThat(fs.get(2).join().toString()).isEqualTo("[7]");
    }

    @Test
    void onAPlatformThreadEveryCallHasEndedOnReturn() {
        try (HttpProvider p = HttpProvider.create(HttpConfig.builder(url).requestTimeout(Duration.ofSeconds(5)).build())) {
            for (int i = 0; i < 3; i++) {
                assertAnswers(p.sendBatchAndWait(CALLS));
            }
            assertThat(p.pendingRequests()).isZero();
        }
    }

    @Test
    void onAVirtualThreadAndThroughAFallbackToo() throws Exception {
        try (HttpProvider p = HttpProvider.create(HttpConfig.builder(url).requestTimeout(Duration.ofSeconds(5)).build());
             FallbackProvider f = FallbackProvider.create(p)) {
            assertAnswers(f.sendBatchAndWait(CALLS));
            CompletableFuture<List<CompletableFuture<JsonNode>>> onVirtual = new CompletableFuture<>();
            Thread.ofVirtual().start(() -> onVirtual.complete(p.sendBatchAndWait(CALLS)));
            assertAnswers(onVirtual.get(5, java.util.concurrent.TimeUnit.SECONDS));
        }
    }

    @Test
    void aClosedProviderEndsEveryCallAtOnce() {
        HttpProvider p = HttpProvider.create(HttpConfig.builder(url).build());
        p.close();
        List<CompletableFuture<JsonNode>> fs = p.sendBatchAndWait(CALLS);
        assertThat(fs).hasSize(3).allSatisfy(f -> assertThat(f.exceptionNow()).isInstanceOf(ConnectionLostException.class));
    }
}
