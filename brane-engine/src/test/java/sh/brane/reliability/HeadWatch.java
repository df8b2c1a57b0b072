package sh.brane.reliability;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.SubscriptionListener;
import tools.jackson.databind.JsonNode;

/** A newHeads listener that counts heads and gaps and can wait for the next head while mining. */
final class HeadWatch implements SubscriptionListener {

    final AtomicInteger heads = new AtomicInteger();
    final AtomicInteger gaps = new AtomicInteger();
    volatile BraneRpcException error;

    @Override
    public void onNotification(JsonNode result) {
        if (result.has("number")) {
            heads.incrementAndGet();
        }
    }

    @Override
    public void onGap() {
        gaps.incrementAndGet();
    }

    @Override
    public void onError(BraneRpcException e) {
        error = e;
    }

    /**
     * Mines a block every 300 ms (ignoring failures while the connection comes back) until a head newer
     * than the ones seen so far arrives; returns whether one did within {@code within}.
     */
    boolean awaitNextHead(BraneProvider provider, Duration within) throws InterruptedException {
        int seen = heads.get();
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline) {
            provider.sendAsync("evm_mine", List.of());
            for (int i = 0; i < 6; i++) {
                if (heads.get() > seen) {
                    return true;
                }
                Thread.sleep(50);
            }
        }
        return heads.get() > seen;
    }
}
