package sh.brane.rpc;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

import com.lmax.disruptor.BlockingWaitStrategy;
import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.EventHandler;
import com.lmax.disruptor.InsufficientCapacityException;
import com.lmax.disruptor.LiteBlockingWaitStrategy;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.SleepingWaitStrategy;
import com.lmax.disruptor.WaitStrategy;
import com.lmax.disruptor.YieldingWaitStrategy;
import com.lmax.disruptor.dsl.Disruptor;
import com.lmax.disruptor.dsl.ProducerType;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CorruptedWebSocketFrameException;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.DefaultThreadFactory;
import tools.jackson.databind.JsonNode;

/**
 * JSON-RPC over one WebSocket connection (Netty), with a Disruptor ring for coalesced writes, reconnects
 * with backoff, and subscriptions that survive reconnects.
 *
 * <p>Threads: {@code ioThreads} Netty threads and one ring writer thread, all named
 * {@code brane-ws-<name>-<n>-...}, all stopped by {@link #close()}. Futures complete and subscription
 * callbacks run on the callback executor (virtual threads by default), never on the I/O thread.
 */
public final class WebSocketProvider implements BraneProvider {

    /** Single frames up to this size are read whole (then dropped if too big) so only their request fails. */
    static final int MIN_FRAME_DECODER_LIMIT = 16 * 1024 * 1024;
    /** Writes after which a flush happens even in a burst, so a long burst still streams out. */
    private static final int FLUSH_CONSOLIDATION_LIMIT = 256;
    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private final WebSocketConfig config;
    private final String threadPrefix;
    private final boolean epoll;
    private final EventLoopGroup group;
    private final Bootstrap bootstrap;
    private final PendingTable pending;
    private final RequestLifecycle lifecycle;
    private final ExecutorService ownedExecutor;
    private final Disruptor<RingEvent> disruptor;
    private final RingBuffer<RingEvent> ring;
    private final List<Thread> ringThreads = new CopyOnWriteArrayList<>();
    private final AtomicLong nextId = new AtomicLong(1);
    private final AnswerSpin spin = new AnswerSpin();
    private final Set<WsSubscription> subscriptions = ConcurrentHashMap.newKeySet();
    private final ConcurrentHashMap<String, WsSubscription> byServerId = new ConcurrentHashMap<>();
    /** Ids of eth_subscribe calls that timed out on this connection: a late answer names a subscription to end. */
    private final Set<Long> abandonedSubscribes = ConcurrentHashMap.newKeySet();
    private final AtomicInteger reconnectAttempts = new AtomicInteger();
    private final CompletableFuture<Void> firstConnect = new CompletableFuture<>();
    /** Completes (normally) when the first connection attempt ends, connected or not. */
    private final CompletableFuture<Void> firstAttempt = new CompletableFuture<>();
    private final long defaultTimeoutNanos;
    private volatile Channel channel;
    private volatile boolean closed;
    /** Set by {@link #start}: a failed first attempt retries with the reconnect backoff instead of failing. */
    private volatile boolean background;

    private WebSocketProvider(WebSocketConfig config) {
        this.config = config;
        this.threadPrefix = "brane-ws-" + config.name() + "-" + INSTANCES.incrementAndGet() + "-";
        this.defaultTimeoutNanos = config.requestTimeout().toNanos();
        this.pending = new PendingTable(config.maxPendingRequests());
        if (config.callbackExecutor() != null) {
            this.ownedExecutor = null;
            this.lifecycle = new RequestLifecycle(config.callbackExecutor());
        } else {
            this.ownedExecutor = Executors.newThreadPerTaskExecutor(
                    Thread.ofVirtual().name(threadPrefix + "callback-", 0).factory());
            this.lifecycle = new RequestLifecycle(ownedExecutor);
        }
        this.epoll = config.transport() == TransportType.EPOLL
                || config.transport() == TransportType.AUTO && Epoll.isAvailable();
        IoHandlerFactory io = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        this.group = new MultiThreadIoEventLoopGroup(config.ioThreads(),
                new DefaultThreadFactory(threadPrefix + "io", true), io);
        this.bootstrap = newBootstrap(buildSslContext(config, endpointDescription()));

        ThreadFactory ringThreadFactory = r -> {
            Thread t = new Thread(r, threadPrefix + "ring-writer");
            t.setDaemon(true);
            ringThreads.add(t);
            return t;
        };
        this.disruptor = new Disruptor<>(RingEvent::new, config.ringBufferSize(), ringThreadFactory,
                ProducerType.MULTI, waitStrategy(config.waitStrategy()));
        disruptor.handleEventsWith(new RingWriter());
        this.ring = disruptor.start();
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
        WebSocketProvider p = new WebSocketProvider(config);
        p.connect();
        try {
            p.firstConnect.get(config.connectTimeout().toMillis() + 1000, TimeUnit.MILLISECONDS);
            return p;
        } catch (ExecutionException | TimeoutException e) {
            p.close();
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            throw new ConnectionLostException("could not connect to " + p.endpointDescription() + ": " + cause, cause);
        } catch (InterruptedException e) {
            p.close();
            Thread.currentThread().interrupt();
            throw new ConnectionLostException("interrupted while connecting to " + p.endpointDescription(), e);
        }
    }

    /**
     * Returns at once and connects in the background: until the first handshake, requests and subscriptions
     * fail with {@link ConnectionLostException}, and failed attempts (a node that is down, refuses or does not
     * answer) retry with the reconnect backoff, as after a lost connection. A service can so start while its
     * node is down; {@link #isConnected()} and {@link #firstConnection()} tell when it is reachable.
     */
    public static WebSocketProvider start(WebSocketConfig config) {
        Objects.requireNonNull(config, "config");
        WebSocketProvider p = new WebSocketProvider(config);
        p.background = true;
        p.connect();
        return p;
    }

    /**
     * Completes on the first successful handshake; fails only if the provider is closed first (or, for
     * {@link #create(WebSocketConfig)}, when the first attempt failed).
     */
    public CompletableFuture<Void> firstConnection() {
        return firstConnect.copy();
    }

    /**
     * Completes when the first connection attempt has ended, whether it connected or not (a refused connection
     * ends it at once, a silent node after {@code connectTimeout}); never fails.
     */
    public CompletableFuture<Void> firstAttempt() {
        return firstAttempt.copy();
    }

    // ---------------------------------------------------------------- public API

    @Override
    public JsonNode send(String method, List<?> params) {
        long start = System.nanoTime();
        CompletableFuture<JsonNode> f = dispatch(method, params, defaultTimeoutNanos, null, true);
        spin.await(f, start, pending.size());
        try {
            return Blocking.await(f, method);
        } finally {
            spin.answered(start);
        }
    }

    @Override
    public CompletableFuture<JsonNode> sendAsync(String method, List<?> params) {
        return dispatch(method, params, defaultTimeoutNanos, null, false);
    }

    @Override
    public CompletableFuture<JsonNode> sendAsync(String method, List<?> params, Duration timeout) {
        return dispatch(method, params, RequestLifecycle.timeoutNanos(timeout), null, false);
    }

    @Override
    public CompletableFuture<JsonNode> sendAsyncBatch(String method, List<?> params) {
        Objects.requireNonNull(method, "method");
        JsonRpcWriter.checkParams(params);
        PendingRequest r = register(method, defaultTimeoutNanos, null, false);
        if (r.future.isDone()) {
            return r.future;
        }
        r.params = params;
        long seq = claimSlot(r);
        if (seq < 0) {
            return r.future;
        }
        try {
            RingEvent e = ring.get(seq);
            e.request = r;
            e.params = params;
        } finally {
            ring.publish(seq);
        }
        return r.future;
    }

    @Override
    public List<CompletableFuture<JsonNode>> sendBatch(List<RpcCall> calls) {
        AdmittedBatch batch = AdmittedBatch.register(calls, method -> register(method, defaultTimeoutNanos, null, false));
        List<CompletableFuture<JsonNode>> futures = batch.futures();
        List<PendingRequest> accepted = batch.accepted();
        List<RpcCall> acceptedCalls = batch.acceptedCalls();
        if (accepted.isEmpty()) {
            return futures;
        }
        Channel ch = channel;
        if (ch == null) {
            for (PendingRequest r : accepted) {
                failPending(r.id, notConnected(r.method));
            }
            return futures;
        }
        long[] ids = new long[accepted.size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = accepted.get(i).id;
        }
        for (int i = 0; i < ids.length; i++) {
            accepted.get(i).batchIds = ids;
            accepted.get(i).params = acceptedCalls.get(i).params();
        }
        ByteBuf buf = ch.alloc().buffer();
        try {
            JsonRpcWriter.writeBatch(new ByteBufOutputStream(buf), ids, acceptedCalls);
        } catch (RuntimeException e) {
            buf.release();
            for (PendingRequest r : accepted) {
                failPending(r.id, new InvalidResponseException("could not serialize batch: " + e.getMessage(), e));
            }
            return futures;
        }
        lifecycle.hook(m -> m.onBatchSize(ids.length));
        ch.writeAndFlush(new TextWebSocketFrame(buf)).addListener((ChannelFutureListener) f -> {
            if (!f.isSuccess()) {
                for (PendingRequest r : accepted) {
                    failPending(r.id, writeFailed(r.method, f.cause()));
                }
            }
        });
        return futures;
    }

    @Override
    public CompletableFuture<Subscription> subscribe(List<?> params, SubscriptionListener listener) {
        Objects.requireNonNull(params, "params");
        Objects.requireNonNull(listener, "listener");
        JsonRpcWriter.checkParams(params);
        WsSubscription sub = new WsSubscription(this, params, listener, new SerialExecutor(lifecycle.callbacks()));
        return dispatch("eth_subscribe", params, defaultTimeoutNanos, result -> activate(sub, result), false)
                .thenApply(ignored -> sub);
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
        subscriptions.remove(s);
        String sid = s.serverId;
        if (sid != null) {
            byServerId.remove(sid, s);
        }
        if (sid == null || channel == null) {
            // the node's side of it died with the connection
            return CompletableFuture.completedFuture(true);
        }
        return sendAsync("eth_unsubscribe", List.of(sid)).thenApply(JsonNode::asBoolean);
    }

    @Override
    public void setMetrics(BraneMetrics metrics) {
        lifecycle.setMetrics(metrics);
    }

    @Override
    public int pendingRequests() {
        return pending.size();
    }

    /** Free slots in the {@code sendAsyncBatch} ring buffer (a gauge). */
    public long ringBufferRemaining() {
        return ring.remainingCapacity();
    }

    /** Subscriptions currently delivering (a gauge). */
    public int activeSubscriptions() {
        return subscriptions.size();
    }

    /** True until closed: subscriptions are made on the open connection and restored after a reconnect. */
    @Override
    public boolean canSubscribe() {
        return !closed;
    }

    @Override
    public boolean owns(Subscription subscription) {
        return subscription instanceof WsSubscription s && s.owner() == this;
    }

    @Override
    public List<EndpointStatus> status() {
        return List.of(new EndpointStatus(config.name(), EndpointStatus.Transport.WS, isConnected(), !closed,
                activeSubscriptions(), ringBufferRemaining()));
    }

    /** Whether the WebSocket is open right now (false while reconnecting). */
    public boolean isConnected() {
        return channel != null;
    }

    /** Whether the open connection acknowledges reads at once (see {@link QuickAckHandler}); for tests. */
    boolean quickAckArmed() {
        Channel ch = channel;
        return ch != null && ch.pipeline().get(QuickAckHandler.class) != null;
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
        if (closed) {
            return;
        }
        closed = true;
        Channel ch = channel;
        channel = null;
        disruptor.halt();
        ConnectionLostException closedError = new ConnectionLostException("provider " + config.name() + " was closed");
        for (PendingRequest r : pending.drain()) {
            lifecycle.fail(r, new ConnectionLostException(r.method + " (id " + r.id + ") failed: provider "
                    + config.name() + " was closed"));
        }
        for (WsSubscription s : subscriptions) {
            s.deactivate();
        }
        subscriptions.clear();
        byServerId.clear();
        firstConnect.completeExceptionally(closedError);
        firstAttempt.complete(null);
        if (ch != null) {
            // a normal closure tells the node to drop our subscriptions at once
            ch.writeAndFlush(new CloseWebSocketFrame(WebSocketCloseStatus.NORMAL_CLOSURE))
                    .addListener(ChannelFutureListener.CLOSE);
        }
        group.shutdownGracefully(0, 500, TimeUnit.MILLISECONDS);
        boolean onOurThread = Thread.currentThread().getName().startsWith(threadPrefix);
        if (!onOurThread) {
            group.terminationFuture().awaitUninterruptibly(5, TimeUnit.SECONDS);
            for (Thread t : ringThreads) {
                try {
                    t.join(2000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        if (ownedExecutor != null) {
            ownedExecutor.shutdown();
        }
    }

    @Override
    public String toString() {
        return "WebSocketProvider[" + endpointDescription() + ", " + transportName() + ", connected=" + isConnected() + "]";
    }

    // ---------------------------------------------------------------- sending

    private CompletableFuture<JsonNode> dispatch(String method, List<?> params, long timeoutNanos,
                                                 Consumer<JsonNode> inline, boolean blockingCaller) {
        Objects.requireNonNull(method, "method");
        JsonRpcWriter.checkParams(params);
        PendingRequest r = register(method, timeoutNanos, inline, blockingCaller);
        if (r.future.isDone()) {
            return r.future;
        }
        r.params = params;
        Channel ch = channel;
        if (ch == null) {
            failPending(r.id, notConnected(method));
            return r.future;
        }
        write(ch, r, params);
        return r.future;
    }

    /** Adds the request to the pending table and arms its timeout; a refused request comes back already failed. */
    private PendingRequest register(String method, long timeoutNanos, Consumer<JsonNode> inline,
                                    boolean blockingCaller) {
        PendingRequest r = new PendingRequest(nextId.getAndIncrement(), method, timeoutNanos, inline, blockingCaller);
        if (!lifecycle.admit(r, pending, closed, config.name())) {
            return r;
        }
        try {
            r.timeoutTask = group.next().schedule(() -> onTimeout(r.id), timeoutNanos, TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            failPending(r.id, RequestLifecycle.closed(method, config.name()));
        }
        if (closed) {
            failPending(r.id, RequestLifecycle.closed(method, config.name()));
        }
        return r;
    }

    private void write(Channel ch, PendingRequest r, List<?> params) {
        TextWebSocketFrame frame = serialize(ch, r, params);
        if (frame != null) {
            ch.writeAndFlush(frame).addListener((ChannelFutureListener) f -> {
                if (!f.isSuccess()) {
                    failPending(r.id, writeFailed(r.method, f.cause()));
                }
            });
        }
    }

    /** Writes the request straight into a pooled buffer; null (and the request failed) if it cannot. */
    private TextWebSocketFrame serialize(Channel ch, PendingRequest r, List<?> params) {
        ByteBuf buf = ch.alloc().buffer();
        try {
            JsonRpcWriter.writeRequest(new ByteBufOutputStream(buf), r.id, r.method, params);
            return new TextWebSocketFrame(buf);
        } catch (RuntimeException e) {
            buf.release();
            failPending(r.id, new InvalidResponseException(r.method + " could not be serialized: " + e.getMessage(), e));
            return null;
        }
    }

    /** Claims a ring slot; when the ring is full the caller waits (and the saturation is counted). */
    private long claimSlot(PendingRequest r) {
        try {
            return ring.tryNext();
        } catch (InsufficientCapacityException full) {
            lifecycle.hook(m -> m.onRingBufferSaturated(config.ringBufferSize()));
        }
        while (true) {
            if (closed) {
                failPending(r.id, RequestLifecycle.closed(r.method, config.name()));
                return -1;
            }
            try {
                return ring.tryNext();
            } catch (InsufficientCapacityException full) {
                LockSupport.parkNanos(20_000);
            }
        }
    }

    private void onTimeout(long id) {
        PendingRequest r = pending.remove(id);
        if (r != null) {
            if (r.onResultInline != null) {
                abandonedSubscribes.add(id);
            }
            lifecycle.fail(r, new RpcTimeoutException(r.method + " (id " + id + ") got no answer within "
                    + Duration.ofNanos(r.timeoutNanos)));
        }
    }

    /**
     * Schedules the call the node answered "not now" (a rate limit, a lagging node) to be written again under
     * the same id after a backoff, if it may be repeated (never a transaction submission), retries are left and
     * the backoff ends before its timeout. It stays pending meanwhile, so its timeout and a lost connection still
     * end it. Runs on the I/O thread.
     */
    private boolean askAgainLater(PendingRequest r) {
        if (closed || r.params == null || r.retries >= config.maxRetries()
                || HttpProvider.NOT_REPEATABLE.contains(r.method)) {
            return false;
        }
        int attempt = ++r.retries;
        long initial = config.retryInitialBackoff().toNanos();
        long max = config.retryMaxBackoff().toNanos();
        long base = Math.min(max, initial << Math.min(attempt - 1, 30));
        long delay = base / 2 + ThreadLocalRandom.current().nextLong(base / 2 + 1);
        if (System.nanoTime() + delay - (r.startNanos + r.timeoutNanos) >= 0) {
            return false;
        }
        try {
            group.next().schedule(() -> writeAgain(r), delay, TimeUnit.NANOSECONDS);
            return true;
        } catch (RejectedExecutionException closedMeanwhile) {
            return false;
        }
    }

    private void writeAgain(PendingRequest r) {
        if (!pending.contains(r.id)) {
            return; // ended meanwhile (timeout, lost connection, close)
        }
        Channel ch = channel;
        if (ch == null) {
            failPending(r.id, notConnected(r.method));
            return;
        }
        r.batchIds = null;
        write(ch, r, r.params);
    }

    private void failPending(long id, BraneRpcException error) {
        PendingRequest r = pending.remove(id);
        if (r != null) {
            lifecycle.fail(r, error);
        }
    }

    private ConnectionLostException notConnected(String method) {
        return new ConnectionLostException(method + " refused: not connected to " + endpointDescription()
                + (closed ? " (closed)" : " (reconnecting)"));
    }

    private ConnectionLostException writeFailed(String method, Throwable cause) {
        return new ConnectionLostException(method + " could not be written to " + endpointDescription() + ": " + cause, cause);
    }

    private String endpointDescription() {
        return "'" + config.name() + "' (" + config.uri().getScheme() + "://" + config.uri().getHost() + ":"
                + config.port() + ")";
    }

    // ---------------------------------------------------------------- subscriptions

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
        subscriptions.add(sub);
    }

    private void resubscribeAll(Channel ch) {
        for (WsSubscription sub : subscriptions) {
            if (!sub.isActive()) {
                continue;
            }
            dispatch("eth_subscribe", sub.params(), defaultTimeoutNanos, result -> activate(sub, result), false)
                    .whenComplete((ok, err) -> {
                        Throwable cause = err instanceof java.util.concurrent.CompletionException ce ? ce.getCause() : err;
                        if (cause instanceof RpcTimeoutException) {
                            // transient, like a lost connection; and the node may still create the subscription
                            // late, under an id we would never learn: start again on a fresh connection, where
                            // the node has dropped everything of this one
                            RequestLifecycle.LOG.warn("re-subscribing on {} timed out; reconnecting", endpointDescription());
                            ch.close();
                        } else if (cause instanceof BraneRpcException bre && !(bre instanceof ConnectionLostException)) {
                            subscriptions.remove(sub);
                            sub.error(bre);
                        }
                    });
        }
    }

    // ---------------------------------------------------------------- connection lifecycle

    private void connect() {
        if (closed) {
            return;
        }
        try {
            bootstrap.connect(config.uri().getHost(), config.port()).addListener((ChannelFutureListener) f -> {
                if (!f.isSuccess()) {
                    attemptFailed(f.cause());
                }
            });
        } catch (RejectedExecutionException e) {
            // closed meanwhile
        }
    }

    private void onHandshakeComplete(Channel ch) {
        if (closed) {
            ch.close();
            return;
        }
        channel = ch;
        int attempts = reconnectAttempts.getAndSet(0);
        if (firstConnect.complete(null)) {
            firstAttempt.complete(null);
            RequestLifecycle.LOG.debug("connected to {}", endpointDescription());
            return;
        }
        RequestLifecycle.LOG.info("reconnected to {} after {} attempt(s)", endpointDescription(), attempts);
        lifecycle.hook(m -> m.onReconnected(config.name(), attempts));
        resubscribeAll(ch);
    }

    private void onChannelClosed(Channel ch, boolean handshaken, BraneRpcException cause) {
        if (channel == ch) {
            channel = null;
        }
        if (!handshaken) {
            attemptFailed(cause != null ? cause : new ConnectionLostException("WebSocket handshake did not complete"));
            return;
        }
        byServerId.clear();
        abandonedSubscribes.clear();
        List<PendingRequest> lost = pending.drain();
        String reason = cause != null ? cause.getMessage() : "connection to " + endpointDescription() + " closed";
        for (PendingRequest r : lost) {
            BraneRpcException e = cause instanceof FrameTooLargeException
                    ? new FrameTooLargeException(r.method + " (id " + r.id + ") failed: " + reason)
                    : new ConnectionLostException(r.method + " (id " + r.id + ") failed: " + reason
                            + "; it may or may not have reached the node");
            lifecycle.fail(r, e);
        }
        if (!closed) {
            RequestLifecycle.LOG.warn("connection to {} lost ({} request(s) failed): {}", endpointDescription(),
                    lost.size(), NodeText.of(reason));
            lifecycle.hook(m -> m.onConnectionLost(config.name(), lost.size()));
            scheduleReconnect();
        }
    }

    private void attemptFailed(Throwable cause) {
        firstAttempt.complete(null);
        if (!firstConnect.isDone() && !background) {
            firstConnect.completeExceptionally(cause);
            return;
        }
        if (!closed) {
            RequestLifecycle.LOG.debug("reconnect attempt to {} failed: {}", endpointDescription(), NodeText.of(cause));
            scheduleReconnect();
        }
    }

    private void scheduleReconnect() {
        if (closed) {
            return;
        }
        if (!config.reconnect()) {
            giveUp("reconnect is off");
            return;
        }
        int attempt = reconnectAttempts.incrementAndGet();
        if (config.reconnectMaxAttempts() > 0 && attempt > config.reconnectMaxAttempts()) {
            giveUp("gave up after reconnectMaxAttempts (" + config.reconnectMaxAttempts() + ") attempts");
            return;
        }
        long initial = config.reconnectInitialBackoff().toNanos();
        long max = config.reconnectMaxBackoff().toNanos();
        long base = attempt >= 62 ? max : Math.min(max, initial << Math.min(attempt - 1, 40));
        if (base <= 0) {
            base = max;
        }
        // "equal jitter": at least half the backoff, so many clients do not reconnect in lockstep
        long delay = base / 2 + ThreadLocalRandom.current().nextLong(base / 2 + 1);
        try {
            group.next().schedule(this::connect, delay, TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            // closed meanwhile
        }
    }

    private void giveUp(String why) {
        RequestLifecycle.LOG.error("connection to {} is down for good: {}", endpointDescription(), why);
        ConnectionLostException e = new ConnectionLostException("subscription ended: connection to "
                + endpointDescription() + " is down for good (" + why + ")");
        // Empty the table before telling anyone: listeners run on other threads and may look at it at once.
        List<WsSubscription> ended = List.copyOf(subscriptions);
        subscriptions.removeAll(ended);
        for (WsSubscription s : ended) {
            s.error(e);
        }
    }

    // ---------------------------------------------------------------- Netty plumbing

    private Bootstrap newBootstrap(SslContext ssl) {
        int frameLimit = Math.max(config.maxFrameSize(), MIN_FRAME_DECODER_LIMIT);
        HttpHeaders headers = new DefaultHttpHeaders();
        config.headers().forEach(headers::add);
        WebSocketClientProtocolConfig wsConfig = WebSocketClientProtocolConfig.newBuilder()
                .webSocketUri(config.uri())
                .customHeaders(headers)
                .maxFramePayloadLength(frameLimit)
                .handshakeTimeoutMillis(config.connectTimeout().toMillis())
                .dropPongFrames(true)
                .handleCloseFrames(true)
                .withUTF8Validator(false)
                .build();
        long readIdle = config.readIdleTimeout().toMillis();
        long ping = config.pingInterval().toMillis();
        String host = config.uri().getHost();
        int port = config.port();
        return NettySockets.client(group, epoll, config.connectTimeout())
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ChannelPipeline p = ch.pipeline();
                        p.addLast(QuickAckHandler.INSTANCE);
                        if (ssl != null) {
                            p.addLast(ssl.newHandler(ch.alloc(), host, port));
                        }
                        // calls sent from many threads each ask for a flush; one flush per burst of queued writes
                        // halves the system calls and packets (100 in flight: about 2x the calls per second)
                        p.addLast(new FlushConsolidationHandler(FLUSH_CONSOLIDATION_LIMIT, true));
                        p.addLast(new HttpClientCodec());
                        p.addLast(new HttpObjectAggregator(64 * 1024));
                        if (readIdle > 0 || ping > 0) {
                            p.addLast(new IdleStateHandler(readIdle, ping, 0, TimeUnit.MILLISECONDS));
                        }
                        p.addLast(new WebSocketClientProtocolHandler(wsConfig));
                        p.addLast(new ConnectionHandler());
                    }
                });
    }

    private static SslContext buildSslContext(WebSocketConfig config, String endpoint) {
        if (!config.isTls()) {
            return null;
        }
        if (config.sslContext() != null) {
            return config.sslContext();
        }
        try {
            if (config.insecureSkipTlsVerification()) {
                RequestLifecycle.LOG.warn("TLS CERTIFICATE VERIFICATION IS OFF for {} (insecureSkipTlsVerification): "
                        + "anyone on the network path can read and change this traffic; never use it beyond a local "
                        + "test node", endpoint);
                return SslContextBuilder.forClient()
                        .trustManager(io.netty.handler.ssl.util.InsecureTrustManagerFactory.INSTANCE).build();
            }
            return NettySockets.verifyingTls();
        } catch (javax.net.ssl.SSLException e) {
            throw new IllegalStateException("could not set up TLS: " + e.getMessage(), e);
        }
    }

    private static WaitStrategy waitStrategy(WaitStrategyType type) {
        return switch (type) {
            case BLOCKING -> new BlockingWaitStrategy();
            case LITE_BLOCKING -> new LiteBlockingWaitStrategy();
            case SLEEPING -> new SleepingWaitStrategy();
            case YIELDING -> new YieldingWaitStrategy();
            case BUSY_SPIN -> new BusySpinWaitStrategy();
        };
    }

    /** One ring slot: a registered request waiting to be serialized by the writer thread. */
    private static final class RingEvent {
        PendingRequest request;
        List<?> params;
    }

    /** The ring consumer: serializes into pooled buffers, flushes once per batch of available events. */
    private final class RingWriter implements EventHandler<RingEvent> {
        /** Bounds how many frames one hand-off to the I/O thread carries. */
        private static final int MAX_FRAMES_PER_HANDOFF = 512;
        private Channel target;
        private ArrayList<TextWebSocketFrame> frames = new ArrayList<>();
        private ArrayList<PendingRequest> requests = new ArrayList<>();

        @Override
        public void onEvent(RingEvent event, long sequence, boolean endOfBatch) {
            PendingRequest r = event.request;
            List<?> params = event.params;
            event.request = null;
            event.params = null;
            Channel ch = channel;
            if (ch == null) {
                failPending(r.id, notConnected(r.method));
            } else if (pending.contains(r.id)) {
                // a request already failed (e.g. timed out or connection lost) is never written afterwards
                if (target != null && target != ch) {
                    handOff();
                }
                TextWebSocketFrame frame = serialize(ch, r, params);
                if (frame != null) {
                    target = ch;
                    frames.add(frame);
                    requests.add(r);
                    if (frames.size() >= MAX_FRAMES_PER_HANDOFF) {
                        handOff();
                    }
                }
            }
            if (endOfBatch) {
                handOff();
            }
        }

        /** One task on the I/O thread writes the whole burst and flushes once. */
        private void handOff() {
            if (target == null) {
                return;
            }
            Channel ch = target;
            List<TextWebSocketFrame> batchFrames = frames;
            List<PendingRequest> batchRequests = requests;
            target = null;
            frames = new ArrayList<>();
            requests = new ArrayList<>();
            int n = batchFrames.size();
            lifecycle.hook(m -> m.onBatchSize(n));
            ChannelFutureListener onWritten = f -> {
                if (!f.isSuccess()) {
                    for (PendingRequest r : batchRequests) {
                        failPending(r.id, writeFailed(r.method, f.cause()));
                    }
                }
            };
            try {
                ch.eventLoop().execute(() -> {
                    for (int i = 0; i < n; i++) {
                        ch.write(batchFrames.get(i)).addListener(onWritten);
                    }
                    ch.flush();
                });
            } catch (RejectedExecutionException closedMeanwhile) {
                for (TextWebSocketFrame f : batchFrames) {
                    f.release();
                }
                for (PendingRequest r : batchRequests) {
                    failPending(r.id, notConnected(r.method));
                }
            }
        }
    }

    /** Reads one connection: handshake events, keep-alive, message aggregation with the size limit. */
    private final class ConnectionHandler extends ChannelInboundHandlerAdapter implements MessageAssembler.Receiver {
        private boolean handshaken;
        private BraneRpcException closeCause;
        private final MessageAssembler assembler = new MessageAssembler(config.maxFrameSize(), this);

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
            if (evt == WebSocketClientProtocolHandler.ClientHandshakeStateEvent.HANDSHAKE_COMPLETE) {
                handshaken = true;
                onHandshakeComplete(ctx.channel());
            } else if (evt == WebSocketClientProtocolHandler.ClientHandshakeStateEvent.HANDSHAKE_TIMEOUT) {
                closeCause = new ConnectionLostException("WebSocket handshake timed out after connectTimeout ("
                        + config.connectTimeout() + ")");
                ctx.close();
            } else if (evt instanceof IdleStateEvent idle) {
                if (idle.state() == IdleState.WRITER_IDLE && handshaken) {
                    ctx.writeAndFlush(new PingWebSocketFrame());
                } else if (idle.state() == IdleState.READER_IDLE) {
                    closeCause = new ConnectionLostException("nothing received from " + endpointDescription()
                            + " for readIdleTimeout (" + config.readIdleTimeout() + "); connection presumed dead");
                    ctx.close();
                }
            }
            super.userEventTriggered(ctx, evt);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (!(msg instanceof WebSocketFrame frame)) {
                ReferenceCountUtil.release(msg);
                return;
            }
            try {
                assembler.onFrame(frame);
            } finally {
                frame.release();
            }
        }

        @Override
        public void onMessage(ByteBuf content) {
            dispatch(content);
        }

        @Override
        public void onStrayContinuation() {
            lifecycle.hook(m -> m.onOrphanedResponse("continuation frame without a started message"));
        }

        @Override
        public void onOversize(long size, byte[] prefix, int prefixLen, byte[] suffix, int suffixLen) {
            long id = JsonRpcReader.recoverId(prefix, prefixLen, suffix, suffixLen);
            String limit = "a message of " + size + " bytes exceeded maxFrameSize (" + config.maxFrameSize()
                    + " bytes); raise WebSocketConfig maxFrameSize";
            if (id == JsonRpcReader.NOTIFICATION) {
                // The notification is lost: its subscriber must hear of the gap (to backfill), not see silence.
                WsSubscription owner = byServerId.get(subscriptionIdIn(prefix, prefixLen));
                List<WsSubscription> told = owner != null ? List.of(owner) : List.copyOf(subscriptions);
                RequestLifecycle.LOG.warn("dropped a subscription notification: {}; {} subscriber(s) told of the gap",
                        limit, told.size());
                told.forEach(WsSubscription::gap);
                lifecycle.hook(m -> m.onOrphanedResponse("notification too large"));
                return;
            }
            PendingRequest r = id == JsonRpcReader.NO_ID ? null : pending.remove(id);
            if (r != null) {
                lifecycle.fail(r, new FrameTooLargeException(r.method + " (id " + r.id + ") failed: the response: " + limit));
                return;
            }
            if (id != JsonRpcReader.NO_ID) {
                lifecycle.hook(m -> m.onOrphanedResponse("oversized response for unknown id " + id));
                return;
            }
            long member = JsonRpcReader.batchMemberId(prefix, prefixLen, suffix, suffixLen);
            if (member != JsonRpcReader.NO_ID) {
                failBatch(member, limit);
                return;
            }
            List<PendingRequest> all = pending.drain();
            RequestLifecycle.LOG.warn("{}; its request id could not be read, so {} pending request(s) were failed",
                    limit, all.size());
            for (PendingRequest p : all) {
                lifecycle.fail(p, new FrameTooLargeException(p.method + " (id " + p.id + ") failed: " + limit
                        + "; the response's id could not be read, so every pending request was failed"));
            }
        }

        /** Fails the calls of the batch that {@code memberId} was sent in, which the unreadable answer was for. */
        private void failBatch(long memberId, String limit) {
            PendingRequest member = pending.get(memberId);
            long[] ids = member == null ? null : member.batchIds;
            if (ids == null) {
                lifecycle.hook(m -> m.onOrphanedResponse("oversized batch response for unknown id " + memberId));
                return;
            }
            for (long batchId : ids) {
                PendingRequest r = pending.remove(batchId);
                if (r != null) {
                    lifecycle.fail(r, new FrameTooLargeException(r.method + " (id " + r.id + ") failed: the answer to its"
                            + " batch of " + ids.length + ": " + limit));
                }
            }
        }

        /** The {@code "subscription"} id in the kept start of a notification, or "" when it is not there. */
        private static String subscriptionIdIn(byte[] bytes, int length) {
            String start = new String(bytes, 0, length, java.nio.charset.StandardCharsets.ISO_8859_1);
            int key = start.indexOf("\"subscription\"");
            int colon = key < 0 ? -1 : start.indexOf(':', key);
            int open = colon < 0 ? -1 : start.indexOf('"', colon);
            int close = open < 0 ? -1 : start.indexOf('"', open + 1);
            return close < 0 ? "" : start.substring(open + 1, close);
        }

        private void dispatch(ByteBuf content) {
            Sink sink = new Sink();
            try {
                if (content.hasArray()) {
                    JsonRpcReader.read(content.array(), content.arrayOffset() + content.readerIndex(),
                            content.readableBytes(), sink);
                } else {
                    JsonRpcReader.read(new ByteBufInputStream(content), sink);
                }
            } finally {
                lifecycle.deliver(sink.answers);
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            if (cause instanceof CorruptedWebSocketFrameException c
                    && c.closeStatus() != null && c.closeStatus().code() == WebSocketCloseStatus.MESSAGE_TOO_BIG.code()) {
                closeCause = new FrameTooLargeException("a single WebSocket frame exceeded "
                        + Math.max(config.maxFrameSize(), MIN_FRAME_DECODER_LIMIT)
                        + " bytes, so the connection had to be dropped; raise WebSocketConfig maxFrameSize (now "
                        + config.maxFrameSize() + ")");
            } else if (closeCause == null) {
                // a failed handshake quotes the node's status line and headers: escaped and cut
                closeCause = new ConnectionLostException((handshaken ? "connection error: " : "WebSocket handshake failed: ")
                        + NodeText.of(cause), cause);
            }
            ctx.close();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            assembler.reset();
            onChannelClosed(ctx.channel(), handshaken, closeCause);
            super.channelInactive(ctx);
        }
    }

    /**
     * Matches the answers parsed from one message to pending requests, on the I/O thread; their futures
     * complete together once the whole message is read.
     */
    private final class Sink implements ResponseSink {
        final AnswerGroup answers = new AnswerGroup();

        @Override
        public void onResult(long id, JsonNode result) {
            PendingRequest r = pending.remove(id);
            if (r == null) {
                if (abandonedSubscribes.remove(id) && result.isString()) {
                    // the caller was told it failed, so nobody listens: end it rather than receive it forever
                    RequestLifecycle.LOG.debug("ending subscription {} created after its eth_subscribe timed out",
                            NodeText.of(result.asString()));
                    sendAsync("eth_unsubscribe", List.of(result.asString()));
                }
                lifecycle.hook(m -> m.onOrphanedResponse("result for unknown id " + id));
                return;
            }
            if (r.onResultInline != null) {
                try {
                    r.onResultInline.accept(result);
                } catch (RuntimeException e) {
                    lifecycle.fail(r, new InvalidResponseException(r.method + " (id " + id + "): " + e.getMessage(), e),
                            answers);
                    return;
                }
            }
            lifecycle.succeed(r, result, answers);
        }

        @Override
        public void onError(long id, int code, String message, JsonNode data) {
            PendingRequest asked = pending.get(id);
            if (asked != null && RpcErrorCodes.isRetryableAnswer(code, message) && askAgainLater(asked)) {
                return;
            }
            PendingRequest r = pending.remove(id);
            if (r == null) {
                lifecycle.hook(m -> m.onOrphanedResponse("error for unknown id " + id));
                return;
            }
            lifecycle.fail(r, new RpcErrorException(r.method, code, message, data), answers);
        }

        @Override
        public void onNotification(String subscriptionId, JsonNode result) {
            WsSubscription sub = byServerId.get(subscriptionId);
            if (sub == null) {
                lifecycle.hook(m -> m.onOrphanedResponse("notification for unknown subscription"));
                return;
            }
            lifecycle.hook(m -> m.onSubscriptionNotification(sub.kind));
            sub.deliver(result);
        }

        @Override
        public void onInvalid(long id, String reason) {
            PendingRequest r = pending.remove(id);
            if (r == null) {
                lifecycle.hook(m -> m.onOrphanedResponse("invalid response for unknown id " + id + ": " + reason));
                return;
            }
            lifecycle.fail(r, new InvalidResponseException(r.method + " (id " + id + "): " + reason), answers);
        }

        @Override
        public void onUnmatched(String reason) {
            RequestLifecycle.LOG.warn("unmatched message from {}: {}", endpointDescription(), NodeText.of(reason));
            lifecycle.hook(m -> m.onOrphanedResponse(reason));
        }
    }
}
