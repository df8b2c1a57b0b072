package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;

/**
 * The WebSocket write and read paths: calls of {@code sendAsyncBatch} leave joined into JSON-RPC batches (a
 * submission alone), typed answers are decoded in the pass that reads the message (over WebSocket and through a
 * {@link FallbackProvider}), and every request ends.
 */
class WsWritePathTest {

    /**
     * Decodes a hex string straight from the parser, and records how deep in the message it was read: inside the
     * answer's envelope (depth 1) in the streaming pass, at the top of a tree of its own (depth 0) otherwise.
     */
    private static final class Hex implements ResultDecoder<Long> {
        final List<Integer> depths = new java.util.concurrent.CopyOnWriteArrayList<>();

        @Override
        public Long decode(tools.jackson.core.JsonParser p) {
            depths.add(p.streamReadContext().getNestingDepth());
            if (p.currentToken() != JsonToken.VALUE_STRING) {
                throw new IllegalArgumentException("expected a hex string, got " + p.currentToken());
            }
            return Long.parseLong(p.getString().substring(2), 16);
        }
    }

    @RegisterExtension
    final TestResources toClose = new TestResources();

    private static WebSocketConfig.Builder config(TestWsServer s) {
        // a generous connect timeout: the first connection of a test JVM loads Netty, and CI machines are shared
        return WebSocketConfig.builder(s.url()).requestTimeout(Duration.ofSeconds(5)).connectTimeout(Duration.ofSeconds(10));
    }

    @Test
    void typedAnswersAreDecodedInTheOnePassThatReadsTheMessage() throws Exception {
        TestWsServer s = toClose.add(TestWsServer.start(TestWsServer.DEFAULT));
        WebSocketProvider p = toClose.add(WebSocketProvider.create(config(s).build()));
        Hex hex = new Hex();

        assertThat(p.sendAsync("eth_chainId", List.of(), hex).get(5, TimeUnit.SECONDS)).isEqualTo(0x7a69L);
        assertThat(p.send("eth_chainId", List.of(), hex)).isEqualTo(0x7a69L);
        assertThat(p.sendAsync("eth_chainId", List.of(), Duration.ofSeconds(2), hex).get(5, TimeUnit.SECONDS))
                .isEqualTo(0x7a69L);
        assertThat(hex.depths).containsExactly(1, 1, 1);

        // a value the decoder rejects fails that call only, as an invalid answer; the connection reads on
        CompletableFuture<Long> rejected = p.sendAsync("echo", List.of(1), hex);
        assertThat(rejected).failsWithin(5, TimeUnit.SECONDS).withThrowableThat()
                .withCauseInstanceOf(InvalidResponseException.class).withMessageContaining("expected a hex string");
        assertThat(p.send("eth_chainId", List.of(), hex)).isEqualTo(0x7a69L);
        assertThat(p.pendingRequests()).isZero();
    }

    @Test
    void typedCallsThroughAFallbackAreDecodedInTheEndpointsOwnPass() throws Exception {
        TestWsServer s = toClose.add(TestWsServer.start(TestWsServer.DEFAULT));
        WebSocketProvider ws = WebSocketProvider.create(config(s).build());
        FallbackProvider fallback = toClose.add(FallbackProvider.builder().add(ws).build());
        Hex hex = new Hex();

        assertThat(fallback.sendAsync("eth_chainId", List.of(), hex).get(5, TimeUnit.SECONDS)).isEqualTo(0x7a69L);
        assertThat(fallback.send("eth_chainId", List.of(), hex)).isEqualTo(0x7a69L);
        assertThat(hex.depths).containsExactly(1, 1);
    }

    @Test
    void aBurstOfSendAsyncBatchCallsIsWrittenWholeAndEveryCallIsAnswered() throws Exception {
        TestWsServer s = toClose.add(TestWsServer.start((srv, ch, req) -> {
            if ("eth_sendRawTransaction".equals(req.path("method").asString())) {
                return TestWsServer.result(req, TestWsServer.JSON.getNodeFactory().stringNode("0xhash"));
            }
            return TestWsServer.DEFAULT.answer(srv, ch, req);
        }));
        WebSocketProvider p = toClose.add(WebSocketProvider.create(config(s).build()));
        RecordingMetrics metrics = new RecordingMetrics();
        p.setMetrics(metrics);

        List<CompletableFuture<JsonNode>> futures = new ArrayList<>();
        CompletableFuture<JsonNode> submission = null;
        for (int i = 0; i < 1000; i++) {
            futures.add(p.sendAsyncBatch("echo", List.of(i)));
            if (i == 500) {
                submission = p.sendAsyncBatch("eth_sendRawTransaction", List.of("0x01"));
            }
        }
        for (int i = 0; i < futures.size(); i++) {
            assertThat(futures.get(i).get(5, TimeUnit.SECONDS).get(0).asInt()).isEqualTo(i);
        }
        assertThat(submission.get(5, TimeUnit.SECONDS).asString()).isEqualTo("0xhash");

        // the ring's consumer flushes once per batch it finds: each flush records the calls it carried
        int written = metrics.batchSizes.stream().mapToInt(Integer::intValue).sum();
        assertThat(written).isEqualTo(1001);
        assertThat(p.pendingRequests()).isZero();
        assertThat(p.ringBufferRemaining()).isEqualTo(p.config().ringBufferSize());
    }

    @Test
    void requestsWithNoAnswerEndByTheSweepAndALateAnswerIsIgnored() throws Exception {
        List<io.netty.channel.Channel> channels = new java.util.concurrent.CopyOnWriteArrayList<>();
        List<JsonNode> unanswered = new java.util.concurrent.CopyOnWriteArrayList<>();
        TestWsServer s = toClose.add(TestWsServer.start((srv, ch, req) -> {
            if ("silent".equals(req.path("method").asString())) {
                channels.add(ch);
                unanswered.add(req);
                return null;
            }
            return TestWsServer.DEFAULT.answer(srv, ch, req);
        }));
        WebSocketProvider p = toClose.add(WebSocketProvider.create(config(s).requestTimeout(Duration.ofMillis(200)).build()));
        RecordingMetrics metrics = new RecordingMetrics();
        p.setMetrics(metrics);

        List<CompletableFuture<JsonNode>> silent = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            silent.add(i % 2 == 0 ? p.sendAsync("silent", List.of()) : p.sendAsyncBatch("silent", List.of()));
        }
        for (CompletableFuture<JsonNode> f : silent) {
            assertThat(f).failsWithin(5, TimeUnit.SECONDS).withThrowableThat()
                    .withCauseInstanceOf(RpcTimeoutException.class);
        }
        // now the node answers them all, late: nobody waits, and the connection goes on. (A call that timed out
        // before the event loop got to it was never written: the node answers those it received.)
        int written = metrics.batchSizes.stream().mapToInt(Integer::intValue).sum();
        assertThat(written).as("calls that reached the wire").isPositive();
        WebSocketProviderTest.await(() -> unanswered.size() == written, "the node has read the " + written + " calls written");
        for (JsonNode req : unanswered) {
            channels.get(0).writeAndFlush(new io.netty.handler.codec.http.websocketx.TextWebSocketFrame(
                    TestWsServer.result(req, TestWsServer.JSON.getNodeFactory().stringNode("late")).toString()));
        }
        WebSocketProviderTest.await(() -> metrics.count("orphan") == written, written + " late answers seen");
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        assertThat(p.pendingRequests()).isZero();
        assertThat(metrics.count("timeout")).isEqualTo(20);
    }
}
