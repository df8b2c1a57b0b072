package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@link HttpConfig.Builder#requestHeaders}: headers asked for on the caller's thread when a call is made (a trace
 * context, in the Spring starter) go out with that call's HTTP request, on both transports; a batch carries its
 * first call's; a bad one fails the call that asked for it.
 */
class HttpRequestHeadersTest {

    /** What the caller's thread holds, as a tracer's current span would be. */
    private static final ThreadLocal<String> CURRENT = new ThreadLocal<>();

    private static final RawHttpServer.Responder ECHO = (req, out, n) -> {
        JsonNode json = req.json();
        StringBuilder b = new StringBuilder(json.isArray() ? "[" : "");
        for (JsonNode call : json.isArray() ? json : List.of(json)) {
            b.append(b.length() > 1 ? "," : "").append(RawHttpServer.result(call.get("id").asLong(), "0x1"));
        }
        out.write(RawHttpServer.ok(json.isArray() ? b.append(']').toString() : b.toString()));
        return RawHttpServer.After.KEEP_OPEN;
    };

    private static HttpConfig.Builder traced(String url) {
        return HttpConfig.builder(url).header("X-Api-Key", "k")
                .requestHeaders(() -> CURRENT.get() == null ? null : Map.of("traceparent", CURRENT.get()));
    }

    @Test
    void eachCallCarriesTheHeadersOfTheThreadThatMadeIt() throws Exception {
        for (HttpClient.Version version : List.of(HttpClient.Version.HTTP_1_1, HttpClient.Version.HTTP_2)) {
            try (RawHttpServer server = new RawHttpServer(ECHO);
                 HttpProvider p = HttpProvider.create(traced(server.url()).version(version).build())) {
                CURRENT.set("00-aaaa-01");
                p.send("eth_chainId", List.of());
                CURRENT.set("00-bbbb-01");
                p.sendAsync("eth_chainId", List.of()).get(5, TimeUnit.SECONDS);
                CURRENT.remove();
                p.sendAsync("eth_chainId", List.of(), Duration.ofSeconds(5)).get(5, TimeUnit.SECONDS);
                assertThat(server.requests).as(version.toString()).extracting(r -> r.headers().get("traceparent"))
                        .containsExactly("00-aaaa-01", "00-bbbb-01", null);
                assertThat(server.requests).allSatisfy(r -> assertThat(r.headers()).containsEntry("x-api-key", "k"));
            } finally {
                CURRENT.remove();
            }
        }
    }

    @Test
    void aGatheredBatchCarriesItsFirstCallsHeaders() throws Exception {
        try (RawHttpServer server = new RawHttpServer(ECHO);
             HttpProvider p = HttpProvider.create(traced(server.url()).maxBatchSize(2)
                     .batchWindow(Duration.ofSeconds(1)).build())) {
            // a full batch leaves at once, on the second caller's thread, with the first call's trace
            CURRENT.set("00-first-01");
            CompletableFuture<JsonNode> first = p.sendAsyncBatch("eth_chainId", List.of());
            CURRENT.set("00-second-01");
            CompletableFuture<JsonNode> second = p.sendAsyncBatch("eth_blockNumber", List.of());
            CompletableFuture.allOf(first, second).get(5, TimeUnit.SECONDS);
            CURRENT.set("00-explicit-01");
            // awaited too: the server records a request when it reads it, so an unawaited one may come late
            for (CompletableFuture<JsonNode> f : p.sendBatch(List.of(new RpcCall("eth_chainId", List.of()),
                    new RpcCall("eth_gasPrice", List.of())))) {
                f.get(5, TimeUnit.SECONDS);
            }
            for (CompletableFuture<JsonNode> f : p.sendBatch(List.of(new RpcCall("eth_chainId", List.of()),
                    new RpcCall("eth_gasPrice", List.of())))) {
                f.get(5, TimeUnit.SECONDS);
            }
            assertThat(server.requests).hasSize(3).allSatisfy(r -> assertThat(r.json().size()).isEqualTo(2))
                    .extracting(r -> r.headers().get("traceparent"))
                    .containsExactly("00-first-01", "00-explicit-01", "00-explicit-01");
        } finally {
            CURRENT.remove();
        }
    }

    @Test
    void aHeaderThatWouldBreakTheRequestFailsItsCallAtOnce() throws Exception {
        try (RawHttpServer server = new RawHttpServer(ECHO);
             HttpProvider p = HttpProvider.create(traced(server.url()).build())) {
            CURRENT.set("line\r\nX-Injected: 1");
            assertThatThrownBy(() -> p.sendAsync("eth_chainId", List.of()))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("traceparent")
                    .hasMessageNotContaining("X-Injected");
            CURRENT.remove();
            try (HttpProvider again = HttpProvider.create(HttpConfig.builder(server.url()).header("X-Api-Key", "k")
                    .requestHeaders(() -> Map.of("x-api-key", "other")).build())) {
                assertThatThrownBy(() -> again.send("eth_chainId", List.of()))
                        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("configured");
            }
            assertThat(p.sendAsync("eth_chainId", List.of()).get(5, TimeUnit.SECONDS).asString()).isEqualTo("0x1");
            assertThat(server.requests).singleElement()
                    .satisfies(r -> assertThat(r.headers()).doesNotContainKey("traceparent"));
        } finally {
            CURRENT.remove();
        }
    }
}
