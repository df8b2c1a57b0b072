package sh.brane.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import sh.brane.rpc.HttpProvider;
import sh.brane.rpc.RpcCall;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Faults between an {@link HttpProvider} and a real Anvil. HTTP has no subscriptions and no long-lived
 * connection to replace; the rest of the contract is the same as on WebSocket: every request ends in time
 * with a result or a typed error, nothing stays pending, requests succeed afterwards, close() leaves no
 * thread and no leaked buffer.
 */
class HttpFaultsTest extends FaultScenarioSupport {

    @FunctionalInterface
    interface Fault {
        void apply() throws Exception;
    }

    private SteadyLoad.Report underLoad(String name, String url, Fault fault) throws Exception {
        HttpProvider p = http(name, url);
        assertRequestsSucceed(p);
        SteadyLoad load = new SteadyLoad(p, TIMEOUT, 3, account()).start();
        Thread.sleep(500);
        fault.apply();
        Thread.sleep(1000);
        SteadyLoad.Report report = assertEveryRequestEnded(load);
        System.out.println("    metrics: " + metrics.snapshot());
        assertPendingDrains(p);
        assertRequestsSucceed(p);
        closeAndAssertClean(p);
        return report;
    }

    @Test
    void nodeKilledUnderLoadAndRestartedAfterFiveSeconds() throws Exception {
        proxy = FaultProxy.raw(anvil.port());
        SteadyLoad.Report report = underLoad("killed", proxy.httpUrl(), () -> {
            anvil.stop();
            Thread.sleep(5000);
            anvil.restart();
        });
        assertThat(report.failuresByType()).isNotEmpty();
    }

    @Test
    void nodeKilledUnderLoadWithoutAProxy() throws Exception {
        SteadyLoad.Report report = underLoad("killed-direct", anvil.httpUrl(), () -> {
            anvil.stop();
            Thread.sleep(5000);
            anvil.restart();
        });
        assertThat(report.failuresByType()).isNotEmpty();
    }

    @Test
    void everyConnectionCutUnderLoad() throws Exception {
        proxy = FaultProxy.raw(anvil.port());
        underLoad("cut", proxy.httpUrl(), () -> {
            for (int i = 0; i < 3; i++) {
                proxy.cutAll();
                Thread.sleep(500);
            }
        });
    }

    @Test
    void halfOpenConnections() throws Exception {
        proxy = FaultProxy.raw(anvil.port());
        SteadyLoad.Report report = underLoad("halfopen", proxy.httpUrl(), () -> {
            proxy.stall(true);
            Thread.sleep(5000);
            proxy.stall(false);
        });
        assertThat(report.failuresByType()).containsKey("RpcTimeoutException");
    }

    @Test
    void slowNodeSendingTinySegments() throws Exception {
        proxy = FaultProxy.raw(anvil.port());
        underLoad("slow", proxy.httpUrl(), () -> {
            proxy.fragment(true);
            proxy.delay(150);
            Thread.sleep(4000);
            proxy.delay(0);
            proxy.fragment(false);
        });
    }

    @Test
    void tinySegmentsAloneLoseNothing() throws Exception {
        proxy = FaultProxy.raw(anvil.port());
        SteadyLoad.Report report = underLoad("segments", proxy.httpUrl(), () -> {
            proxy.fragment(true);
            Thread.sleep(3000);
            proxy.fragment(false);
        });
        assertThat(report.failuresByType()).as("failures with 1..7-byte segments").isEmpty();
    }

    @Test
    void garbageInsteadOfResponses() throws Exception {
        proxy = FaultProxy.raw(anvil.port());
        SteadyLoad.Report report = underLoad("garbage", proxy.httpUrl(), () -> {
            for (int i = 0; i < 5; i++) {
                proxy.corruptNextChunks(3);
                Thread.sleep(400);
            }
        });
        System.out.println("    " + report.failuresByType());
    }

    /** close() while a call waits out its retry backoff: the waiting thread must end with the provider. */
    @Test
    void closeDuringRetryBackoffLeavesNoThread() throws Exception {
        proxy = FaultProxy.raw(anvil.port());
        proxy.refuse(true);
        HttpProvider p = HttpProvider.create(sh.brane.rpc.HttpConfig.builder(proxy.httpUrl())
                .name("backoff")
                .requestTimeout(java.time.Duration.ofSeconds(60))
                .retryInitialBackoff(java.time.Duration.ofSeconds(20))
                .retryMaxBackoff(java.time.Duration.ofSeconds(30))
                .build());
        CompletableFuture<JsonNode> f = p.sendAsync("eth_chainId", List.of());
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (proxy.acceptedConnections() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        Thread.sleep(300); // the refused attempt is now waiting out its backoff
        assertThat(f).isNotDone();
        closeAndAssertClean(p);
        assertThat(f).isCompletedExceptionally();
    }

    /**
     * A node behind a front that answers batches out of order, with one answer twice and one answer for an
     * id nobody asked: every call still gets its own answer.
     */
    @Test
    void batchAnswersDuplicatedAndOutOfOrder() throws Exception {
        try (ShufflingFront front = new ShufflingFront(anvil.httpUrl())) {
            threadsBefore = ProviderThreads.snapshot(); // the front's own HTTP client is not the provider's
            HttpProvider p = http("shuffled", front.url());
            for (int round = 0; round < 200; round++) {
                List<CompletableFuture<JsonNode>> fs = p.sendBatch(List.of(RpcCall.of("eth_chainId"),
                        RpcCall.of("eth_getBalance", account(), "latest"), RpcCall.of("eth_gasPrice"),
                        RpcCall.of("eth_getTransactionCount", account(), "latest")));
                assertThat(fs.get(0).get(5, TimeUnit.SECONDS).asString()).isEqualTo("0x7a69");
                assertThat(fs.get(1).get(5, TimeUnit.SECONDS).asString()).hasSizeGreaterThan(10);
                assertThat(fs.get(2).get(5, TimeUnit.SECONDS).asString()).startsWith("0x");
                assertThat(fs.get(3).get(5, TimeUnit.SECONDS).asString()).startsWith("0x");
            }
            SteadyLoad load = new SteadyLoad(p, TIMEOUT, 3, account()).start();
            Thread.sleep(2000);
            SteadyLoad.Report report = assertEveryRequestEnded(load);
            assertThat(report.failuresByType()).isEmpty();
            assertThat(front.shuffled.get()).isPositive();
            assertThat(metrics.count("orphaned")).as("duplicates and strangers counted").isPositive();
            assertPendingDrains(p);
            closeAndAssertClean(p);
        }
    }

    /** An HTTP front for the node that reverses batch answers, repeats the first and adds a stranger. */
    private static final class ShufflingFront implements AutoCloseable {
        private static final ObjectMapper JSON = new ObjectMapper();
        final AtomicLong shuffled = new AtomicLong();
        private final HttpServer server;
        private final ExecutorService executor = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "shuffling-front");
            t.setDaemon(true);
            return t;
        });
        private final ExecutorService clientExecutor = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "shuffling-front-client");
            t.setDaemon(true);
            return t;
        });
        private final HttpClient client = HttpClient.newBuilder().executor(clientExecutor).build();
        private final URI node;

        ShufflingFront(String nodeUrl) throws IOException {
            this.node = URI.create(nodeUrl);
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
            server.setExecutor(executor);
            server.createContext("/", exchange -> {
                try (exchange) {
                    byte[] body = exchange.getRequestBody().readAllBytes();
                    HttpResponse<byte[]> r = client.send(HttpRequest.newBuilder(node)
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
                            HttpResponse.BodyHandlers.ofByteArray());
                    byte[] out = r.body();
                    JsonNode tree = JSON.readTree(out);
                    if (tree.isArray() && tree.size() > 1) {
                        List<JsonNode> items = new ArrayList<>();
                        tree.forEach(items::add);
                        Collections.reverse(items);
                        ArrayNode a = JSON.createArrayNode();
                        items.forEach(a::add);
                        a.add(items.get(0).deepCopy());
                        ObjectNode stranger = JSON.createObjectNode();
                        stranger.put("jsonrpc", "2.0");
                        stranger.put("id", 987654321L);
                        stranger.put("result", "0xbad");
                        a.add(stranger);
                        out = JSON.writeValueAsBytes(a);
                        shuffled.incrementAndGet();
                    }
                    exchange.getResponseHeaders().add("Content-Type", "application/json");
                    exchange.sendResponseHeaders(r.statusCode(), out.length);
                    exchange.getResponseBody().write(out);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            server.start();
        }

        String url() {
            return "http://127.0.0.1:" + server.getAddress().getPort();
        }

        @Override
        public void close() {
            server.stop(0);
            executor.shutdownNow();
            client.shutdownNow();
            clientExecutor.shutdownNow();
        }
    }
}
