package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static sh.brane.rpc.WebSocketProviderTest.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import sh.brane.devnet.Anvil;
import tools.jackson.databind.JsonNode;

/** The providers against a real Anvil node. */
class AnvilRpcTest {

    private static Anvil anvil;

    @BeforeAll
    static void startAnvil() {
        anvil = Anvil.start();
    }

    @AfterAll
    static void stopAnvil() {
        if (anvil != null) {
            anvil.close();
        }
    }

    private static WebSocketConfig.Builder ws() {
        return WebSocketConfig.builder(anvil.wsUrl()).requestTimeout(Duration.ofSeconds(5))
                .reconnectInitialBackoff(Duration.ofMillis(50)).reconnectMaxBackoff(Duration.ofMillis(200));
    }

    @Test
    void chainIdBlockNumberAndBatchesOverWebSocket() throws Exception {
        try (WebSocketProvider p = WebSocketProvider.create(ws().build())) {
            assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
            long before = Long.decode(p.send("eth_blockNumber", List.of()).asString());
            p.send("evm_mine", List.of());
            assertThat(Long.decode(p.send("eth_blockNumber", List.of()).asString())).isEqualTo(before + 1);

            List<CompletableFuture<JsonNode>> batch = p.sendBatch(List.of(RpcCall.of("eth_chainId"),
                    RpcCall.of("eth_getBalance", anvil.account(0).address(), "latest"), RpcCall.of("no_such_method")));
            assertThat(batch.get(0).get(5, TimeUnit.SECONDS).asString()).isEqualTo("0x7a69");
            assertThat(batch.get(1).get(5, TimeUnit.SECONDS).asString()).startsWith("0x");
            assertThat(WebSocketProviderTest.failureOf(batch.get(2), 5000)).isInstanceOf(RpcErrorException.class);

            List<CompletableFuture<JsonNode>> ring = new ArrayList<>();
            for (int i = 0; i < 1000; i++) {
                ring.add(p.sendAsyncBatch("eth_chainId", List.of()));
            }
            for (CompletableFuture<JsonNode> f : ring) {
                assertThat(f.get(5, TimeUnit.SECONDS).asString()).isEqualTo("0x7a69");
            }
        }
    }

    @Test
    void chainIdBlockNumberAndBatchesOverHttp() throws Exception {
        try (HttpProvider p = HttpProvider.create(HttpConfig.builder(anvil.httpUrl()).build())) {
            assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
            assertThat(p.send("eth_blockNumber", List.of()).asString()).startsWith("0x");
            List<CompletableFuture<JsonNode>> batch = p.sendBatch(List.of(RpcCall.of("eth_chainId"),
                    RpcCall.of("eth_blockNumber")));
            assertThat(batch.get(0).get(5, TimeUnit.SECONDS).asString()).isEqualTo("0x7a69");
            assertThat(batch.get(1).get(5, TimeUnit.SECONDS).asString()).startsWith("0x");
            List<CompletableFuture<JsonNode>> coalesced = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                coalesced.add(p.sendAsyncBatch("eth_chainId", List.of()));
            }
            for (CompletableFuture<JsonNode> f : coalesced) {
                assertThat(f.get(5, TimeUnit.SECONDS).asString()).isEqualTo("0x7a69");
            }
        }
    }

    @Test
    void newHeadsSubscriptionDeliversMinedBlocks() throws Exception {
        try (WebSocketProvider p = WebSocketProvider.create(ws().build())) {
            List<Long> heads = new CopyOnWriteArrayList<>();
            Subscription sub = p.subscribe(List.of("newHeads"),
                    head -> heads.add(Long.decode(head.get("number").asString()))).get(5, TimeUnit.SECONDS);
            long start = Long.decode(p.send("eth_blockNumber", List.of()).asString());
            p.send("evm_mine", List.of());
            p.send("evm_mine", List.of());
            await(() -> heads.size() == 2, "two heads");
            assertThat(heads).containsExactly(start + 1, start + 2);
            assertThat(p.unsubscribe(sub).get(5, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void anvilKilledAndRestartedOnTheSamePort() throws Exception {
        try (Anvil node = Anvil.start()) {
            RecordingMetrics metrics = new RecordingMetrics();
            WebSocketProvider p = WebSocketProvider.create(WebSocketConfig.builder(node.wsUrl())
                    .requestTimeout(Duration.ofSeconds(30))
                    .reconnectInitialBackoff(Duration.ofMillis(50)).reconnectMaxBackoff(Duration.ofMillis(200)).build());
            try (p) {
                p.setMetrics(metrics);
                List<String> events = new CopyOnWriteArrayList<>();
                p.subscribe(List.of("newHeads"), new SubscriptionListener() {
                    @Override
                    public void onNotification(JsonNode head) {
                        events.add("head");
                    }

                    @Override
                    public void onGap() {
                        events.add("gap");
                    }
                }).get(5, TimeUnit.SECONDS);
                p.send("evm_mine", List.of());
                await(() -> events.contains("head"), "a head before the kill");

                // mining a million blocks keeps these busy long enough to be in flight when the node dies
                List<CompletableFuture<JsonNode>> inFlight = new ArrayList<>();
                for (int i = 0; i < 5; i++) {
                    inFlight.add(p.sendAsync("anvil_mine", List.of("0xf4240")));
                }
                Thread.sleep(50);
                node.stop();
                long killed = System.nanoTime();
                for (CompletableFuture<JsonNode> f : inFlight) {
                    try {
                        f.get(1, TimeUnit.SECONDS);
                        throw new AssertionError("a request in flight when the node died succeeded");
                    } catch (ExecutionException e) {
                        assertThat(e.getCause()).isInstanceOf(ConnectionLostException.class);
                    }
                }
                assertThat(System.nanoTime() - killed).isLessThan(TimeUnit.SECONDS.toNanos(1));
                assertThat(p.pendingRequests()).isZero();

                int mark = events.size();
                node.restart();
                // the subscription is re-established by itself; the listener hears of the gap first
                await(() -> events.subList(mark, events.size()).contains("gap"), "resubscribed after the restart");
                p.send("evm_mine", List.of());
                await(() -> events.subList(mark, events.size()).contains("head"), "a head on the old subscription");
                assertThat(events.subList(mark, events.size())).containsExactly("gap", "head");
                assertThat(metrics.count("connectionLost")).isEqualTo(1);
                assertThat(metrics.count("reconnected")).isEqualTo(1);
            }
        }
    }

    @Test
    void anvilResponseAboveMaxFrameSizeFailsOnlyItsOwnRequest() throws Exception {
        try (WebSocketProvider p = WebSocketProvider.create(ws().maxFrameSize(1024).build())) {
            CompletableFuture<JsonNode> block = p.sendAsync("eth_getBlockByNumber", List.of("latest", false));
            try {
                block.get(5, TimeUnit.SECONDS);
                throw new AssertionError("a block is larger than 1 KiB");
            } catch (ExecutionException e) {
                // Anvil writes the id before the result, so the oversized answer is tied to its own request
                assertThat(e.getCause()).isInstanceOf(FrameTooLargeException.class)
                        .hasMessageContaining("eth_getBlockByNumber (id").hasMessageContaining("maxFrameSize (1024 bytes)");
            }
            assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        }
    }

    /**
     * Caller-thread WebSocket connections ({@link CallerThreadWs}): the handshake, frames and answers (typed,
     * untyped, objects, JSON-RPC errors) as a real node writes them.
     */
    @Test
    void blockingWebSocketCallsRunOnTheCallersOwnConnection() {
        WebSocketConfig config = WebSocketConfig.builder(anvil.wsUrl()).callerThreadConnections(2)
                .requestTimeout(Duration.ofSeconds(5)).build();
        try (WebSocketProvider p = WebSocketProvider.create(config)) {
            assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
            ResultDecoder<String> typed = ResultDecoder.of(parser -> parser.getString(), JsonCursor::plainString);
            assertThat(p.send("eth_chainId", List.of(), typed)).isEqualTo("0x7a69");
            long before = Long.decode(p.send("eth_blockNumber", List.of()).asString());
            p.send("evm_mine", List.of());
            JsonNode block = p.send("eth_getBlockByNumber", List.of("latest", true));
            assertThat(Long.decode(block.get("number").asString())).isEqualTo(before + 1);
            assertThatThrownBy(() -> p.send("no_such_method", List.of())).isInstanceOf(RpcErrorException.class);
            assertThat(p.pendingRequests()).isZero();
        }
    }
}
