package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static sh.brane.rpc.WebSocketProviderTest.await;
import static sh.brane.rpc.WebSocketProviderTest.failureOf;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/** A fallback asks its endpoints what they can do and how they are; it never tests their type. */
class FallbackCapabilitiesTest {

    @RegisterExtension
    final TestResources toClose = new TestResources();

    /** Wraps a provider as a tracing or metrics decorator would: a different class, the same capabilities. */
    static final class Decorated implements BraneProvider {
        final BraneProvider target;

        Decorated(BraneProvider target) {
            this.target = target;
        }

        @Override public CompletableFuture<JsonNode> sendAsync(String m, List<?> params) {
            return target.sendAsync(m, params);
        }
        @Override public CompletableFuture<JsonNode> sendAsync(String m, List<?> params, Duration t) {
            return target.sendAsync(m, params, t);
        }
        @Override public CompletableFuture<JsonNode> sendAsyncBatch(String m, List<?> params) {
            return target.sendAsyncBatch(m, params);
        }
        @Override public List<CompletableFuture<JsonNode>> sendBatch(List<RpcCall> calls) {
            return target.sendBatch(calls);
        }
        @Override public CompletableFuture<Subscription> subscribe(List<?> params, SubscriptionListener l) {
            return target.subscribe(params, l);
        }
        @Override public CompletableFuture<Boolean> unsubscribe(Subscription s) {
            return target.unsubscribe(s);
        }
        @Override public boolean canSubscribe() {
            return target.canSubscribe();
        }
        @Override public boolean owns(Subscription s) {
            return target.owns(s);
        }
        @Override public List<EndpointStatus> status() {
            return target.status();
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

    private FallbackProviderTest.Node httpNode() throws Exception {
        FallbackProviderTest.Node n = new FallbackProviderTest.Node();
        toClose.add(n);
        return n;
    }

    private WebSocketProvider webSocket(TestWsServer s, String name) {
        return WebSocketProvider.create(WebSocketConfig.builder(s.url()).name(name)
                .requestTimeout(Duration.ofSeconds(2)).build());
    }

    @Test
    void aDecoratedWebSocketEndpointSubscribesThroughTheFallback() throws Exception {
        TestWsServer s = TestWsServer.start(TestWsServer.DEFAULT);
        toClose.add(s);
        FallbackProviderTest.Node http = httpNode();
        FallbackProvider p = FallbackProvider.create(new Decorated(http.provider()),
                new Decorated(webSocket(s, "live")));
        toClose.add(p);

        assertThat(p.canSubscribe()).isTrue();
        CompletableFuture<JsonNode> first = new CompletableFuture<>();
        Subscription sub = p.subscribe(List.of("newHeads"), first::complete).get(5, TimeUnit.SECONDS);
        assertThat(p.owns(sub)).isTrue();
        s.pushAll("{\"jsonrpc\":\"2.0\",\"method\":\"eth_subscription\",\"params\":{\"subscription\":\""
                + sub.serverId() + "\",\"result\":{\"number\":\"0x1\"}}}");
        assertThat(first.get(5, TimeUnit.SECONDS).path("number").asString()).isEqualTo("0x1");
        assertThat(p.status()).extracting(EndpointStatus::transport, EndpointStatus::activeSubscriptions)
                .containsExactly(tuple(EndpointStatus.Transport.HTTP, 0), tuple(EndpointStatus.Transport.WS, 1));
        assertThat(p.unsubscribe(sub).get(5, TimeUnit.SECONDS)).isTrue();
        assertThat(s.received).anySatisfy(r -> assertThat(r.path("method").asString()).isEqualTo("eth_unsubscribe"));
    }

    @Test
    void statusNamesEveryEndpointAndWhetherItIsInRotation() throws Exception {
        TestWsServer s = TestWsServer.start(TestWsServer.DEFAULT);
        toClose.add(s);
        FallbackProviderTest.Node http = httpNode();
        http.mode = "drop";
        FallbackProvider p = FallbackProvider.builder().add(new Decorated(http.provider()))
                .add(webSocket(s, "live")).failureThreshold(1).probeInterval(Duration.ofHours(1)).build();
        toClose.add(p);
        // the HTTP endpoint is tried first (both untried, added first), fails and is taken out
        for (int i = 0; i < 3 && p.isHealthy(0); i++) {
            p.sendAsync("eth_chainId", List.of()).exceptionally(e -> null).get(5, TimeUnit.SECONDS);
        }
        await(() -> !p.isHealthy(0), "the HTTP endpoint taken out");
        assertThat(p.status()).extracting(EndpointStatus::name, EndpointStatus::transport,
                EndpointStatus::connected, EndpointStatus::inRotation)
                .containsExactly(tuple("default", EndpointStatus.Transport.HTTP, true, false),
                        tuple("live", EndpointStatus.Transport.WS, true, true));
    }

    @Test
    void aFallbackWithoutAPushChannelSaysSo() throws Exception {
        FallbackProvider p = FallbackProvider.create(httpNode().provider(), new Decorated(httpNode().provider()));
        toClose.add(p);
        assertThat(p.canSubscribe()).isFalse();
        assertThat(failureOf(p.subscribe(List.of("newHeads"), r -> { }), 1000))
                .isInstanceOf(UnsupportedOperationException.class);
    }
}
