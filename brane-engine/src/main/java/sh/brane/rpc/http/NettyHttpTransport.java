package sh.brane.rpc.http;

import java.net.ConnectException;
import java.net.URI;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpResponseDecoder;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;

import sh.brane.rpc.HttpConfig;
import sh.brane.rpc.core.AnswerBody;
import sh.brane.rpc.core.DeadlineTimer;
import sh.brane.rpc.core.NettySockets;
import sh.brane.rpc.core.QuickAckHandler;

/**
 * POSTs to one endpoint over pooled keep-alive HTTP/1.1 connections on Netty. Each call has a connection to itself
 * until its answer is read (no pipelining); idle connections are reused newest first, so a sequential caller keeps
 * one warm. At most {@link HttpConfig#maxConnections} are open; further calls wait, within their timeout, for one. A
 * connection is dropped when the node closes it, on a malformed or too large answer, when a call on it times out
 * (its late answer must never be read as the next call's), and after {@link HttpConfig#idleTimeout} unused.
 *
 * <p>An answer's body stays in Netty's buffers (joined without a copy, see {@link AnswerBody}) and is parsed in
 * place by the receiver of the {@link HttpReply}, which releases it. Futures complete on the I/O thread.
 */
public final class NettyHttpTransport implements HttpTransport {

    private static final int IO_THREADS = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
    private static final int MAX_CHUNK = 64 * 1024;

    /** Netty names its threads {@code <this>-<pool>-<n>}. */
    private final String ioThreadName;
    public final String host;
    public final int port;
    /** The request line and headers up to the value of Content-Length, encoded once. */
    public final byte[] requestHead;
    public final int maxResponseSize;
    private final int maxConnections;
    private final EventLoopGroup group;
    private final Bootstrap bootstrap;
    /** Connections opened so far (a node restarted behind a kept-alive pool shows as new ones). */
    private final java.util.concurrent.atomic.AtomicLong opened = new java.util.concurrent.atomic.AtomicLong();
    private final DeadlineTimer deadlines;

    // The pool, guarded by this.
    private final ArrayDeque<HttpConnection> idle = new ArrayDeque<>();
    private final ArrayDeque<HttpCall> waiting = new ArrayDeque<>();
    private final Set<HttpCall> connecting = new HashSet<>();
    private final Set<HttpConnection> open = new HashSet<>();
    private int connections;
    private boolean closed;

    public NettyHttpTransport(HttpConfig config, String threadPrefix, DeadlineTimer deadlines) {
        this.ioThreadName = threadPrefix + "io";
        this.deadlines = deadlines;
        deadlines.add(this::sweep);
        this.maxConnections = config.maxConnections();
        long idleMillis = config.idleTimeout().toMillis();
        this.maxResponseSize = config.maxResponseSize();
        URI uri = URI.create(config.uri().toASCIIString());
        boolean tls = "https".equalsIgnoreCase(uri.getScheme());
        String rawHost = uri.getHost();
        this.host = rawHost.startsWith("[") ? rawHost.substring(1, rawHost.length() - 1) : rawHost;
        this.port = uri.getPort() > 0 ? uri.getPort() : tls ? 443 : 80;
        this.requestHead = HttpRequestHead.requestHead(uri, rawHost, config.headers());
        // the hostname check, as for wss://; HttpConfig offers no way around it
        SslContext ssl = tls ? NettySockets.tls(config.tlsKeys(), config.tlsTrust()) : null;
        int connectMillis = (int) Math.max(1, Math.min(Integer.MAX_VALUE, config.connectTimeout().toMillis()));

        boolean epoll = Epoll.isAvailable();
        this.group = NettySockets.group(IO_THREADS, ioThreadName, epoll);
        this.bootstrap = NettySockets.client(group, epoll, config.connectTimeout())
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ChannelPipeline p = ch.pipeline();
                        HttpConnection connection = new HttpConnection(ch, NettyHttpTransport.this);
                        opened.incrementAndGet();
                        // first in the pipeline, so it looks after every handler has read
                        p.addLast(QuickAckHandler.whileExpecting(() -> connection.current != null));
                        // closes the connection once nothing was read or written on it for idleTimeout
                        p.addLast(new IdleStateHandler(0, 0, idleMillis, TimeUnit.MILLISECONDS));
                        if (ssl != null) {
                            SslHandler handler = ssl.newHandler(ch.alloc(), host, port);
                            handler.setHandshakeTimeoutMillis(connectMillis);
                            p.addLast(handler);
                        }
                        p.addLast(new HttpResponseDecoder(new HttpDecoderConfig().setMaxChunkSize(MAX_CHUNK)));
                        p.addLast(connection);
                    }
                });
    }

    @Override
    public CompletableFuture<HttpReply> post(byte[] body, Map<String, String> headers, long timeoutNanos) {
        HttpCall call = new HttpCall(body, HttpRequestHead.headerLines(headers), System.nanoTime(), timeoutNanos);
        acquire(call);
        return call.future;
    }

    @Override
    public long connectionEpoch() {
        return opened.get();
    }

    @Override
    public void close() {
        List<HttpCall> calls;
        List<HttpConnection> conns;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            calls = calls();
            waiting.clear();
            connecting.clear();
            conns = new ArrayList<>(open);
            idle.clear();
        }
        for (HttpCall c : calls) {
            c.fail(HttpCall.closedError());
        }
        for (HttpConnection c : conns) {
            c.channel.close();
        }
        group.shutdownGracefully(0, 500, TimeUnit.MILLISECONDS);
        if (!Thread.currentThread().getName().startsWith(ioThreadName + "-")) {
            group.terminationFuture().awaitUninterruptibly(5, TimeUnit.SECONDS);
        }
    }

    @Override
    public java.util.concurrent.ScheduledExecutorService currentLoop() {
        // the executor Netty keeps for the thread it runs (no walk over the group's loops)
        io.netty.util.concurrent.EventExecutor loop = io.netty.util.internal.ThreadExecutorMap.currentExecutor();
        return loop != null && loop.parent() == group ? loop : null;
    }

    /** Connections open or being opened; for tests. */
    public synchronized int connections() {
        return connections;
    }

    /** Puts the call on a connection or in the queue and arms its deadline (a sweep may have missed it). */
    public void acquire(HttpCall call) {
        if (call.isEnded()) {
            return;
        }
        HttpConnection conn = null;
        List<HttpConnection> dead = null;
        boolean refused = false;
        boolean connect = false;
        synchronized (this) {
            while ((conn = idle.pollFirst()) != null && !conn.channel.isActive()) {
                // closed by the node while idle and not yet noticed by its event loop
                open.remove(conn);
                connections--;
                if (dead == null) {
                    dead = new ArrayList<>(1);
                }
                dead.add(conn);
            }
            if (closed) {
                refused = true;
            } else if (conn != null) {
                conn.current = call;
                call.on = conn;
            } else if (connections < maxConnections) {
                connections++;
                connecting.add(call);
                connect = true;
            } else {
                waiting.addLast(call);
            }
        }
        if (dead != null) {
            dead.forEach(d -> d.channel.close());
        }
        if (refused) {
            call.fail(HttpCall.closedError());
            return;
        }
        deadlines.arm(call.startNanos, call.timeoutNanos);
        if (conn != null) {
            conn.start(call);
        } else if (connect) {
            connect(call);
        }
    }

    /** A connection whose exchange ended cleanly: serves the next waiting call, or goes idle. */
    public void release(HttpConnection conn) {
        HttpCall next;
        synchronized (this) {
            if (closed || !open.contains(conn)) {
                next = null;
            } else {
                next = nextWaiting();
                if (next == null) {
                    idle.addFirst(conn);
                    return;
                }
                conn.current = next;
                next.on = conn;
            }
        }
        if (next == null) {
            conn.channel.close();
        } else {
            conn.start(next);
        }
    }

    /** Takes a connection out of the pool for good and closes it; idempotent. */
    public void drop(HttpConnection conn) {
        HttpCall next = null;
        synchronized (this) {
            if (open.remove(conn)) {
                idle.remove(conn);
                connections--;
                next = startConnectingForWaiter();
            }
        }
        conn.channel.close();
        if (next != null) {
            connect(next);
        }
    }

    /** Under the lock: the oldest waiting call that has not ended, or null. */
    private HttpCall nextWaiting() {
        HttpCall c;
        while ((c = waiting.pollFirst()) != null && c.isEnded()) {
            // timed out while waiting
        }
        return c;
    }

    /** Under the lock, after a connection went away: a waiting call gets a new connection of its own. */
    private HttpCall startConnectingForWaiter() {
        if (closed || connections >= maxConnections) {
            return null;
        }
        HttpCall next = nextWaiting();
        if (next != null) {
            connections++;
            connecting.add(next);
        }
        return next;
    }

    private void connect(HttpCall call) {
        ChannelFuture f;
        try {
            f = bootstrap.connect(host, port);
        } catch (RuntimeException e) {
            connectFailed(call, e);
            return;
        }
        f.addListener((ChannelFutureListener) done -> {
            if (!done.isSuccess()) {
                connectFailed(call, done.cause());
                return;
            }
            Channel ch = done.channel();
            SslHandler tls = ch.pipeline().get(SslHandler.class);
            if (tls == null) {
                connected(call, ch);
            } else {
                tls.handshakeFuture().addListener(h -> {
                    if (h.isSuccess()) {
                        connected(call, ch);
                    } else {
                        ch.close();
                        connectFailed(call, h.cause());
                    }
                });
            }
        });
    }

    private void connected(HttpCall call, Channel ch) {
        HttpConnection conn = ch.pipeline().get(HttpConnection.class);
        boolean refused;
        boolean assigned = false;
        synchronized (this) {
            connecting.remove(call);
            refused = closed || conn == null;
            if (refused) {
                connections--;
            } else {
                open.add(conn);
                if (!call.isEnded()) {
                    conn.current = call;
                    call.on = conn;
                    assigned = true;
                }
            }
        }
        if (refused) {
            ch.close();
            call.fail(HttpCall.closedError());
        } else if (assigned) {
            conn.write(call);
        } else {
            // the call's time ran out while connecting: the new connection serves the others
            release(conn);
        }
    }

    private void connectFailed(HttpCall call, Throwable cause) {
        HttpCall next;
        synchronized (this) {
            connecting.remove(call);
            connections--;
            next = startConnectingForWaiter();
        }
        call.fail(notConnected(cause));
        if (next != null) {
            connect(next);
        }
    }

    /** Under the lock: every call waiting, connecting or on a connection. */
    private List<HttpCall> calls() {
        List<HttpCall> calls = new ArrayList<>(waiting);
        calls.addAll(connecting);
        for (HttpConnection conn : open) {
            HttpCall current = conn.current;
            if (current != null) {
                calls.add(current);
            }
        }
        return calls;
    }

    /** The deadline sweep of waiting, connecting and written calls (one back from a dead connection: see acquire). */
    private long sweep(long nowNanos) {
        List<HttpCall> calls;
        synchronized (this) {
            calls = calls();
        }
        long next = DeadlineTimer.NONE;
        for (HttpCall c : calls) {
            long left = c.timeoutNanos - (nowNanos - c.startNanos);
            if (left <= 0) {
                timeout(c);
            } else if (!c.isEnded()) {
                next = Math.min(next, left);
            }
        }
        return next;
    }

    /** Ends a call at its deadline; a connection it was on is dropped, so its late answer is never the next call's. */
    private void timeout(HttpCall call) {
        if (call.end()) {
            HttpConnection c = call.on;
            if (c != null) {
                // a late answer on it must never be read as the next call's
                drop(c);
            }
            call.future.completeExceptionally(new TimeoutException("no HTTP answer within the request timeout"));
        }
    }

    /** A failure before the request was written: the node never got it. */
    private static ConnectException notConnected(Throwable cause) {
        if (cause instanceof ConnectException ce) {
            return ce;
        }
        String what = cause instanceof javax.net.ssl.SSLException ? "TLS handshake failed: " : "cannot connect: ";
        ConnectException e = new ConnectException(what + cause);
        e.initCause(cause);
        return e;
    }
}
