package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import sh.brane.rpc.core.AnswerRouter;
import sh.brane.rpc.core.InFlightTable;

/**
 * HTTP answers go through the same {@link AnswerRouter} and {@link InFlightTable} as WebSocket ones, scoped to
 * their exchange: a response that carries the id of another caller's call in flight never ends that call.
 */
class HttpAnswerScopeTest {

    @Test
    void aResponseNeverAnswersACallOfAnotherExchange() throws Exception {
        CountDownLatch firstArrived = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        HttpServer s = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
        s.createContext("/", ex -> {
            try (ex) {
                JsonNode body = TestWsServer.JSON.readTree(ex.getRequestBody().readAllBytes());
                long id = body.path("id").asLong();
                if ("first".equals(body.path("method").asString())) {
                    firstArrived.countDown();
                    release.await(5, TimeUnit.SECONDS);
                    HttpProviderTest.json(ex, 200, "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":\"mine\"}");
                } else {
                    // answers with the id of the first call, still in flight on another connection
                    HttpProviderTest.json(ex, 200, "{\"jsonrpc\":\"2.0\",\"id\":" + (id - 1) + ",\"result\":\"stolen\"}");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        s.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        s.start();
        RecordingMetrics metrics = new RecordingMetrics();
        try (HttpProvider p = HttpProvider.create(HttpConfig.builder("http://127.0.0.1:" + s.getAddress().getPort())
                .autoBatch(false).maxRetries(0).requestTimeout(Duration.ofSeconds(5)).build())) {
            p.setMetrics(metrics);
            CompletableFuture<JsonNode> first = p.sendAsync("first", List.of());
            assertThat(firstArrived.await(5, TimeUnit.SECONDS)).isTrue();
            CompletableFuture<JsonNode> second = p.sendAsync("second", List.of());

            Throwable e = WebSocketProviderTest.failureOf(second, 5000);
            assertThat(e).isInstanceOf(InvalidResponseException.class).hasMessageContaining("held no answer");
            assertThat(first).isNotDone();
            release.countDown();
            assertThat(first.get(5, TimeUnit.SECONDS).asString()).isEqualTo("mine");
            assertThat(metrics.count("orphan")).isPositive();
            assertThat(p.pendingRequests()).isZero();
        } finally {
            s.stop(0);
        }
    }
}
