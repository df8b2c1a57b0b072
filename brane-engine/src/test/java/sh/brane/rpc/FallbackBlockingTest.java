package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * Blocking calls through a {@link FallbackProvider} take each endpoint's own blocking path (on the caller's thread,
 * where an HTTP endpoint then does its exchange), with the fallback's ranking, failover, probe before a
 * submission, and "may or may not have reached the node" rule unchanged.
 */
class FallbackBlockingTest {

    private static final ResultDecoder<Long> HEX = p -> Long.decode(p.getString());

    @RegisterExtension
    final TestResources toClose = new TestResources();

    private FallbackProviderTest.Node node(String mode) throws Exception {
        FallbackProviderTest.Node n = new FallbackProviderTest.Node();
        n.mode = mode;
        toClose.add(n);
        return n;
    }

    private FallbackProvider fallback(BraneProvider... providers) {
        FallbackProvider p = FallbackProvider.builder().add(providers[0]).add(providers[1])
                .failureThreshold(1).probeInterval(Duration.ofHours(1)).build();
        toClose.add(p);
        return p;
    }

    @Test
    void aBlockingCallTakesTheEndpointsBlockingPathOnTheCallersThread() throws Exception {
        PathRecorder a = new PathRecorder(node("ok").provider());
        PathRecorder b = new PathRecorder(node("ok").provider());
        FallbackProvider p = fallback(a, b);

        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        assertThat(p.send("eth_chainId", List.of(), HEX)).isEqualTo(0x7a69L);
        assertThat(p.send("eth_chainId", List.of(), Duration.ofSeconds(5)).asString()).isEqualTo("0x7a69");

        assertThat(a.paths).containsExactly("blocking", "blocking typed", "blocking");
        assertThat(a.threads).containsOnly(Thread.currentThread());
        assertThat(a.timeouts).allSatisfy(t -> assertThat(t).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(30)));
        assertThat(a.timeouts.get(2)).isLessThanOrEqualTo(Duration.ofSeconds(5));
        assertThat(b.paths).isEmpty();
    }

    @Test
    void aBlockingReadFailsOverToTheNextEndpoint() throws Exception {
        FallbackProviderTest.Node a = node("drop");
        FallbackProviderTest.Node b = node("ok");
        FallbackProvider p = fallback(a.provider(), b.provider());

        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        assertThat(a.calls.get()).isEqualTo(1);
        assertThat(b.calls.get()).isEqualTo(1);
        assertThat(p.isHealthy(0)).isFalse();
    }

    @Test
    void aBlockingSubmissionThatMayHaveReachedANodeIsNotRepeated() throws Exception {
        FallbackProviderTest.Node a = node("drop");
        FallbackProviderTest.Node b = node("drop");
        FallbackProvider p = FallbackProvider.create(a.provider(), b.provider());
        toClose.add(p);

        assertThatThrownBy(() -> p.send("eth_sendRawTransaction", List.of("0x02")))
                .isInstanceOf(ConnectionLostException.class)
                .hasMessageContaining("may or may not have reached the node");
        assertThat(a.calls.get() + b.calls.get()).isEqualTo(1);
        // a read is tried on every endpoint
        assertThatThrownBy(() -> p.send("eth_blockNumber", List.of())).isInstanceOf(ConnectionLostException.class);
        assertThat(a.calls.get() + b.calls.get()).isEqualTo(3);
    }

    @Test
    void aBlockingSubmissionProbesAnUntriedBackupBeforeSendingToIt() throws Exception {
        FallbackProviderTest.Node primary = node("ok");
        FallbackProviderTest.Node backup = node("drop");
        FallbackProvider p = fallback(primary.provider(), backup.provider());
        assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
        primary.mode = "503";
        assertThatThrownBy(() -> p.send("eth_blockNumber", List.of())).isInstanceOf(BraneRpcException.class);
        assertThat(p.isHealthy(0)).isFalse();
        int backupCalls = backup.methods.size();

        assertThatThrownBy(() -> p.send("eth_sendRawTransaction", List.of("0x02")))
                .isInstanceOf(BraneRpcException.class);
        assertThat(backup.methods.subList(backupCalls, backup.methods.size())).containsOnly("eth_chainId");
        assertThat(backup.methods).doesNotContain("eth_sendRawTransaction");
    }

    @Test
    void aBlockingCallTimeoutCoversEveryEndpointItIsTriedOn() throws Exception {
        FallbackProviderTest.Node a = node("drop");
        FallbackProviderTest.Node b = node("hang");
        PathRecorder second = new PathRecorder(b.provider());
        FallbackProvider p = fallback(a.provider(), second);

        assertThatThrownBy(() -> p.send("eth_blockNumber", List.of(), Duration.ofSeconds(1)))
                .isInstanceOf(RpcTimeoutException.class);
        assertThat(a.calls.get()).isEqualTo(1);
        assertThat(b.calls.get()).isEqualTo(1);
        // b got what was left of the second after a failed, not a fresh second
        assertThat(second.timeouts).singleElement()
                .satisfies(t -> assertThat(t).isPositive().isLessThan(Duration.ofSeconds(1)));
    }

    @Test
    void anRpcErrorIsTheAnswerOfABlockingCall() throws Exception {
        FallbackProviderTest.Node a = node("ok");
        FallbackProviderTest.Node b = node("ok");
        FallbackProvider p = fallback(a.provider(), b.provider());
        assertThatThrownBy(() -> p.send("fail", List.of())).isInstanceOf(RpcErrorException.class);
        assertThat(a.calls.get() + b.calls.get()).isEqualTo(1);
        assertThat(p.isHealthy(0)).isTrue();
    }

    /** Passes calls on, remembering which path each took, on which thread, with what timeout. */
    private static final class PathRecorder implements BraneProvider {
        final List<String> paths = new CopyOnWriteArrayList<>();
        final List<Thread> threads = new CopyOnWriteArrayList<>();
        final List<Duration> timeouts = new CopyOnWriteArrayList<>();
        private final BraneProvider target;

        PathRecorder(BraneProvider target) {
            this.target = target;
        }

        @Override public JsonNode send(String m, List<?> params, Duration t) {
            record("blocking", t);
            return target.send(m, params, t);
        }
        @Override public <T> T send(String m, List<?> params, Duration t, ResultDecoder<T> decoder) {
            record("blocking typed", t);
            return target.send(m, params, t, decoder);
        }
        @Override public CompletableFuture<JsonNode> sendAsync(String m, List<?> params) {
            paths.add("async");
            return target.sendAsync(m, params);
        }
        @Override public CompletableFuture<JsonNode> sendAsync(String m, List<?> params, Duration t) {
            paths.add("async");
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
        @Override public void setMetrics(BraneMetrics metrics) {
            target.setMetrics(metrics);
        }
        @Override public int pendingRequests() {
            return target.pendingRequests();
        }
        @Override public void close() {
            target.close();
        }

        private void record(String path, Duration t) {
            paths.add(path);
            threads.add(Thread.currentThread());
            timeouts.add(t);
        }
    }
}
