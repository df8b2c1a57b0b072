package sh.brane.client.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import sh.brane.client.BraneClient;
import sh.brane.rpc.BraneMetrics;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.RpcCall;
import sh.brane.rpc.Subscription;
import sh.brane.rpc.SubscriptionListener;
import tools.jackson.databind.JsonNode;

/**
 * A waiting instance tries the stream's lease every third of its time to live, not at its (short) poll rate, and
 * still takes over once the holder gives the lease up. No node: a standby never reads one.
 */
class LogStreamStandbyTest {

    @Test
    void aStandbyTriesTheLeaseAtTheLeaseCadenceNotAtThePollRate() throws Exception {
        CountingStore store = new CountingStore();
        assertThat(store.tryAcquire("s", "holder", Duration.ofSeconds(30))).isTrue();
        BraneClient client = new BraneClient(new NoNode(), Duration.ofMillis(5));
        LogStream<?> standby = LogStream.builder(client).name("s").owner("standby").fromBlock(0)
                .pollInterval(Duration.ofMillis(5)).subscribeToHeads(false)
                .checkpoints(store, Duration.ofSeconds(3)).onError(e -> { }).build(log -> { });
        try {
            standby.start();
            Thread.sleep(600);
            // at the poll rate this would be about 120 tries; at a third of 3 s it is the first one only
            assertThat(store.triesBy("standby")).isBetween(1, 2);
            assertThat(standby.isConsuming()).isFalse();
            store.release("s", "holder");
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (!standby.isConsuming() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(standby.isConsuming()).as("took over after the holder let go").isTrue();
        } finally {
            standby.close();
            client.close();
        }
    }

    /** An in-memory store that counts each owner's lease tries. */
    private static final class CountingStore implements CheckpointStore {
        private final InMemoryCheckpointStore store = new InMemoryCheckpointStore();
        private final java.util.Map<String, AtomicInteger> tries = new java.util.concurrent.ConcurrentHashMap<>();

        int triesBy(String owner) {
            return tries.getOrDefault(owner, new AtomicInteger()).get();
        }

        @Override
        public Optional<Checkpoint> load(String stream) {
            return store.load(stream);
        }

        @Override
        public boolean tryAcquire(String stream, String owner, Duration ttl) {
            tries.computeIfAbsent(owner, o -> new AtomicInteger()).incrementAndGet();
            return store.tryAcquire(stream, owner, ttl);
        }

        @Override
        public void commit(String stream, String owner, Checkpoint checkpoint) {
            store.commit(stream, owner, checkpoint);
        }

        @Override
        public void release(String stream, String owner) {
            store.release(stream, owner);
        }
    }

    /** A node that answers nothing: the standby must not need one. */
    private static final class NoNode implements BraneProvider {
        @Override
        public CompletableFuture<JsonNode> sendAsync(String method, List<?> params) {
            return CompletableFuture.failedFuture(new UnsupportedOperationException(method));
        }

        @Override
        public CompletableFuture<JsonNode> sendAsync(String method, List<?> params, Duration timeout) {
            return sendAsync(method, params);
        }

        @Override
        public CompletableFuture<JsonNode> sendAsyncBatch(String method, List<?> params) {
            return sendAsync(method, params);
        }

        @Override
        public List<CompletableFuture<JsonNode>> sendBatch(List<RpcCall> calls) {
            return calls.stream().map(c -> sendAsync(c.method(), c.params())).toList();
        }

        @Override
        public CompletableFuture<Subscription> subscribe(List<?> params, SubscriptionListener listener) {
            return CompletableFuture.failedFuture(new UnsupportedOperationException("subscribe"));
        }

        @Override
        public CompletableFuture<Boolean> unsubscribe(Subscription subscription) {
            return CompletableFuture.completedFuture(false);
        }

        @Override
        public void setMetrics(BraneMetrics metrics) {
        }

        @Override
        public int pendingRequests() {
            return 0;
        }

        @Override
        public void close() {
        }
    }
}
