package sh.brane.rpc.ws;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.timeout.IdleStateHandler;

import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.ConnectionLostException;
import sh.brane.rpc.FrameTooLargeException;
import sh.brane.rpc.NodeText;
import sh.brane.rpc.WebSocketConfig;
import sh.brane.rpc.core.AnswerRouter;
import sh.brane.rpc.core.Backoff;
import sh.brane.rpc.core.InFlightTable;
import sh.brane.rpc.core.NettySockets;
import sh.brane.rpc.core.QuickAckHandler;
import sh.brane.rpc.core.RequestLifecycle;

/**
 * The WebSocket connection of one provider: connecting, reconnecting with backoff, giving up, as an explicit
 * {@link State}. It ends the requests in flight when the connection is lost and tells the subscriptions; it never
 * calls the provider.
 */
public final class WsConnection {

    /** The life of the connection. Moves only forward, except between {@code OPEN} and reconnecting. */
    public enum State {
        /** An attempt (the first, or a reconnect) is under way. */
        CONNECTING,
        /** The handshake is done: calls go out. */
        OPEN,
        /** The connection was lost, or an attempt failed: the next attempt waits for its backoff. */
        BACKING_OFF,
        /** Reconnecting is off or its attempts are spent: nothing more is tried until the provider closes. */
        DOWN,
        CLOSED
    }

    /** Single frames up to this size are read whole (then dropped if too big) so only their request fails. */
    public static final int MIN_FRAME_DECODER_LIMIT = 16 * 1024 * 1024;

    private final WebSocketConfig config;
    private final EventLoopGroup group;
    private final Bootstrap bootstrap;
    private final InFlightTable table;
    private final RequestLifecycle lifecycle;
    private final WsSubscriptions subscriptions;
    private final AnswerRouter router;
    private final String endpoint;
    private final AtomicInteger reconnectAttempts = new AtomicInteger();
    private final CompletableFuture<Void> firstConnect = new CompletableFuture<>();
    /** Completes (normally) when the first connection attempt ends, connected or not. */
    private final CompletableFuture<Void> firstAttempt = new CompletableFuture<>();
    /** A failed first attempt retries with the reconnect backoff instead of failing {@link #firstConnect}. */
    private final boolean background;
    private volatile State state = State.CONNECTING;
    /** Set once by {@link #close}: the I/O thread moves {@link #state} without a lock and must never leave CLOSED. */
    private volatile boolean closed;
    private volatile Channel channel;
    /** How many times a connection was opened (the first and every reconnect): {@link EndpointStatus}'s epoch. */
    private final AtomicLong opened = new AtomicLong();

    public WsConnection(WebSocketConfig config, EventLoopGroup group, boolean epoll, InFlightTable table,
                 RequestLifecycle lifecycle, WsSubscriptions subscriptions, AnswerRouter router, String endpoint,
                 boolean background) {
        this.config = config;
        this.group = group;
        this.table = table;
        this.lifecycle = lifecycle;
        this.subscriptions = subscriptions;
        this.router = router;
        this.endpoint = endpoint;
        this.background = background;
        this.bootstrap = newBootstrap(epoll, buildSslContext(config, endpoint));
    }

    public State state() {
        return closed ? State.CLOSED : state;
    }

    /** The open channel, or null while not {@link State#OPEN}. */
    public Channel channel() {
        return channel;
    }

    public long connectionEpoch() {
        return opened.get();
    }

    public boolean isClosed() {
        return closed;
    }

    public CompletableFuture<Void> firstConnect() {
        return firstConnect;
    }

    public CompletableFuture<Void> firstAttempt() {
        return firstAttempt;
    }

    /** Starts an attempt; a failed one is retried after a backoff (or fails {@link #firstConnect}). */
    public void connect() {
        if (closed) {
            return;
        }
        state = State.CONNECTING;
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

    /** Closes the connection for good, telling the node (a normal closure drops our subscriptions at once). */
    public void close(ConnectionLostException why) {
        closed = true;
        state = State.CLOSED;
        Channel ch = channel;
        channel = null;
        firstConnect.completeExceptionally(why);
        firstAttempt.complete(null);
        if (ch != null) {
            ch.writeAndFlush(new CloseWebSocketFrame(WebSocketCloseStatus.NORMAL_CLOSURE))
                    .addListener(ChannelFutureListener.CLOSE);
        }
    }

    // ---------------------------------------------------------------- events of the channel handler (I/O thread)

    public void onHandshakeComplete(Channel ch) {
        if (closed) {
            ch.close();
            return;
        }
        channel = ch;
        opened.incrementAndGet();
        state = State.OPEN;
        int attempts = reconnectAttempts.getAndSet(0);
        if (firstConnect.complete(null)) {
            firstAttempt.complete(null);
            RequestLifecycle.LOG.debug("connected to {}", endpoint);
            return;
        }
        RequestLifecycle.LOG.info("reconnected to {} after {} attempt(s)", endpoint, attempts);
        lifecycle.hook(m -> m.onReconnected(config.name(), attempts));
        subscriptions.resubscribeAll(ch);
    }

    public void onChannelClosed(Channel ch, boolean handshaken, BraneRpcException cause) {
        if (channel == ch) {
            channel = null;
        }
        if (!handshaken) {
            attemptFailed(cause != null ? cause : new ConnectionLostException("WebSocket handshake did not complete"));
            return;
        }
        subscriptions.connectionLost();
        String reason = cause != null ? cause.getMessage() : "connection to " + endpoint + " closed";
        int lost = table.drain(r -> cause instanceof FrameTooLargeException
                ? new FrameTooLargeException(r.method + " (id " + r.id + ") failed: " + reason)
                : new ConnectionLostException(r.method + " (id " + r.id + ") failed: " + reason
                        + "; it may or may not have reached the node"));
        if (!closed) {
            RequestLifecycle.LOG.warn("connection to {} lost ({} request(s) failed): {}", endpoint, lost,
                    NodeText.of(reason));
            lifecycle.hook(m -> m.onConnectionLost(config.name(), lost));
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
            RequestLifecycle.LOG.debug("reconnect attempt to {} failed: {}", endpoint, NodeText.of(cause));
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
        state = State.BACKING_OFF;
        long delay = Backoff.jitteredNanos(config.reconnectInitialBackoff(), config.reconnectMaxBackoff(), attempt);
        try {
            group.next().schedule(this::connect, delay, TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            // closed meanwhile
        }
    }

    private void giveUp(String why) {
        state = State.DOWN;
        RequestLifecycle.LOG.error("connection to {} is down for good: {}", endpoint, why);
        subscriptions.endAll(new ConnectionLostException("subscription ended: connection to " + endpoint
                + " is down for good (" + why + ")"));
    }

    private Bootstrap newBootstrap(boolean epoll, SslContext ssl) {
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
                        // re-armed after a read only while answers or notifications are still to come
                        p.addLast(QuickAckHandler.whileExpecting(() -> table.size() > 0 || subscriptions.size() > 0));
                        if (ssl != null) {
                            p.addLast(ssl.newHandler(ch.alloc(), host, port));
                        }
                        p.addLast(new HttpClientCodec());
                        p.addLast(new HttpObjectAggregator(64 * 1024));
                        if (readIdle > 0 || ping > 0) {
                            p.addLast(new IdleStateHandler(readIdle, ping, 0, TimeUnit.MILLISECONDS));
                        }
                        p.addLast(new WebSocketClientProtocolHandler(wsConfig));
                        p.addLast(new WsChannelHandler(WsConnection.this, router, config, endpoint));
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
            return NettySockets.tls(null, null);
        } catch (javax.net.ssl.SSLException e) {
            throw new IllegalStateException("could not set up TLS: " + e.getMessage(), e);
        }
    }
}
