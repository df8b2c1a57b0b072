package sh.brane.rpc;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import tools.jackson.databind.JsonNode;

/** A subscription handle that outlives reconnects; the node's id behind it changes, the handle does not. */
final class WsSubscription implements Subscription {

    private final WebSocketProvider owner;
    private final List<?> params;
    private final SubscriptionListener listener;
    private final SerialExecutor serial;
    private final AtomicBoolean active = new AtomicBoolean(true);
    final String kind;
    volatile String serverId;

    WsSubscription(WebSocketProvider owner, List<?> params, SubscriptionListener listener, SerialExecutor serial) {
        this.owner = owner;
        this.params = List.copyOf(params);
        this.listener = listener;
        this.serial = serial;
        this.kind = !params.isEmpty() && params.get(0) instanceof String s ? s : "unknown";
    }

    void deliver(JsonNode result) {
        serial.execute(() -> {
            if (active.get()) {
                listener.onNotification(result);
            }
        });
    }

    void gap() {
        serial.execute(() -> {
            if (active.get()) {
                listener.onGap();
            }
        });
    }

    void error(BraneRpcException e) {
        if (active.compareAndSet(true, false)) {
            serial.execute(() -> listener.onError(e));
        }
    }

    /** Returns true for the one caller that turned it off. */
    boolean deactivate() {
        return active.compareAndSet(true, false);
    }

    WebSocketProvider owner() {
        return owner;
    }

    @Override
    public List<?> params() {
        return params;
    }

    @Override
    public String serverId() {
        return serverId;
    }

    @Override
    public boolean isActive() {
        return active.get();
    }

    @Override
    public void close() {
        owner.unsubscribe(this);
    }

    @Override
    public String toString() {
        return "Subscription[" + kind + ", serverId=" + serverId + ", active=" + active.get() + "]";
    }
}
