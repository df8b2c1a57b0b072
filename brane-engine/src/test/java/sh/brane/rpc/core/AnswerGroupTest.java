package sh.brane.rpc.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

import sh.brane.rpc.RpcTimeoutException;

class AnswerGroupTest {

    private final ExecutorService callbacks = Executors.newVirtualThreadPerTaskExecutor();

    @AfterEach
    void stop() {
        callbacks.shutdownNow();
    }

    private static PendingRequest request(long id) {
        return new PendingRequest(id, "eth_call", 1_000_000_000L, null);
    }

    @Test
    void everyFutureEndsWithItsOwnOutcome() throws Exception {
        AnswerGroup group = new AnswerGroup();
        List<PendingRequest> requests = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            PendingRequest r = request(i);
            requests.add(r);
            group.add(r, i % 7 == 0 ? new RpcTimeoutException("call " + i) : JsonNodeFactory.instance.numberNode(i));
        }
        group.deliver(callbacks);

        for (int i = 0; i < 50; i++) {
            CompletableFuture<JsonNode> f = requests.get(i).future();
            if (i % 7 == 0) {
                assertThat(f).failsWithin(5, TimeUnit.SECONDS).withThrowableThat()
                        .withCauseInstanceOf(RpcTimeoutException.class).withMessageContaining("call " + i);
            } else {
                assertThat(f.get(5, TimeUnit.SECONDS).asInt()).isEqualTo(i);
            }
        }
    }

    /** One thread completes the group; a continuation waiting for a later answer of it must not deadlock. */
    @Test
    void aContinuationWaitingForALaterAnswerOfTheSameGroupIsRescued() throws Exception {
        AnswerGroup group = new AnswerGroup();
        PendingRequest first = request(1);
        PendingRequest second = request(2);
        CompletableFuture<Integer> both = first.future().thenApply(a -> a.asInt() + second.future().join().asInt());
        group.add(first, JsonNodeFactory.instance.numberNode(1));
        group.add(second, JsonNodeFactory.instance.numberNode(2));
        group.deliver(callbacks);

        assertThat(both.get(5, TimeUnit.SECONDS)).isEqualTo(3);
    }

    /** The same rescue with the watchdog timed by the delivering event loop (the WebSocket read path). */
    @Test
    void aContinuationWaitingForALaterAnswerIsRescuedWithTheEventLoopAsTimer() throws Exception {
        io.netty.channel.DefaultEventLoop loop = new io.netty.channel.DefaultEventLoop();
        try {
            AnswerGroup group = new AnswerGroup();
            PendingRequest first = request(1);
            PendingRequest second = request(2);
            // answers complete last to first: the continuation of the second waits for the first
            CompletableFuture<Integer> both = second.future().thenApply(b -> b.asInt() + first.future().join().asInt());
            group.add(first, JsonNodeFactory.instance.numberNode(1));
            group.add(second, JsonNodeFactory.instance.numberNode(2));
            loop.execute(() -> group.deliver(callbacks, loop));

            assertThat(both.get(5, TimeUnit.SECONDS)).isEqualTo(3);
        } finally {
            loop.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }

    @Test
    void aShutDownExecutorStillEndsEveryFuture() {
        AnswerGroup group = new AnswerGroup();
        PendingRequest r = request(1);
        PendingRequest s = request(2);
        group.add(r, JsonNodeFactory.instance.textNode("a"));
        group.add(s, JsonNodeFactory.instance.textNode("b"));
        group.deliver(task -> {
            throw new RejectedExecutionException("shut down");
        });

        assertThat(r.future()).isCompletedWithValue(JsonNodeFactory.instance.textNode("a"));
        assertThat(s.future()).isCompletedWithValue(JsonNodeFactory.instance.textNode("b"));
    }
}
