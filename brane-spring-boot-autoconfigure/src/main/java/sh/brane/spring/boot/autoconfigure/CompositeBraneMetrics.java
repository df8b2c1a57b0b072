package sh.brane.spring.boot.autoconfigure;

import java.util.List;

import sh.brane.rpc.BraneMetrics;
import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.RpcOutcome;

/** Forwards every hook to several {@link BraneMetrics}, in order. */
final class CompositeBraneMetrics implements BraneMetrics {

    private final BraneMetrics[] delegates;

    CompositeBraneMetrics(List<BraneMetrics> delegates) {
        this.delegates = delegates.toArray(BraneMetrics[]::new);
    }

    @Override
    public void onRequestStarted(String method) {
        for (BraneMetrics m : this.delegates) {
            m.onRequestStarted(method);
        }
    }

    @Override
    public void onRequestCompleted(String method, long latencyNanos) {
        for (BraneMetrics m : this.delegates) {
            m.onRequestCompleted(method, latencyNanos);
        }
    }

    @Override
    public void onRequestFailed(String method, RpcOutcome outcome, BraneRpcException error, long latencyNanos) {
        for (BraneMetrics m : this.delegates) {
            m.onRequestFailed(method, outcome, error, latencyNanos);
        }
    }

    @Override
    public void onRequestTimeout(String method, long timeoutNanos) {
        for (BraneMetrics m : this.delegates) {
            m.onRequestTimeout(method, timeoutNanos);
        }
    }

    @Override
    public void onBackpressure(String method, int pendingRequests) {
        for (BraneMetrics m : this.delegates) {
            m.onBackpressure(method, pendingRequests);
        }
    }

    @Override
    public void onConnectionLost(String endpoint, int failedRequests) {
        for (BraneMetrics m : this.delegates) {
            m.onConnectionLost(endpoint, failedRequests);
        }
    }

    @Override
    public void onReconnected(String endpoint, int attempts) {
        for (BraneMetrics m : this.delegates) {
            m.onReconnected(endpoint, attempts);
        }
    }

    @Override
    public void onSubscriptionNotification(String subscriptionKind) {
        for (BraneMetrics m : this.delegates) {
            m.onSubscriptionNotification(subscriptionKind);
        }
    }

    @Override
    public void onRingBufferSaturated(int ringBufferSize) {
        for (BraneMetrics m : this.delegates) {
            m.onRingBufferSaturated(ringBufferSize);
        }
    }

    @Override
    public void onOrphanedResponse(String reason) {
        for (BraneMetrics m : this.delegates) {
            m.onOrphanedResponse(reason);
        }
    }

    @Override
    public void onBatchSize(int size) {
        for (BraneMetrics m : this.delegates) {
            m.onBatchSize(size);
        }
    }
}
