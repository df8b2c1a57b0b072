package sh.brane.example.heads;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Service;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;
import sh.brane.example.chain.Quantities;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.Subscription;
import sh.brane.rpc.SubscriptionListener;
import tools.jackson.databind.JsonNode;

/**
 * One {@code newHeads} subscription for the whole service, fanned out to every open server-sent-events stream.
 * The provider re-subscribes by itself after a reconnect; a gap is told to the clients as a {@code gap} event.
 */
@Service
public class HeadStream implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(HeadStream.class);

    private final BraneProvider provider;
    private final List<SseEmitter> emitters = new CopyOnWriteArrayList<>();
    private volatile Subscription subscription;
    private volatile Head latest;
    private volatile boolean running;

    public HeadStream(BraneProvider provider) {
        this.provider = provider;
    }

    /** Opens a stream that receives every new head from now on. */
    public SseEmitter open() {
        if (subscription == null) {
            throw new UnsupportedOperationException(
                    "new heads need a WebSocket connection (brane.rpc.url=ws://...); this provider has none");
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
        try {
            subscription = provider.subscribe(List.of("newHeads"), new Listener()).get(10, TimeUnit.SECONDS);
        } catch (UnsupportedOperationException e) {
            log.info("No newHeads subscription: {}", e.getMessage());
        } catch (Exception e) {
            if (e.getCause() instanceof UnsupportedOperationException u) {
                log.info("No newHeads subscription: {}", u.getMessage());
            } else {
                throw new IllegalStateException("could not subscribe to newHeads", e);
            }
        }
    }

    @Override
    public void stop() {
        running = false;
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

    private final class Listener implements SubscriptionListener {
        @Override
        public void onNotification(JsonNode result) {
            Head head = new Head(Quantities.longValue(result.get("number")), result.get("hash").asString(),
                    Instant.ofEpochSecond(Quantities.longValue(result.get("timestamp"))),
                    Quantities.big(result.get("baseFeePerGas")) == null ? null
                            : Quantities.big(result.get("baseFeePerGas")).toString());
            latest = head;
            publish("head", head);
        }

        @Override
        public void onGap() {
            publish("gap", "reconnected: some heads may have been missed");
        }

        @Override
        public void onError(BraneRpcException error) {
            log.warn("newHeads subscription ended: {}", error.getMessage());
        }
    }

    /** A new block as streamed to clients. */
    public record Head(long number, String hash, Instant timestamp, String baseFeePerGas) {
    }
}
