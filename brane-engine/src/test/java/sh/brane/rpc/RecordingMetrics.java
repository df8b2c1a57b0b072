package sh.brane.rpc;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/** Records every hook call, for assertions that each one fires where it should. */
public final class RecordingMetrics implements BraneMetrics {

    public final ConcurrentHashMap<String, AtomicInteger> counts = new ConcurrentHashMap<>();
    public final List<String> events = new CopyOnWriteArrayList<>();
    public final List<Integer> batchSizes = new CopyOnWriteArrayList<>();
    public final List<RpcOutcome> failures = new CopyOnWriteArrayList<>();

    public int count(String hook) {
        AtomicInteger c = counts.get(hook);
        return c == null ? 0 : c.get();
    }

    private void hit(String hook, String detail) {
        counts.computeIfAbsent(hook, k -> new AtomicInteger()).incrementAndGet();
        events.add(hook + ":" + detail);
    }

    @Override public void onRequestStarted(String method) { hit("started", method); }
    @Override public void onRequestCompleted(String method, long latencyNanos) {
        if (latencyNanos < 0) {
            throw new AssertionError("negative latency");
        }
        hit("completed", method);
    }
    @Override public void onRequestFailed(String method, RpcOutcome outcome, BraneRpcException error, long latencyNanos) {
        failures.add(outcome);
        hit("failed", method + ":" + outcome);
    }
    @Override public void onRequestTimeout(String method, long timeoutNanos) { hit("timeout", method + ":" + timeoutNanos); }
    @Override public void onBackpressure(String method, int pendingRequests) { hit("backpressure", method); }
    @Override public void onConnectionLost(String endpoint, int failedRequests) { hit("connectionLost", endpoint + ":" + failedRequests); }
    @Override public void onReconnected(String endpoint, int attempts) { hit("reconnected", endpoint + ":" + attempts); }
    @Override public void onSubscriptionNotification(String kind) { hit("notification", kind); }
    @Override public void onRingBufferSaturated(int size) { hit("ringSaturated", "" + size); }
    @Override public void onOrphanedResponse(String reason) { hit("orphan", reason); }
    @Override public void onBatchSize(int size) {
        batchSizes.add(size);
        hit("batch", "" + size);
    }
}
