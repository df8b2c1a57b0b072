package sh.brane.example.heads;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Service;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;
import sh.brane.client.BlockHeader;
import sh.brane.client.BraneClient;
import sh.brane.rpc.Subscription;

/**
 * One {@code newHeads} subscription for the whole service, fanned out to every open server-sent-events stream.
 * The provider re-subscribes by itself after a reconnect (heads in between may be missed). Besides {@code head}
 * events, clients get a {@code heartbeat} every {@code app.heads.heartbeat-interval} (also while the node is
 * down, so they do not time out), a {@code gap} when heads were skipped (numbers {@code from} to {@code to} never
 * arrived) and a {@code reset} when the chain went back (a reorg, or a development node reverted or restarted).
 */
@Service
public class HeadStream implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(HeadStream.class);

    private final BraneClient client;
    private final List<SseEmitter> emitters = new CopyOnWriteArrayList<>();
    private volatile Subscription subscription;
    /** Why there is no stream, once the provider turned out to have no push channel. */
    private volatile String unavailable;
    private volatile Head latest;
    private volatile boolean running;
    /** False once the provider turned out to have no subscriptions at all (HTTP). */
    private volatile boolean retry = true;

    private final java.time.Duration heartbeatInterval;
    private java.util.concurrent.ScheduledExecutorService heartbeats;

    public HeadStream(BraneClient client,
            @org.springframework.beans.factory.annotation.Value("${app.heads.heartbeat-interval:15s}")
            java.time.Duration heartbeatInterval) {
        this.client = client;
        this.heartbeatInterval = heartbeatInterval;
    }

    /**
     * Opens a stream that receives every new head from now on.
     *
     * @throws UnsupportedOperationException when the provider has no push channel (HTTP): it never will
     * @throws HeadsNotReadyException when the subscription could not be opened yet (the node is unreachable): the
     *         heartbeat keeps trying
     */
    public SseEmitter open() {
        if (subscription == null) {
            if (retry) {
                throw new HeadsNotReadyException();
            }
            throw new UnsupportedOperationException(unavailable);
        }
        SseEmitter emitter = new SseEmitter(0L);
        emitters.add(emitter);
        emitter.onCompletion(() -> emitters.remove(emitter));
        emitter.onTimeout(() -> emitters.remove(emitter));
        emitter.onError(e -> emitters.remove(emitter));
        Head head = latest;
        if (head != null) {
            send(emitter, "head", head);
        }
        return emitter;
    }

    /** The newest head seen on the subscription, or null before the first. */
    public Head latest() {
        return latest;
    }

    public int listeners() {
        return emitters.size();
    }

    @Override
    public void start() {
        running = true;
        heartbeats = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().name("heads-heartbeat").factory());
        long millis = heartbeatInterval.toMillis();
        heartbeats.scheduleAtFixedRate(this::heartbeat, millis, millis, java.util.concurrent.TimeUnit.MILLISECONDS);
        subscribe();
    }

    /** Opens the subscription; on a node that is down, the heartbeat tries again until it is up. */
    private synchronized void subscribe() {
        if (subscription != null || !running || !retry) {
            return;
        }
        try {
            subscription = client.subscribeNewHeads(this::onHead,
                    e -> log.warn("newHeads subscription failed: {}", e.getMessage()));
            log.info("newHeads subscription open");
        } catch (UnsupportedOperationException e) {
            retry = false;
            unavailable = "new heads need a WebSocket connection (brane.rpc.url=ws://...); this provider has none";
            log.info("No newHeads subscription: {}", e.getMessage());
        } catch (RuntimeException e) {
            // the node may be down at start-up: the service starts anyway, open() answers "not yet" (503), and
            // the heartbeat tries again
            log.debug("No newHeads subscription yet: {}", e.getMessage());
        }
    }

    @Override
    public void stop() {
        running = false;
        if (heartbeats != null) {
            heartbeats.shutdownNow();
        }
        Subscription s = subscription;
        if (s != null) {
            s.close();
        }
        emitters.forEach(SseEmitter::complete);
        emitters.clear();
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    private void publish(String name, Object data) {
        for (SseEmitter emitter : emitters) {
            send(emitter, name, data);
        }
    }

    private void send(SseEmitter emitter, String name, Object data) {
        try {
            emitter.send(SseEmitter.event().name(name).data(data));
        } catch (IOException | IllegalStateException e) {
            emitters.remove(emitter);
        }
    }

    private void heartbeat() {
        if (subscription == null) {
            subscribe();
        }
        Head head = latest;
        publish("heartbeat", new Heartbeat(Instant.now(), head == null ? null : head.number()));
    }

    private void onHead(BlockHeader header) {
        Head head = new Head(header.number(), header.hash() == null ? null : header.hash().toHex(),
                Instant.ofEpochSecond(header.timestamp()),
                header.baseFeePerGas() == null ? null : header.baseFeePerGas().toString());
        Head previous = latest;
        latest = head;
        if (previous != null && head.number() > previous.number() + 1) {
            publish("gap", new Gap(previous.number() + 1, head.number() - 1));
        }
        else if (previous != null && head.number() <= previous.number()) {
            publish("reset", new Reset(previous.number(), head.number()));
        }
        publish("head", head);
    }

    /** Sent every heartbeat interval; {@code latestNumber} is the newest head seen (null before the first). */
    public record Heartbeat(Instant time, Long latestNumber) {
    }

    /** Heads {@code from} to {@code to} (inclusive) were never received. */
    public record Gap(long from, long to) {
    }

    /** The chain went back from {@code previousNumber} to {@code number}: heads after it were replaced. */
    public record Reset(long previousNumber, long number) {
    }

    /** A new block as streamed to clients. */
    public record Head(long number, String hash, Instant timestamp, String baseFeePerGas) {
    }
}
