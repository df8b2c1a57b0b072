package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static sh.brane.rpc.WebSocketProviderTest.await;
import static sh.brane.rpc.WebSocketProviderTest.failureOf;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

import sh.brane.rpc.http.HttpExchange;

class FallbackProviderTest {

    /** A loopback JSON-RPC endpoint that is healthy, answers 503, drops connections, or serves chain 1. */
    static final class Node implements AutoCloseable {
        final HttpServer server;
        final AtomicInteger calls = new AtomicInteger();
        final List<String> methods = new java.util.concurrent.CopyOnWriteArrayList<>();
        volatile String mode = "ok";

        Node() throws IOException {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
            server.createContext("/", ex -> {
                try (ex) {
                    JsonNode body = TestWsServer.JSON.readTree(ex.getRequestBody().readAllBytes());
                    calls.incrementAndGet();
                    methods.add(body.path("method").asString());
                    switch (mode) {
                        case "503" -> HttpProviderTest.json(ex, 503, "{}");
                        case "drop" -> throw new IOException("simulated crash");
                        case "hang" -> sleepQuietly(10_000);
                        case "otherchain" -> {
                            if ("eth_chainId".equals(body.path("method").asString())) {
                                HttpProviderTest.json(ex, 200, TestWsServer.result(body,
                                        TestWsServer.JSON.getNodeFactory().stringNode("0x1")).toString());
                            } else {
                                answer(ex, body);
                            }
                        }
                        case "slow" -> {
                            sleepQuietly(5);
                            answer(ex, body);
                        }
                        default -> answer(ex, body);
                    }
                }
            });
            server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
            server.start();
        }

        /** The usual answers, and a transaction hash for a submission. */
        private static void answer(com.sun.net.httpserver.HttpExchange ex, JsonNode body) throws IOException {
            if ("eth_sendRawTransaction".equals(body.path("method").asString())) {
                HttpProviderTest.json(ex, 200, TestWsServer.result(body,
                        TestWsServer.JSON.getNodeFactory().stringNode("0x" + "ab".repeat(32))).toString());
            } else {
                HttpProviderTest.ANSWER.handle(ex, body, 0);
            }
        }

        HttpProvider provider() {
            return HttpProvider.create(HttpConfig.builder("http://127.0.0.1:" + server.getAddress().getPort())
                    .maxRetries(0).requestTimeout(Duration.ofSeconds(2)).build());
        }

        @Override
        public void close() {
            server.stop(0);
        }
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @RegisterExtension
    final TestResources toClose = new TestResources();

    private Node node() throws IOException {
        Node n = new Node();
        toClose.add(n);
        return n;
    }

    @Test
    void failingEndpointIsSkippedTakenOutAndProbedBackIn() throws Exception {
        Node a = node();
        Node b = node();
        a.mode = "503";
        // Threshold 1: after one failure the scoring steers calls to b, so with a higher threshold whether a is
        // ever tried again (and taken out) would depend on b's measured latency, i.e. on machine load.
        FallbackProvider p = FallbackProvider.builder().add(a.provider()).add(b.provider())
                .failureThreshold(1).probeInterval(Duration.ofMillis(100)).build();
        toClose.add(p);
        // the calls use a method the prober never sends: a's count of them is then the calls that reached it,
        // whatever number of eth_chainId probes a slow machine lets the prober make meanwhile
        for (int i = 0; i < 5; i++) {
            assertThat(p.send("echo", List.of("x" + i)).get(0).asString()).isEqualTo("x" + i);
        }
        assertThat(p.isHealthy(0)).isFalse();
        assertThat(p.isHealthy(1)).isTrue();
        long aCallsWhileDown = a.methods.stream().filter("echo"::equals).count();
        assertThat(aCallsWhileDown).isBetween(1L, 4L);

        a.mode = "ok";
        await(() -> p.isHealthy(0), "probe brought endpoint 0 back");
        assertThat(a.methods).contains("eth_chainId");
    }

    @Test
    void aCallTimeoutCoversEveryEndpointItIsTriedOn() throws Exception {
        Node a = node();
        Node b = node();
        a.mode = "drop";
        b.mode = "hang";
        TimeoutRecorder second = new TimeoutRecorder(b.provider());
        FallbackProvider p = FallbackProvider.create(a.provider(), second);
        toClose.add(p);
        Throwable e = failureOf(p.sendAsync("eth_blockNumber", List.of(), Duration.ofSeconds(1)), 1900);
        assertThat(e).isInstanceOf(RpcTimeoutException.class);
        assertThat(a.calls.get()).isEqualTo(1);
        assertThat(b.calls.get()).isEqualTo(1);
        // b got what was left of the second after a failed, not a fresh second
        assertThat(second.timeouts).singleElement()
                .satisfies(t -> assertThat(t).isPositive().isLessThan(Duration.ofSeconds(1)));
    }

    /** Passes calls on, remembering the per-call timeout each one was given. */
    private static final class TimeoutRecorder implements BraneProvider {
        final List<Duration> timeouts = new java.util.concurrent.CopyOnWriteArrayList<>();
        private final BraneProvider target;

        TimeoutRecorder(BraneProvider target) {
            this.target = target;
        }

        @Override public java.util.concurrent.CompletableFuture<JsonNode> sendAsync(String m, List<?> params) {
            return target.sendAsync(m, params);
        }
        @Override public java.util.concurrent.CompletableFuture<JsonNode> sendAsync(String m, List<?> params, Duration t) {
            timeouts.add(t);
            return target.sendAsync(m, params, t);
        }
        @Override public java.util.concurrent.CompletableFuture<JsonNode> sendAsyncBatch(String m, List<?> params) {
            return target.sendAsyncBatch(m, params);
        }
        @Override public List<java.util.concurrent.CompletableFuture<JsonNode>> sendBatch(List<RpcCall> calls) {
            return target.sendBatch(calls);
        }
        @Override public java.util.concurrent.CompletableFuture<Subscription> subscribe(List<?> params, SubscriptionListener l) {
            return target.subscribe(params, l);
        }
        @Override public java.util.concurrent.CompletableFuture<Boolean> unsubscribe(Subscription s) {
            return target.unsubscribe(s);
        }
        @Override public void setMetrics(BraneMetrics metrics) {
            target.setMetrics(metrics);
        }
        @Override public int pendingRequests() {
            return target.pendingRequests();
        }
        @Override public void close() {
            target.close();
        }
    }

    @Test
    void noEndpointIsTriedOnceTheCallTimedOut() throws Exception {
        Node a = node();
        Node b = node();
        a.mode = "hang";
        b.mode = "hang";
        FallbackProvider p = FallbackProvider.builder().add(a.provider()).add(b.provider())
                .requestTimeout(Duration.ofMillis(500)).build();
        toClose.add(p);
        Throwable e = failureOf(p.sendAsync("eth_blockNumber", List.of()), 1900);
        assertThat(e).isInstanceOf(RpcTimeoutException.class);
        assertThat(a.calls.get() + b.calls.get()).isEqualTo(1);
    }

    @Test
    void transactionSubmissionIsNotRepeatedOnAnotherEndpoint() throws Exception {
        Node a = node();
        Node b = node();
        a.mode = "drop";
        b.mode = "drop";
        FallbackProvider p = FallbackProvider.create(a.provider(), b.provider());
        toClose.add(p);
        Throwable e = failureOf(p.sendAsync("eth_sendRawTransaction", List.of("0x02")), 3000);
        assertThat(e).isInstanceOf(ConnectionLostException.class);
        assertThat(a.calls.get() + b.calls.get()).isEqualTo(1);
        // a read is tried on every endpoint
        assertThat(failureOf(p.sendAsync("eth_blockNumber", List.of()), 3000)).isInstanceOf(ConnectionLostException.class);
        assertThat(a.calls.get() + b.calls.get()).isEqualTo(3);
    }

    @Test
    void rpcErrorsAreAnswersNotFailovers() throws Exception {
        Node a = node();
        Node b = node();
        FallbackProvider p = FallbackProvider.create(a.provider(), b.provider());
        toClose.add(p);
        assertThatThrownBy(() -> p.send("fail", List.of())).isInstanceOf(RpcErrorException.class);
        assertThat(a.calls.get() + b.calls.get()).isEqualTo(1);
        assertThat(p.isHealthy(0)).isTrue();
        assertThat(p.isHealthy(1)).isTrue();
    }

    @Test
    void validation() {
        assertThatThrownBy(() -> FallbackProvider.builder().build()).hasMessageContaining("at least one provider");
        try (HttpProvider http = HttpProvider.create("http://127.0.0.1:1")) {
            assertThatThrownBy(() -> FallbackProvider.builder().add(http).failureThreshold(0).build())
                    .hasMessage("failureThreshold must be between 1 and 1000, got 0");
        }
    }
}
