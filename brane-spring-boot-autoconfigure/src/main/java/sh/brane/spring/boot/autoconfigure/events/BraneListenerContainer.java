package sh.brane.spring.boot.autoconfigure.events;

import java.time.Duration;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import sh.brane.client.events.LogHandler;
import sh.brane.client.events.LogHandlerException;
import sh.brane.client.events.LogStream;
import sh.brane.client.events.StreamedLog;

/**
 * Runs one {@link BraneEventListener} method (Spring Kafka's {@code MessageListenerContainer}): a log stream started
 * and stopped with it, each delivery wrapped in the {@link BraneListenerErrorHandler} and an observation. Found by id
 * in the registry ({@link BraneEventListenerContainer#listenerContainer(String)}).
 *
 * <p>One thread per listener, by design: a stream delivers in chain order and commits one checkpoint, so two
 * threads on one stream could only deliver out of order or twice. Listeners run side by side, each on its own
 * thread (virtual when {@code spring.threads.virtual.enabled}).
 *
 * <p>{@link #stop()} ends the delivery in progress at its next back-off wait, or waits for the method to return (at
 * most 10 s), then gives the stream's lease up; {@link #start()} goes on from the last checkpoint, so the logs after
 * it may be delivered again, and none before it.
 */
public final class BraneListenerContainer {
    private static final Logger logger = LoggerFactory.getLogger(BraneListenerContainer.class);

    /** Builds the listener's log stream, not yet started, around the handler and thread factory given. */
    @FunctionalInterface
    interface StreamSource {
        ListenerStreams.ListenerStream create(LogHandler<Record> handler, ThreadFactory threads,
                java.util.function.Consumer<Exception> onError);
    }

    private final String id;
    private final ListenerMethod method;
    private final boolean autoStartup;
    private final StreamSource source;
    private final BraneListenerErrorHandler errorHandler;
    private final DeliveryObservation observation;
    private final StreamMeters meters;
    private final boolean virtualThreads;
    private final long leaseRenewNanos;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition stopped = lock.newCondition();
    private volatile boolean stopping;
    private volatile LogStream<Record> stream;
    private volatile String chain;
    private Runnable unbindMeters = () -> { };

    BraneListenerContainer(ListenerMethod method, boolean autoStartup, StreamSource source,
            BraneListenerErrorHandler errorHandler, DeliveryObservation observation, StreamMeters meters,
            boolean virtualThreads, Duration leaseTtl) {
        this.id = method.id();
        this.method = method;
        this.autoStartup = autoStartup;
        this.source = source;
        this.errorHandler = errorHandler;
        this.observation = observation;
        this.meters = meters;
        this.virtualThreads = virtualThreads;
        this.leaseRenewNanos = leaseTtl.toNanos() / 3;
    }

    /** The listener's id: its stream's name and checkpoint key. */
    public String id() {
        return id;
    }

    /** Whether the registry starts it with the application context. */
    public boolean isAutoStartup() {
        return autoStartup;
    }

    /** Starts its stream (from the stream's checkpoint); does nothing if it runs. */
    public synchronized void start() {
        if (stream != null) {
            return;
        }
        stopping = false;
        ThreadFactory threads = virtualThreads ? Thread.ofVirtual().name("brane-log-stream-" + id).factory()
                : Thread.ofPlatform().name("brane-log-stream-" + id).daemon().factory();
        ListenerStreams.ListenerStream built = source.create(this::deliver, threads, this::onStreamError);
        chain = built.chain();
        if (meters != null) {
            unbindMeters = meters.bind(built.stream(), built.chain());
        }
        stream = built.stream().start();
        logger.info("@BraneEventListener '{}' started on chain '{}'{}", id, chain,
                virtualThreads ? " (virtual thread)" : "");
    }

    /** Stops its stream after the current delivery (see the class comment); does nothing if it is stopped. */
    public synchronized void stop() {
        LogStream<Record> s = stream;
        if (s == null) {
            return;
        }
        lock.lock();
        try {
            stopping = true;
            stopped.signalAll();
        } finally {
            lock.unlock();
        }
        s.close();
        unbindMeters.run();
        unbindMeters = () -> { };
        stream = null;
    }

    /** Stops delivering after the current delivery, keeping the stream's lease; {@link #resume()} goes on. */
    public void pause() {
        LogStream<Record> s = stream;
        if (s != null) {
            s.pause();
        }
    }

    /** Delivers again after {@link #pause()}. */
    public void resume() {
        LogStream<Record> s = stream;
        if (s != null) {
            s.resume();
        }
    }

    public boolean isRunning() {
        return stream != null;
    }

    /** True while paused (and running). */
    public boolean isPaused() {
        LogStream<Record> s = stream;
        return s != null && s.isPaused();
    }

    /** The running stream (its position and stats), or null while stopped. */
    public LogStream<Record> stream() {
        return stream;
    }

    boolean isStopping() {
        return stopping;
    }

    private void deliver(StreamedLog<Record> log) throws Exception {
        errorHandler.deliver(this, log, l -> observation.observe(id, chain, l, method.handler()));
    }

    /**
     * Waits {@code millis} between two attempts, renewing the stream's lease every third of its time to live (a long
     * back-off must not let another instance take the stream over mid-delivery); ends early if the container stops.
     */
    void backOff(long millis) throws ListenerStoppedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        lock.lock();
        try {
            long left;
            while (!stopping && (left = deadline - System.nanoTime()) > 0) {
                stopped.awaitNanos(Math.min(left, leaseRenewNanos));
                LogStream<Record> s = stream;
                if (!stopping && s != null && deadline - System.nanoTime() > 0) {
                    s.keepLease();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ListenerStoppedException(id);
        } finally {
            lock.unlock();
        }
        if (stopping) {
            throw new ListenerStoppedException(id);
        }
    }

    private void onStreamError(Exception e) {
        if (e instanceof LogHandlerException h && h.getCause() instanceof ListenerStoppedException) {
            logger.debug("@BraneEventListener '{}': stopped during a back-off; the log is delivered again after the"
                    + " checkpoint when it starts", id);
        } else if (e instanceof LogHandlerException h) {
            logger.warn("@BraneEventListener '{}': the recoverer failed; the log is delivered again on the next pass",
                    id, h.getCause());
        } else {
            logger.warn("@BraneEventListener '{}': {}", id, e.getMessage());
        }
    }

    /** Ends a delivery whose container stopped during a back-off: the checkpoint stays before the log. */
    static final class ListenerStoppedException extends Exception {
        private static final long serialVersionUID = 1L;

        ListenerStoppedException(String id) {
            super("@BraneEventListener '" + id + "' stopped during a back-off");
        }
    }

    @Override
    public String toString() {
        return "BraneListenerContainer[" + id + (isRunning() ? ", running" : ", stopped")
                + (isPaused() ? ", paused" : "") + "]";
    }
}
