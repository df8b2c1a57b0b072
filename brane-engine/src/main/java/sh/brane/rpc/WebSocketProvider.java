package sh.brane.rpc;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.Epoll;
import tools.jackson.databind.JsonNode;

import sh.brane.rpc.core.AnswerRouter;
import sh.brane.rpc.core.DeadlineTimer;
import sh.brane.rpc.core.InFlightTable;
import sh.brane.rpc.core.JsonRpcWriter;
import sh.brane.rpc.core.NettySockets;
import sh.brane.rpc.core.PendingRequest;
import sh.brane.rpc.core.QuickAckHandler;
import sh.brane.rpc.core.SerialExecutor;
import sh.brane.rpc.ws.RingWriter;
import sh.brane.rpc.ws.WsConnection;
import sh.brane.rpc.ws.WsSender;
import sh.brane.rpc.ws.WsSubscription;
import sh.brane.rpc.ws.WsSubscriptions;

/**
 * JSON-RPC over one WebSocket connection (Netty), with reconnects with backoff and subscriptions that survive them.
 * This class is the public API and the wiring: {@link InFlightTable} holds requests and deadlines, {@link WsSender}
 * and {@link RingWriter} publish into the Disruptor ring, which the connection's I/O thread drains, writing and
 * flushing once per batch; {@link WsConnection} connects and reconnects, {@link AnswerRouter} routes answers.
 *
 * <p>Threads: one Netty I/O thread, which also drains the ring and waits with the configured
 * {@link WaitStrategyType}, one deadline timer that parks while nothing is in flight; all stopped by {@link #close()}.
 * Futures complete and subscription callbacks run on the callback executor, never on the I/O thread.
 */
public final class WebSocketProvider extends TransportProvider {

    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private final WebSocketConfig config;
    private final String endpoint;
    private final boolean epoll;
    private final EventLoopGroup group;
    private final WsSubscriptions subscriptions;
    private final WsConnection connection;
    private final WsSender sender;
    private final RingWriter ring;
    private final AtomicBoolean closing = new AtomicBoolean();

    private WebSocketProvider(WebSocketConfig config, boolean background) {
        super("brane-ws-" + config.name() + "-" + INSTANCES.incrementAndGet() + "-", "callback-",
                config.requestTimeout(), config.maxPendingRequests(), config.callbackExecutor());
        this.config = config;
        this.endpoint = "'" + config.name() + "' (" + config.uri().getScheme() + "://" + config.uri().getHost() + ":"
                + config.port() + ")";
        this.epoll = config.transport() == TransportType.EPOLL
                || config.transport() == TransportType.AUTO && Epoll.isAvailable();
        // fields read by the ring once the connection exists, after this constructor
        this.ring = new RingWriter(config.ringBufferSize(), config.waitStrategy(), this::channel, table, lifecycle,
                r -> notConnected(r.method), this::connectionClosed);
        // one I/O thread: the connection's, which is also the ring's consumer (more would have nothing to do)
        this.group = NettySockets.group(1, threadPrefix + "io", epoll, ring::ioHandlerFactory);
        this.subscriptions = new WsSubscriptions(lifecycle, endpoint, this::sendForSubscriptions);
        table.onExpired(subscriptions::abandoned);
        // the router and the subscriptions reach the sender only once a message arrives, after the constructor
        String limitHint = "maxFrameSize (" + config.maxFrameSize() + " bytes); raise "
                + config.maxFrameSizeSetting();
        AnswerRouter router = new AnswerRouter(table, lifecycle, subscriptions, this::askAgainLater, endpoint,
                limitHint);
        this.connection = new WsConnection(config, group, epoll, table, lifecycle, subscriptions, router, endpoint,
                background);
        this.sender = new WsSender(config, table, lifecycle, connection, group, endpoint, ring);
    }

    /** Connects with default settings; see {@link #create(WebSocketConfig)}. */
    public static WebSocketProvider create(String url) {
        return create(WebSocketConfig.builder(url).build());
    }

    /**
     * Connects and returns when the WebSocket handshake is done.
     *
     * @throws ConnectionLostException if the node cannot be reached within {@code connectTimeout}
     */
    public static WebSocketProvider create(WebSocketConfig config) {
        Objects.requireNonNull(config, "config");
        WebSocketProvider p = new WebSocketProvider(config, false);
        p.connection.connect();
        try {
            p.connection.firstConnect().get(config.connectTimeout().toMillis() + 1000, TimeUnit.MILLISECONDS);
            return p;
        } catch (ExecutionException | TimeoutException e) {
            p.close();
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            throw new ConnectionLostException("could not connect to " + p.endpoint + ": " + cause, cause);
        } catch (InterruptedException e) {
            p.close();
            Thread.currentThread().interrupt();
            throw new ConnectionLostException("interrupted while connecting to " + p.endpoint, e);
        }
    }

    /**
     * Returns at once and connects in the background, retrying with the reconnect backoff; until the first
     * handshake, calls fail with {@link ConnectionLostException}. A service can so start while its node is down.
     */
    public static WebSocketProvider start(WebSocketConfig config) {
        Objects.requireNonNull(config, "config");
        WebSocketProvider p = new WebSocketProvider(config, true);
        p.connection.connect();
        return p;
    }

    /** Completes on the first handshake; fails only if the provider is closed first (or, for {@link #create}, the
     *  first attempt failed). */
    public CompletableFuture<Void> firstConnection() {
        return connection.firstConnect().copy();
    }

    /** Completes when the first connection attempt has ended, connected or not; never fails. */
    public CompletableFuture<Void> firstAttempt() {
        return connection.firstAttempt().copy();
    }

    @Override
    PendingRequest call(String method, List<?> params, long timeoutNanos, boolean blockingCaller,
                        ResultDecoder<?> decoder) {
        return sender.send(method, params, timeoutNanos, null, blockingCaller, decoder);
    }

    /** The throughput path: the ring's consumer writes every call waiting and flushes once, so a burst leaves in one
     *  flush. */
    @Override
    public CompletableFuture<JsonNode> sendAsyncBatch(String method, List<?> params) {
        return sender.send(method, params, defaultTimeoutNanos, null, false, null).future();
    }

    @Override
    public List<CompletableFuture<JsonNode>> sendBatch(List<RpcCall> calls) {
        return sender.sendBatch(calls, defaultTimeoutNanos).futures();
    }

    @Override
    public CompletableFuture<Subscription> subscribe(List<?> params, SubscriptionListener listener) {
        Objects.requireNonNull(params, "params");
        Objects.requireNonNull(listener, "listener");
        JsonRpcWriter.checkParams(params);
        WsSubscription sub = new WsSubscription(this, params, listener, new SerialExecutor(lifecycle.callbacks()));
        return subscriptions.open(sub).thenApply(ignored -> sub);
    }

    @Override
    public CompletableFuture<Boolean> unsubscribe(Subscription subscription) {
        if (!owns(subscription)) {
            throw new IllegalArgumentException("subscription was not made by this provider: " + subscription);
        }
        WsSubscription s = (WsSubscription) subscription;
        if (!s.deactivate()) {
            return CompletableFuture.completedFuture(false);
        }
        String sid = subscriptions.forget(s);
        if (sid == null || connection.channel() == null) {
            // the node's side of it died with the connection
            return CompletableFuture.completedFuture(true);
        }
        return sendAsync("eth_unsubscribe", List.of(sid)).thenApply(JsonNode::asBoolean);
    }

    /** Free slots in the ring buffer that carries calls to the event loop (a gauge). */
    public long ringBufferRemaining() {
        return sender.ringRemaining();
    }

    /** Subscriptions currently delivering (a gauge). */
    public int activeSubscriptions() {
        return subscriptions.size();
    }

    /** True until closed: subscriptions are made on the open connection and restored after a reconnect. */
    @Override
    public boolean canSubscribe() {
        return !connection.isClosed();
    }

    @Override
    public boolean owns(Subscription subscription) {
        return subscription instanceof WsSubscription s && s.owner() == this;
    }

    @Override
    public List<EndpointStatus> status() {
        boolean open = !connection.isClosed();
        return List.of(new EndpointStatus(config.name(), EndpointStatus.Transport.WS, isConnected(), open,
                activeSubscriptions(), ringBufferRemaining(), connection.connectionEpoch()));
    }

    /** Whether the WebSocket is open right now (false while reconnecting). */
    public boolean isConnected() {
        return connection.channel() != null;
    }

    /** Whether the open connection acknowledges reads at once (see {@link QuickAckHandler}); for tests. */
    boolean quickAckArmed() {
        io.netty.channel.Channel ch = connection.channel();
        return ch != null && ch.pipeline().get(QuickAckHandler.class) != null;
    }

    /** The timer of this provider's deadlines; for tests. */
    DeadlineTimer deadlines() {
        return deadlines;
    }

    private io.netty.channel.Channel channel() {
        return connection.channel();
    }

    private ConnectionLostException notConnected(String method) {
        return sender.notConnected(method);
    }

    private boolean connectionClosed() {
        return connection.isClosed();
    }

    /** "epoll" or "nio": the socket transport in use. */
    public String transportName() {
        return epoll ? "epoll" : "nio";
    }

    /** The configuration this provider runs with. */
    public WebSocketConfig config() {
        return config;
    }

    @Override
    public void close() {
        if (!closing.compareAndSet(false, true)) {
            return;
        }
        connection.close(new ConnectionLostException("provider " + config.name() + " was closed"));
        table.drain(r -> new ConnectionLostException(r.method + " (id " + r.id + ") failed: provider "
                + config.name() + " was closed"));
        deadlines.close();
        subscriptions.closeAll();
        group.shutdownGracefully(0, 500, TimeUnit.MILLISECONDS);
        if (!Thread.currentThread().getName().startsWith(threadPrefix)) {
            group.terminationFuture().awaitUninterruptibly(5, TimeUnit.SECONDS);
            ring.close();
        } else {
            group.terminationFuture().addListener(f -> ring.close());
        }
        virtualThreads.shutdown();
    }

    private CompletableFuture<JsonNode> sendForSubscriptions(String method, List<?> params, Consumer<JsonNode> inline) {
        return sender.send(method, params, defaultTimeoutNanos, inline, false, null).future();
    }

    private boolean askAgainLater(PendingRequest r, RpcErrorException answer) {
        return sender.askAgainLater(r);
    }

    @Override
    public String toString() {
        return "WebSocketProvider[" + endpoint + ", " + transportName() + ", connected=" + isConnected() + "]";
    }
}
