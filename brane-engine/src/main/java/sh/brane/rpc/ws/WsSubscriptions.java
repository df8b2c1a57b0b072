package sh.brane.rpc.ws;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

import io.netty.channel.Channel;
import tools.jackson.databind.JsonNode;

import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.ConnectionLostException;
import sh.brane.rpc.NodeText;
import sh.brane.rpc.RpcTimeoutException;
import sh.brane.rpc.core.AnswerRouter;
import sh.brane.rpc.core.PendingRequest;
import sh.brane.rpc.core.RequestLifecycle;

/** The subscriptions of one WebSocket provider: their node ids on the current connection, restoring them after a
 *  reconnect, ending them when it is down for good, and the node's pushes. */
public final class WsSubscriptions implements AnswerRouter.Pushes {

    /** Sends a call on the provider's connection; {@code inline} reads the result on the I/O thread first. */
    @FunctionalInterface
    public interface Sender {
        CompletableFuture<JsonNode> send(String method, List<?> params, Consumer<JsonNode> inline);
    }

    private final Set<WsSubscription> active = ConcurrentHashMap.newKeySet();
    private final ConcurrentHashMap<String, WsSubscription> byServerId = new ConcurrentHashMap<>();
    /** Ids of eth_subscribe calls that timed out on this connection: a late answer names a subscription to end. */
    private final Set<Long> abandoned = ConcurrentHashMap.newKeySet();
    private final RequestLifecycle lifecycle;
    private final String endpoint;
    private final Sender sender;

    public WsSubscriptions(RequestLifecycle lifecycle, String endpoint, Sender sender) {
        this.lifecycle = lifecycle;
        this.endpoint = endpoint;
        this.sender = sender;
    }

    public int size() {
        return active.size();
    }

    /** Sends {@code eth_subscribe} for {@code sub}; it becomes active once the node has named it. */
    public CompletableFuture<JsonNode> open(WsSubscription sub) {
        return sender.send("eth_subscribe", sub.params(), result -> activate(sub, result));
    }

    /** Runs on the I/O thread as the eth_subscribe answer is parsed, before any later notification. */
    private void activate(WsSubscription sub, JsonNode result) {
        if (!result.isString()) {
            throw new IllegalStateException("eth_subscribe returned " + NodeText.of(result)
                    + ", expected a subscription id string");
        }
        String old = sub.serverId;
        if (old != null) {
            byServerId.remove(old, sub);
        }
        sub.serverId = result.asString();
        if (!sub.isActive()) {
            return;
        }
        byServerId.put(sub.serverId, sub);
        if (old != null) {
            sub.gap();
        }
        active.add(sub);
    }

    /** Forgets {@code sub}; returns the node's id to end on the node, or null when the node holds nothing of it. */
    public String forget(WsSubscription sub) {
        active.remove(sub);
        String sid = sub.serverId;
        if (sid != null) {
            byServerId.remove(sid, sub);
        }
        return sid;
    }

    /** An eth_subscribe call that timed out: should the node still answer it, the subscription is ended there. */
    public void abandoned(PendingRequest r) {
        if (r.onResultInline != null) {
            abandoned.add(r.id);
        }
    }

    /** The connection is gone, and with it every subscription on the node's side. */
    public void connectionLost() {
        byServerId.clear();
        abandoned.clear();
    }

    public void resubscribeAll(Channel ch) {
        for (WsSubscription sub : active) {
            if (!sub.isActive()) {
                continue;
            }
            open(sub).whenComplete((ok, err) -> {
                Throwable cause = err instanceof CompletionException ce ? ce.getCause() : err;
                if (cause instanceof RpcTimeoutException) {
                    // transient, and the node may still create it late under an id we would never learn: start again
                    // on a fresh connection, where the node has dropped everything of this one
                    RequestLifecycle.LOG.warn("re-subscribing on {} timed out; reconnecting", endpoint);
                    ch.close();
                } else if (cause instanceof BraneRpcException bre && !(bre instanceof ConnectionLostException)) {
                    active.remove(sub);
                    sub.error(bre);
                }
            });
        }
    }

    /** The connection is down for good: every subscription ends with {@code e}. */
    public void endAll(BraneRpcException e) {
        // Empty the table before telling anyone: listeners run on other threads and may look at it at once.
        List<WsSubscription> ended = List.copyOf(active);
        active.removeAll(ended);
        for (WsSubscription s : ended) {
            s.error(e);
        }
    }

    /** The provider closed: every subscription stops, without an error. */
    public void closeAll() {
        for (WsSubscription s : active) {
            s.deactivate();
        }
        active.clear();
        byServerId.clear();
    }

    @Override
    public boolean deliver(String subscriptionId, JsonNode result) {
        WsSubscription sub = byServerId.get(subscriptionId);
        if (sub == null) {
            return false;
        }
        lifecycle.hook(m -> m.onSubscriptionNotification(sub.kind));
        sub.deliver(result);
        return true;
    }

    @Override
    public void lateAnswer(long id, JsonNode result) {
        if (abandoned.remove(id) && result.isString()) {
            // the caller was told it failed, so nobody listens: end it rather than receive it forever
            RequestLifecycle.LOG.debug("ending subscription {} created after its eth_subscribe timed out",
                    NodeText.of(result.asString()));
            sender.send("eth_unsubscribe", List.of(result.asString()), null);
        }
    }

    @Override
    public int lostNotification(String subscriptionId) {
        // The notification is lost: its subscriber must hear of the gap (to backfill), not see silence.
        WsSubscription owner = byServerId.get(subscriptionId);
        List<WsSubscription> told = owner != null ? List.of(owner) : List.copyOf(active);
        told.forEach(WsSubscription::gap);
        return told.size();
    }
}
