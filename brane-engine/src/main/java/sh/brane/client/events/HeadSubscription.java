package sh.brane.client.events;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.NodeText;
import sh.brane.rpc.Subscription;
import sh.brane.rpc.SubscriptionListener;
import tools.jackson.databind.JsonNode;

/**
 * The {@code newHeads} subscription that wakes a {@link LogStream} when the provider can push (WebSocket, or a
 * fallback with a WebSocket endpoint): only a trigger. Each notification, each gap (a reconnect; notifications lost)
 * and the subscription's death wake the stream, which then reads from its last delivered block to the head as a poll
 * would. So a missed head can delay delivery until the next notification or safety poll, never skip a block.
 *
 * <p>Opened and re-opened from the stream's own thread ({@link #ensure}), never from {@code start()}: subscribing
 * waits for the node, and starting a stream must not. A subscription that failed or died is tried again at most once
 * per {@link #RETRY_NANOS}.
 */
final class HeadSubscription implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HeadSubscription.class);
    private static final long SUBSCRIBE_TIMEOUT_MS = 10_000;
    static final long RETRY_NANOS = TimeUnit.SECONDS.toNanos(5);

    private final String stream;
    private final BraneProvider provider;
    private final Runnable wake;
    private volatile Subscription current;
    private volatile boolean closed;
    private long lastAttempt = System.nanoTime() - RETRY_NANOS;

    HeadSubscription(String stream, BraneProvider provider, Runnable wake) {
        this.stream = stream;
        this.provider = provider;
        this.wake = wake;
    }

    /** True while heads are pushed: the stream then polls only as a safety net. */
    boolean isLive() {
        Subscription s = current;
        return s != null && s.isActive();
    }

    /** Subscribes if the provider can and there is no live subscription (called on the stream's thread). */
    void ensure() {
        if (closed || isLive() || !provider.canSubscribe() || System.nanoTime() - lastAttempt < RETRY_NANOS) {
            return;
        }
        lastAttempt = System.nanoTime();
        try {
            Subscription s = provider.subscribe(List.of("newHeads"), new Listener())
                    .get(SUBSCRIBE_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            if (closed) {
                s.close();
                return;
            }
            current = s;
            LOG.debug("log stream '{}': following new heads over a subscription", stream);
        } catch (ExecutionException e) {
            LOG.info("log stream '{}': no newHeads subscription ({}); polling", stream, NodeText.of(e.getCause()));
        } catch (TimeoutException e) {
            LOG.info("log stream '{}': newHeads subscription timed out; polling", stream);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        closed = true;
        Subscription s = current;
        current = null;
        if (s != null) {
            try {
                s.close();
            } catch (RuntimeException e) {
                LOG.debug("log stream '{}': closing its newHeads subscription: {}", stream, e.getMessage());
            }
        }
    }

    private final class Listener implements SubscriptionListener {
        @Override
        public void onNotification(JsonNode result) {
            wake.run();
        }

        @Override
        public void onGap() {
            LOG.debug("log stream '{}': new heads missed across a reconnect; catching up from its checkpoint", stream);
            wake.run();
        }

        @Override
        public void onError(BraneRpcException error) {
            LOG.info("log stream '{}': newHeads subscription ended ({}); polling until it is back", stream,
                    NodeText.of(error));
            wake.run(); // poll now, and subscribe again from the stream's thread
        }
    }
}
