package sh.brane.rpc.ws;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import tools.jackson.databind.JsonNode;

import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.Subscription;
import sh.brane.rpc.SubscriptionListener;
import sh.brane.rpc.WebSocketProvider;
import sh.brane.rpc.core.SerialExecutor;

/** A subscription handle that outlives reconnects; the node's id behind it changes, the handle does not. */
public final class WsSubscription implements Subscription {

    private final WebSocketProvider owner;
    private final List<?> params;
    private final SubscriptionListener listener;
    private final SerialExecutor serial;
    private final AtomicBoolean active = new AtomicBoolean(true);
    public final String kind;
    public volatile String serverId;

    public WsSubscription(WebSocketProvider owner, List<?> params, SubscriptionListener listener, SerialExecutor serial) {
        this.owner = owner;
        this.params = List.copyOf(params);
        this.listener = listener;
        this.serial = serial;
        this.kind = !params.isEmpty() && params.get(0) instanceof String s ? s : "unknown";
    }

    public void deliver(JsonNode result) {
        serial.execute(() -> {
            if (active.get()) {
                listener.onNotification(result);
            }
        });
    }

    public void gap() {
        serial.execute(() -> {
            if (active.get()) {
                listener.onGap();
            }
        });
    }

    public void error(BraneRpcException e) {
        if (active.compareAndSet(true, false)) {
            serial.execute(() -> listener.onError(e));
        }
    }

    /** Returns true for the one caller that turned it off. */
    public boolean deactivate() {
        return active.compareAndSet(true, false);
    }

    public WebSocketProvider owner() {
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
