package sh.brane.client.events;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import sh.brane.rpc.BraneMetrics;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.EndpointStatus;
import sh.brane.rpc.ResultDecoder;
import sh.brane.rpc.RpcCall;
import sh.brane.rpc.RpcErrorException;
import sh.brane.rpc.Subscription;
import sh.brane.rpc.SubscriptionListener;
import tools.jackson.databind.JsonNode;

/**
 * A node that caps {@code eth_getLogs} to {@code maxBlocks} blocks per query, answering wider ranges with Infura's
 * refusal ({@code -32005 query returned more than 10000 results}); everything else goes to the real node. With
 * {@link #silentSubscriptions} its subscriptions open and stay active but never notify (a node that stopped pushing).
 */
final class RangeLimitingProvider implements BraneProvider {
    private final BraneProvider delegate;
    private final int maxBlocks;
    final AtomicInteger refused = new AtomicInteger();
    final AtomicInteger getLogs = new AtomicInteger();
    /** Logs in the answers given so far. */
    final AtomicInteger answeredLogs = new AtomicInteger();
    volatile boolean silentSubscriptions;

    RangeLimitingProvider(BraneProvider delegate, int maxBlocks) {
        this.delegate = delegate;
        this.maxBlocks = maxBlocks;
    }

    @Override
    public <T> CompletableFuture<T> sendAsync(String method, List<?> params, ResultDecoder<T> decoder) {
        if ("eth_getLogs".equals(method)) {
            getLogs.incrementAndGet();
            Map<?, ?> filter = (Map<?, ?>) params.get(0);
            boolean byHash = filter.containsKey("blockHash");
            long from = byHash ? 0 : Long.decode(String.valueOf(filter.get("fromBlock")));
            long to = byHash ? 0 : Long.decode(String.valueOf(filter.get("toBlock")));
            if (to - from + 1 > maxBlocks) {
                refused.incrementAndGet();
                return CompletableFuture.failedFuture(new RpcErrorException(method, -32005,
                        "query returned more than 10000 results", null));
            }
            return delegate.sendAsync(method, params, decoder).thenApply(answer -> {
                if (answer instanceof List<?> logs) {
                    answeredLogs.addAndGet(logs.size());
                }
                return answer;
            });
        }
        return delegate.sendAsync(method, params, decoder);
    }

    @Override
    public CompletableFuture<JsonNode> sendAsync(String method, List<?> params) {
        return delegate.sendAsync(method, params);
    }

    @Override
    public CompletableFuture<JsonNode> sendAsync(String method, List<?> params, Duration timeout) {
        return delegate.sendAsync(method, params, timeout);
    }

    @Override
    public CompletableFuture<JsonNode> sendAsyncBatch(String method, List<?> params) {
        return delegate.sendAsyncBatch(method, params);
    }

    @Override
    public List<CompletableFuture<JsonNode>> sendBatch(List<RpcCall> calls) {
        return delegate.sendBatch(calls);
    }

    @Override
    public CompletableFuture<Subscription> subscribe(List<?> params, SubscriptionListener listener) {
        return delegate.subscribe(params, silentSubscriptions ? result -> { } : listener);
    }

    @Override
    public CompletableFuture<Boolean> unsubscribe(Subscription subscription) {
        return delegate.unsubscribe(subscription);
    }

    @Override
    public boolean canSubscribe() {
        return delegate.canSubscribe();
    }

    @Override
    public boolean owns(Subscription subscription) {
        return delegate.owns(subscription);
    }

    @Override
    public List<EndpointStatus> status() {
        return delegate.status();
    }

    @Override
    public void setMetrics(BraneMetrics metrics) {
        delegate.setMetrics(metrics);
    }

    @Override
    public int pendingRequests() {
        return delegate.pendingRequests();
    }

    @Override
    public void close() {
        delegate.close();
    }
}
