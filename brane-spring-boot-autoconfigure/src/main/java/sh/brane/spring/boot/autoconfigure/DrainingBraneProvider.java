package sh.brane.spring.boot.autoconfigure;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import sh.brane.rpc.BraneMetrics;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.ResultDecoder;
import sh.brane.rpc.RpcCall;
import sh.brane.rpc.Subscription;
import sh.brane.rpc.SubscriptionListener;
import tools.jackson.databind.JsonNode;

/**
 * Refuses new calls once the {@link BraneDrainGate} is closed (shutdown has begun), so the drain of the calls in
 * flight ends instead of being fed: a blocking call throws {@link BraneShutdownInProgressException}, an asynchronous
 * one returns a future failed with it. Unsubscribing and closing still pass, so shutdown can clean up.
 */
final class DrainingBraneProvider implements DecoratedBraneProvider {

    private final BraneProvider delegate;

    private final BraneDrainGate gate;

    private final String chain;

    DrainingBraneProvider(BraneProvider delegate, BraneDrainGate gate, String chain) {
        this.delegate = delegate;
        this.gate = gate;
        this.chain = chain;
    }

    @Override
    public BraneProvider getDelegate() {
        return this.delegate;
    }

    @Override
    public CompletableFuture<JsonNode> sendAsync(String method, List<?> params) {
        return refusing() ? failed(method) : this.delegate.sendAsync(method, params);
    }

    @Override
    public CompletableFuture<JsonNode> sendAsync(String method, List<?> params, Duration timeout) {
        return refusing() ? failed(method) : this.delegate.sendAsync(method, params, timeout);
    }

    @Override
    public <T> CompletableFuture<T> sendAsync(String method, List<?> params, ResultDecoder<T> decoder) {
        return refusing() ? failed(method) : this.delegate.sendAsync(method, params, decoder);
    }

    @Override
    public <T> CompletableFuture<T> sendAsync(String method, List<?> params, Duration timeout,
            ResultDecoder<T> decoder) {
        return refusing() ? failed(method) : this.delegate.sendAsync(method, params, timeout, decoder);
    }

    @Override
    public JsonNode send(String method, List<?> params) {
        check(method);
        return this.delegate.send(method, params);
    }

    @Override
    public JsonNode send(String method, List<?> params, Duration timeout) {
        check(method);
        return this.delegate.send(method, params, timeout);
    }

    @Override
    public <T> T send(String method, List<?> params, ResultDecoder<T> decoder) {
        check(method);
        return this.delegate.send(method, params, decoder);
    }

    @Override
    public <T> T send(String method, List<?> params, Duration timeout, ResultDecoder<T> decoder) {
        check(method);
        return this.delegate.send(method, params, timeout, decoder);
    }

    @Override
    public CompletableFuture<JsonNode> sendAsyncBatch(String method, List<?> params) {
        return refusing() ? failed(method) : this.delegate.sendAsyncBatch(method, params);
    }

    @Override
    public List<CompletableFuture<JsonNode>> sendBatch(List<RpcCall> calls) {
        checkBatch(calls);
        return this.delegate.sendBatch(calls);
    }

    @Override
    public List<CompletableFuture<JsonNode>> sendBatchAndWait(List<RpcCall> calls) {
        checkBatch(calls);
        return this.delegate.sendBatchAndWait(calls);
    }

    @Override
    public CompletableFuture<Subscription> subscribe(List<?> params, SubscriptionListener listener) {
        return refusing() ? failed("eth_subscribe") : this.delegate.subscribe(params, listener);
    }

    @Override
    public CompletableFuture<Boolean> unsubscribe(Subscription subscription) {
        return this.delegate.unsubscribe(subscription);
    }

    @Override
    public void setMetrics(BraneMetrics metrics) {
        this.delegate.setMetrics(metrics);
    }

    @Override
    public int pendingRequests() {
        return this.delegate.pendingRequests();
    }

    @Override
    public void close() {
        this.delegate.close();
    }

    @Override
    public String toString() {
        return this.delegate.toString();
    }

    private boolean refusing() {
        return this.gate.isRefusing();
    }

    private void check(String method) {
        if (this.gate.isRefusing()) {
            throw new BraneShutdownInProgressException(this.chain, method);
        }
    }

    private void checkBatch(List<RpcCall> calls) {
        if (this.gate.isRefusing()) {
            throw new BraneShutdownInProgressException(this.chain, calls.isEmpty() ? "an empty batch"
                    : "a batch of " + calls.size() + " starting with " + calls.get(0).method());
        }
    }

    private <T> CompletableFuture<T> failed(String method) {
        return CompletableFuture.failedFuture(new BraneShutdownInProgressException(this.chain, method));
    }
}
