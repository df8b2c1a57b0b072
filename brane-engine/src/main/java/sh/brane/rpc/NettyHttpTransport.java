package sh.brane.rpc;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoop;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseDecoder;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.DefaultThreadFactory;

/**
 * POSTs to one endpoint over pooled keep-alive HTTP/1.1 connections on Netty (epoll on Linux, else NIO).
 *
 * <p>Each call has a connection to itself until its answer is read (no pipelining); idle connections are
 * reused newest first, so a sequential caller keeps one warm connection. At most {@link HttpConfig#maxConnections}
 * are open; calls beyond that wait, within their timeout, for one to come free. A connection is dropped
 * when the node closes it or says {@code Connection: close}, when an answer is malformed or too large, when a
 * call on it times out (its late answer must never be read as the next call's), and when it has been idle for
 * {@link HttpConfig#idleTimeout}.
 *
 * <p>An answer's body is kept in the buffers Netty read it into (retained, joined without a copy into a
 * {@link io.netty.buffer.CompositeByteBuf} when it came in several pieces; only small pieces are copied together,
 * see {@link AnswerBody}) and handed over in the {@link HttpReply}, which its receiver parses in place and
 * releases: a 270 KB block is never copied into a {@code byte[]} of its own.
 *
 * <p>Futures complete on the I/O thread; {@link HttpProvider} moves user continuations off it.
 *
 * <p>Each call's deadline is a task on the provider's {@link DeadlineTimer}, cancelled when the call ends.
 */
final class NettyHttpTransport implements HttpTransport {

    private static final int IO_THREADS = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
    private static final int MAX_CHUNK = 64 * 1024;
    private static final byte[] END_OF_HEADERS = {'\r', '\n', '\r', '\n'};
    /** Set by this transport; a configured value would contradict or break the framing. */
    private static final Set<String> RESERVED_HEADERS = Set.of("host", "content-length", "connection",
            "transfer-encoding", "keep-alive", "expect", "upgrade", "te", "trailer");
    private static final AtomicIntegerFieldUpdater<Call> ENDED =
            AtomicIntegerFieldUpdater.newUpdater(Call.class, "ended");

    /** Netty names its threads {@code <this>-<pool>-<n>}. */
    private final String ioThreadName;
    private final String host;
    private final int port;
    /** The request line and headers up to the value of Content-Length, encoded once. */
    private final byte[] requestHead;
    private final int maxResponseSize;
    private final int maxConnections;
    private final EventLoopGroup group;
    private final Bootstrap bootstrap;
    private final DeadlineTimer deadlines;

    // The pool, guarded by this.
    private final ArrayDeque<Connection> idle = new ArrayDeque<>();
    private final ArrayDeque<Call> waiting = new ArrayDeque<>();
    private final Set<Call> connecting = new HashSet<>();
    private final Set<Connection> open = new HashSet<>();
    /** Connections open or being opened. */
    private int connections;
    private boolean closed;

    NettyHttpTransport(HttpConfig config, String threadPrefix, DeadlineTimer deadlines) {
        this.ioThreadName = threadPrefix + "io";
        this.deadlines = deadlines;
        this.maxConnections = config.maxConnections();
        long idleMillis = config.idleTimeout().toMillis();
        this.maxResponseSize = config.maxResponseSize();
        URI uri = URI.create(config.uri().toASCIIString());
        boolean tls = "https".equalsIgnoreCase(uri.getScheme());
        String rawHost = uri.getHost();
        this.host = rawHost.startsWith("[") ? rawHost.substring(1, rawHost.length() - 1) : rawHost;
        this.port = uri.getPort() > 0 ? uri.getPort() : tls ? 443 : 80;
        this.requestHead = requestHead(uri, rawHost, config.headers());
        // the hostname check, as for wss://; HttpConfig offers no way around it
        SslContext ssl = tls ? NettySockets.tls(config.tlsKeys(), config.tlsTrust()) : null;
        int connectMillis = (int) Math.max(1, Math.min(Integer.MAX_VALUE, config.connectTimeout().toMillis()));

        boolean epoll = Epoll.isAvailable();
        IoHandlerFactory io = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        this.group = new MultiThreadIoEventLoopGroup(IO_THREADS, new DefaultThreadFactory(ioThreadName, true), io);
        this.bootstrap = NettySockets.client(group, epoll, config.connectTimeout())
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ChannelPipeline p = ch.pipeline();
                        Connection connection = new Connection(ch);
                        // first in the pipeline, so that it looks after every handler has read: quick ACKs only
                        // while an answer is still coming
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
        Call call = new Call(body, headerLines(headers));
        call.deadline = deadlines.schedule(() -> timeout(call), timeoutNanos);
        acquire(call);
        return call.future;
    }

    @Override
    public void close() {
        List<Call> calls = new ArrayList<>();
        List<Connection> conns;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            calls.addAll(waiting);
            calls.addAll(connecting);
            waiting.clear();
            connecting.clear();
            for (Connection c : open) {
                Call current = c.current;
                if (current != null) {
                    calls.add(current);
                }
            }
            conns = new ArrayList<>(open);
            idle.clear();
        }
        for (Call c : calls) {
            fail(c, closedError());
        }
        for (Connection c : conns) {
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
    synchronized int connections() {
        return connections;
    }

    // ---------------------------------------------------------------- the pool

    /** Puts the call on an idle connection, a new one, or in the queue if the pool is full. */
    private void acquire(Call call) {
        if (call.isEnded()) {
            return;
        }
        Connection conn = null;
        List<Connection> dead = null;
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
            fail(call, closedError());
        } else if (conn != null) {
            conn.start(call);
        } else if (connect) {
            connect(call);
        }
    }

    /** A connection whose exchange ended cleanly: serves the next waiting call, or goes idle. */
    private void release(Connection conn) {
        Call next;
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
    private void drop(Connection conn) {
        Call next = null;
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
    private Call nextWaiting() {
        Call c;
        while ((c = waiting.pollFirst()) != null && c.isEnded()) {
            // timed out while waiting
        }
        return c;
    }

    /** Under the lock, after a connection went away: a waiting call gets a new connection of its own. */
    private Call startConnectingForWaiter() {
        if (closed || connections >= maxConnections) {
            return null;
        }
        Call next = nextWaiting();
        if (next != null) {
            connections++;
            connecting.add(next);
        }
        return next;
    }

    private void connect(Call call) {
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

    private void connected(Call call, Channel ch) {
        Connection conn = ch.pipeline().get(Connection.class);
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
            fail(call, closedError());
        } else if (assigned) {
            conn.write(call);
        } else {
            // the call's time ran out while connecting: the new connection serves the others
            release(conn);
        }
    }

    private void connectFailed(Call call, Throwable cause) {
        Call next;
        synchronized (this) {
            connecting.remove(call);
            connections--;
            next = startConnectingForWaiter();
        }
        fail(call, notConnected(cause));
        if (next != null) {
            connect(next);
        }
    }

    // ---------------------------------------------------------------- calls

    /** One POST in flight. Whoever wins {@link #end()} completes it; everyone else leaves it alone. */
    private static final class Call {
        final byte[] body;
        /** This call's own header lines ({@link HttpConfig#requestHeaders}), or null. */
        final byte[] headerLines;
        final CompletableFuture<HttpReply> future = new CompletableFuture<>();
        /** Its end at its deadline, cancelled when it ends first. */
        volatile java.util.concurrent.ScheduledFuture<?> deadline;
        /** The connection it was last handed to. */
        volatile Connection on;
        volatile int ended;

        Call(byte[] body, byte[] headerLines) {
            this.body = body;
            this.headerLines = headerLines;
        }

        boolean end() {
            if (!ENDED.compareAndSet(this, 0, 1)) {
                return false;
            }
            java.util.concurrent.ScheduledFuture<?> d = deadline;
            if (d != null) {
                d.cancel(false);
            }
            return true;
        }

        boolean isEnded() {
            return ended != 0;
        }
    }

    /**
     * Ends, with {@link TimeoutException}, a call at its deadline: waiting for a connection, connecting, or on one
     * (which is dropped, so that its late answer is never read as the next call's).
     */
    private void timeout(Call call) {
        if (call.end()) {
            Connection c = call.on;
            if (c != null) {
                // a late answer on it must never be read as the next call's
                drop(c);
            }
            call.future.completeExceptionally(new TimeoutException("no HTTP answer within the request timeout"));
        }
    }

    private static void fail(Call call, Throwable error) {
        if (call.end()) {
            call.future.completeExceptionally(error);
        }
    }

    private static IOException closedError() {
        return new IOException("the HTTP transport was closed");
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

    // ---------------------------------------------------------------- one connection

    /** The handler of one connection; its fields are touched only on the connection's event loop. */
    private final class Connection extends ChannelInboundHandlerAdapter {
        final Channel channel;
        /** The call this connection carries; set under the pool lock, cleared on the event loop. */
        volatile Call current;
        /** Whether {@link #current}'s request was handed to the socket. */
        private boolean written;
        /** Whether this connection served a call before: if it died before a write, another one may be tried. */
        private boolean reused;
        private boolean informational;
        /** Whether the head of {@link #current}'s answer came. */
        private boolean answering;
        private int status;
        private String retryAfter;
        private boolean keepAlive;
        private long declaredLength;
        /** The body read so far: released by {@link #discardBody} or handed over in the reply. */
        private final AnswerBody body;

        Connection(Channel channel) {
            this.channel = channel;
            this.body = new AnswerBody(channel.alloc());
        }

        /** Closes the connection when it has been idle for the configured time and carries no call. */
        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
            if (evt instanceof IdleStateEvent && current == null) {
                drop(this);
                return;
            }
            ctx.fireUserEventTriggered(evt);
        }

        /** Writes {@code call} on the event loop; the caller made it {@link #current}. */
        void start(Call call) {
            EventLoop loop = channel.eventLoop();
            if (loop.inEventLoop()) {
                write(call);
                return;
            }
            try {
                loop.execute(() -> write(call));
            } catch (RejectedExecutionException e) {
                fail(call, closedError());
            }
        }

        void write(Call call) {
            if (current != call) {
                return; // the connection died before this ran and the call went elsewhere
            }
            if (call.isEnded()) {
                current = null;
                drop(this);
                return;
            }
            if (!channel.isActive()) {
                current = null;
                drop(this);
                elsewhere(call);
                return;
            }
            written = true;
            discardBody();
            informational = false;
            answering = false;
            byte[] b = call.body;
            byte[] own = call.headerLines;
            ByteBuf buf = channel.alloc().ioBuffer(requestHead.length + 14 + b.length + (own == null ? 0 : own.length));
            buf.writeBytes(requestHead);
            buf.writeCharSequence(Integer.toString(b.length), StandardCharsets.US_ASCII);
            if (own != null) {
                buf.writeBytes(END_OF_HEADERS, 0, 2);
                buf.writeBytes(own);
                buf.writeBytes(END_OF_HEADERS, 0, 2);
            } else {
                buf.writeBytes(END_OF_HEADERS);
            }
            buf.writeBytes(b);
            channel.writeAndFlush(buf, channel.voidPromise());
        }

        /** A call whose request was not written here: another connection may take it, safely. */
        private void elsewhere(Call call) {
            if (reused) {
                acquire(call);
            } else {
                fail(call, new ConnectException("the node closed the connection right after accepting it"));
            }
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
                Call c = current;
                if (c == null || !written) {
                    // nothing asked on this connection (e.g. a 408 sent to an idle one): it cannot be trusted
                    current = null;
                    drop(this);
                    if (c != null) {
                        elsewhere(c);
                    }
                    return;
                }
                if (c.isEnded()) {
                    current = null;
                    drop(this);
                    return;
                }
                if (msg instanceof HttpObject o && o.decoderResult().isFailure()) {
                    Throwable cause = o.decoderResult().cause();
                    lose(c, new IOException("malformed HTTP response: " + cause.getMessage(), cause));
                    return;
                }
                if (msg instanceof HttpResponse head && !onHead(c, head)) {
                    return;
                }
                if (msg instanceof HttpContent content) {
                    onContent(c, content);
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        /** Returns false if the call ended here. */
        private boolean onHead(Call c, HttpResponse head) {
            int code = head.status().code();
            informational = code >= 100 && code < 200 && code != 101;
            if (informational) {
                return true; // e.g. 100 Continue: the real answer follows
            }
            status = code;
            retryAfter = head.headers().get(HttpHeaderNames.RETRY_AFTER);
            // a body without length or chunking ends when the node closes the connection
            keepAlive = HttpUtil.isKeepAlive(head) && code >= 200 && (HttpUtil.isContentLengthSet(head)
                    || HttpUtil.isTransferEncodingChunked(head) || code == 204 || code == 304);
            try {
                declaredLength = HttpUtil.getContentLength(head, -1L);
            } catch (NumberFormatException e) {
                declaredLength = -1;
            }
            if (declaredLength > maxResponseSize) {
                lose(c, BoundedBodySubscriber.tooLarge("declares Content-Length " + declaredLength + ", more",
                        maxResponseSize));
                return false;
            }
            discardBody();
            answering = true;
            return true;
        }

        private void onContent(Call c, HttpContent content) {
            if (informational) {
                informational = !(content instanceof LastHttpContent);
                return;
            }
            ByteBuf data = content.content();
            int n = data.readableBytes();
            if (n > maxResponseSize - body.size()) {
                lose(c, BoundedBodySubscriber.tooLarge("is at least " + ((long) body.size() + n) + " bytes, more",
                        maxResponseSize));
                return;
            }
            if (n > 0) {
                body.add(data);
            }
            if (content instanceof LastHttpContent) {
                answered(c);
            }
        }

        private void discardBody() {
            body.discard();
        }

        private void answered(Call c) {
            ByteBuf b = body.take();
            written = false;
            reused = true;
            current = null;
            if (!c.end()) {
                b.release();
                drop(this); // timed out or closed meanwhile, and being closed
                return;
            }
            HttpReply reply = new HttpReply(status, retryAfter, b);
            // back in the pool before the caller wakes, so a sequential caller finds this connection again
            if (keepAlive) {
                release(this);
            } else {
                drop(this);
            }
            c.future.complete(reply);
        }

        /** Ends the call with {@code error} and drops the connection. */
        private void lose(Call c, Throwable error) {
            current = null;
            discardBody();
            drop(this);
            fail(c, error);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            Call c = current;
            current = null;
            boolean partly = answering;
            discardBody();
            drop(this);
            if (c != null) {
                if (written) {
                    fail(c, new IOException(!partly ? "the node closed the connection before answering"
                            : "the node closed the connection in the middle of its answer"));
                } else {
                    elsewhere(c);
                }
            }
            ctx.fireChannelInactive();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            RequestLifecycle.LOG.debug("HTTP connection to {}:{} failed: {}", host, port, NodeText.of(cause));
            Call c = current;
            current = null;
            discardBody();
            drop(this);
            if (c != null) {
                if (written) {
                    fail(c, cause instanceof IOException ? cause : new IOException(cause.toString(), cause));
                } else {
                    elsewhere(c);
                }
            }
        }
    }

    // ---------------------------------------------------------------- set-up

    static byte[] requestHead(URI uri, String rawHost, Map<String, String> headers) {
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String target = uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
        StringBuilder h = new StringBuilder(256).append("POST ").append(target).append(" HTTP/1.1\r\n")
                .append("Host: ").append(rawHost).append(uri.getPort() > 0 ? ":" + uri.getPort() : "").append("\r\n");
        Set<String> configured = new HashSet<>();
        headers.forEach((name, value) -> {
            checkHeader(name, value);
            configured.add(name.toLowerCase(Locale.ROOT));
        });
        if (!configured.contains("content-type")) {
            h.append("Content-Type: application/json\r\n");
        }
        if (!configured.contains("accept")) {
            h.append("Accept: application/json\r\n");
        }
        if (!configured.contains("user-agent")) {
            h.append("User-Agent: brane\r\n");
        }
        h.append("Connection: keep-alive\r\n");
        headers.forEach((name, value) -> h.append(name).append(": ").append(value).append("\r\n"));
        h.append("Content-Length: ");
        return h.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /** A call's own headers as {@code Name: value\r\n} lines, or null for none (checked by the provider). */
    static byte[] headerLines(Map<String, String> headers) {
        if (headers.isEmpty()) {
            return null;
        }
        StringBuilder h = new StringBuilder(64 * headers.size());
        headers.forEach((name, value) -> h.append(name).append(": ").append(value).append("\r\n"));
        return h.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /** Refuses a header that would break the request; the message never shows the value (often an API key). */
    static void checkHeader(String name, String value) {
        if (RESERVED_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException("header " + name + " is set by the HTTP transport itself");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c <= ' ' || c >= 0x7f || "()<>@,;:\\\"/[]?={}".indexOf(c) >= 0) {
                throw new IllegalArgumentException("header name " + name.replaceAll("[^!-~]", "?")
                        + " has a character not allowed in HTTP header names at index " + i);
            }
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c != '\t' && (c < ' ' || c == 0x7f || c > 0xff)) {
                throw new IllegalArgumentException("the value of header " + name
                        + " has a character not allowed in HTTP header values at index " + i);
            }
        }
    }

}
