package sh.brane.spring.boot.autoconfigure;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import sh.brane.rpc.BraneProvider;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Once shutdown begins ({@code stop(Runnable)}), new calls fail at once with {@link BraneShutdownInProgressException}
 * (nothing reaches the node), while the call in flight finishes and only then is the lifecycle's callback run. A
 * node that holds its answer until the test releases it keeps the call in flight without any timing.
 */
class BraneShutdownRefusalTests {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(BraneAutoConfiguration.class));

    @Test
    void newCallsAreRefusedWhileTheCallInFlightFinishes() throws Exception {
        try (HeldNode node = HeldNode.start()) {
            this.runner
                .withPropertyValues("brane.rpc.url=http://127.0.0.1:" + node.port(), "brane.shutdown.timeout=30s",
                        "brane.chains.l2.rpc.url=http://127.0.0.1:" + node.port())
                .run((context) -> {
                    BraneProvider provider = context.getBean("braneProvider", BraneProvider.class);
                    BraneProvider l2 = context.getBean("l2BraneProvider", BraneProvider.class);
                    CompletableFuture<JsonNode> inFlight = provider.sendAsync("eth_blockNumber", List.of());
                    assertThat(node.received.await(10, TimeUnit.SECONDS)).isTrue();

                    BraneProviderLifecycle lifecycle = context.getBean(BraneProviderLifecycle.class);
                    CountDownLatch drained = new CountDownLatch(1);
                    lifecycle.stop(drained::countDown);

                    CompletableFuture<JsonNode> refused = provider.sendAsync("eth_chainId", List.of());
                    assertThat(refused).isCompletedExceptionally();
                    assertThat(refused.exceptionNow()).isInstanceOf(BraneShutdownInProgressException.class)
                        .hasMessageContaining("eth_chainId")
                        .hasMessageContaining("shutting down");
                    assertThatExceptionOfType(BraneShutdownInProgressException.class)
                        .isThrownBy(() -> l2.send("eth_gasPrice", List.of()))
                        .withMessageContaining("chain 'l2'");
                    assertThat(node.requests).as("nothing refused reached the node").hasSize(1);
                    assertThat(drained.getCount()).as("the call in flight holds the drain").isEqualTo(1);

                    node.release.countDown();
                    assertThat(inFlight.get(10, TimeUnit.SECONDS).asString()).isEqualTo("0x2a");
                    assertThat(drained.await(10, TimeUnit.SECONDS)).as("called back once drained").isTrue();

                    // a stopped context may start again (the test framework's cache does): calls are taken again
                    lifecycle.start();
                    assertThat(provider.send("eth_chainId", List.of()).asString()).isEqualTo("0x2a");
                });
        }
    }

    /** A JSON-RPC node over HTTP that answers every call with 0x2a, once the test releases it. */
    static final class HeldNode implements AutoCloseable {

        private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*(\"[^\"]*\"|\\d+)");

        final CountDownLatch received = new CountDownLatch(1);

        final CountDownLatch release = new CountDownLatch(1);

        final List<String> requests = new java.util.concurrent.CopyOnWriteArrayList<>();

        private final HttpServer server;

        private HeldNode(HttpServer server) {
            this.server = server;
        }

        static HeldNode start() throws IOException {
            HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            HeldNode node = new HeldNode(server);
            server.createContext("/", node::answer);
            server.setExecutor(java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor());
            server.start();
            return node;
        }

        int port() {
            return this.server.getAddress().getPort();
        }

        private void answer(HttpExchange exchange) throws IOException {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            this.requests.add(body);
            this.received.countDown();
            try {
                this.release.await();
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
            StringBuilder answers = new StringBuilder();
            Matcher ids = ID.matcher(body);
            while (ids.find()) {
                answers.append(answers.isEmpty() ? "" : ",")
                    .append("{\"jsonrpc\":\"2.0\",\"id\":").append(ids.group(1)).append(",\"result\":\"0x2a\"}");
            }
            String json = body.stripLeading().startsWith("[") ? "[" + answers + "]" : answers.toString();
            byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        }

        @Override
        public void close() {
            this.release.countDown();
            this.server.stop(0);
        }
    }
}
