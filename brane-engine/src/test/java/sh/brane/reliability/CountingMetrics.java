package sh.brane.reliability;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

import sh.brane.rpc.BraneMetrics;
import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.RpcOutcome;

/** Counts the provider's metric hooks, for the reports and for assertions that a fault was seen. */
final class CountingMetrics implements BraneMetrics {

    private final ConcurrentHashMap<String, LongAdder> counts = new ConcurrentHashMap<>();

    private void hit(String key) {
        counts.computeIfAbsent(key, k -> new LongAdder()).increment();
    }

    long count(String key) {
        LongAdder a = counts.get(key);
        return a == null ? 0 : a.sum();
    }

    Map<String, Long> snapshot() {
        Map<String, Long> out = new TreeMap<>();
        counts.forEach((k, v) -> out.put(k, v.sum()));
        return out;
    }

    @Override public void onRequestStarted(String method) { hit("started"); }
    @Override public void onRequestCompleted(String method, long latencyNanos) { hit("completed"); }
    @Override public void onRequestFailed(String method, RpcOutcome outcome, BraneRpcException error, long latencyNanos) {
        hit("failed." + outcome);
    }
    @Override public void onConnectionLost(String endpoint, int failedRequests) { hit("connectionLost"); }
    @Override public void onReconnected(String endpoint, int attempts) { hit("reconnected"); }
    @Override public void onSubscriptionNotification(String kind) { hit("notification"); }
    @Override public void onOrphanedResponse(String reason) { hit("orphaned"); }
}
