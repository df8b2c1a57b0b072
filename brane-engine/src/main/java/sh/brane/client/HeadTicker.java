package sh.brane.client;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.Subscription;
import sh.brane.rpc.SubscriptionListener;
import tools.jackson.databind.JsonNode;

/**
 * One shared {@code newHeads} subscription that wakes every thread waiting for a receipt when a block arrives,
 * so that N waiters cost one subscription, not N. On a provider without a push channel (HTTP) it reports that
 * it cannot run and waiters poll instead.
 */
final class HeadTicker implements AutoCloseable {
    private static final long SUBSCRIBE_TIMEOUT_MS = 10_000;

    private final BraneProvider provider;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition ticked = lock.newCondition();
    private long generation;
    private Subscription subscription;
    private boolean unsupported;
    private boolean closed;

    HeadTicker(BraneProvider provider) {
        this.provider = provider;
    }

    /** Subscribes if needed; false if this provider cannot push heads (then the caller polls). */
    boolean start() {
        lock.lock();
        try {
            if (unsupported || closed) {
                return false;
            }
            if (subscription != null && subscription.isActive()) {
                return true;
            }
        } finally {
            lock.unlock();
        }
        Subscription s;
        try {
            s = provider.subscribe(List.of("newHeads"), new Listener())
                    .get(SUBSCRIBE_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnsupportedOperationException) {
                lock.lock();
                try {
                    unsupported = true;
                } finally {
                    lock.unlock();
                }
            }
            return false; // a transient failure: poll this time, try to subscribe again next time
        } catch (TimeoutException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        lock.lock();
        try {
            if (closed || (subscription != null && subscription.isActive())) {
                s.close(); // lost a race with another starter, or closed meanwhile
                return !closed;
            }
            subscription = s;
            return true;
        } finally {
            lock.unlock();
        }
    }

    long generation() {
        lock.lock();
        try {
            return generation;
        } finally {
            lock.unlock();
        }
    }

    /** Waits until a head newer than {@code seen} arrives or {@code nanos} pass. */
    void awaitAfter(long seen, long nanos) throws InterruptedException {
        lock.lock();
        try {
            while (generation == seen && nanos > 0) {
                nanos = ticked.awaitNanos(nanos);
            }
        } finally {
            lock.unlock();
        }
    }

    private void tick() {
        lock.lock();
        try {
            generation++;
            ticked.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void close() {
        Subscription s;
        lock.lock();
        try {
            closed = true;
            s = subscription;
            subscription = null;
            ticked.signalAll();
        } finally {
            lock.unlock();
        }
        if (s != null) {
            s.close();
        }
    }

    private final class Listener implements SubscriptionListener {
        @Override
        public void onNotification(JsonNode result) {
            tick();
        }

        @Override
        public void onGap() {
            tick(); // heads were missed: let waiters look again now
        }

        @Override
        public void onError(BraneRpcException error) {
            lock.lock();
            try {
                subscription = null; // dead: the next waiter subscribes again
            } finally {
                lock.unlock();
            }
            tick();
        }
    }
}
