package sh.brane.benchmarks;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;

/**
 * A minimal JSON-RPC server on {@code 127.0.0.1} for measuring a client's own cost: HTTP POST and WebSocket
 * text frames on one port, every call answered from memory with {@code "result":"0x7a69"} (chain id 31337),
 * or, for block, receipt and log reads, a large canned answer ({@link CannedAnswers}); single requests and batch
 * arrays alike. It does not parse JSON into a tree: it finds each request object and copies its {@code "id":}
 * value into the response, which is all a client needs to match its calls; requests are read in bulk (one copy into
 * a heap array per body), as a fast node reads them. One I/O thread by default so the
 * server takes as little as possible of a small machine from the client under test.
 */
public final class StubRpcServer implements AutoCloseable {

    private static final byte[] ID_KEY = "\"id\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] HEAD = "{\"jsonrpc\":\"2.0\",\"id\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TAIL = ",\"result\":\"0x7a69\"}".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] RESULT_KEY = ",\"result\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] METHOD_KEY = "\"method\":\"".getBytes(StandardCharsets.US_ASCII);

    private final EventLoopGroup group;
    private final Channel server;
    private final int port;

    private StubRpcServer(int ioThreads) throws InterruptedException {
        boolean epoll = Epoll.isAvailable();
        IoHandlerFactory io = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        Class<? extends ServerChannel> channelType = epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
        group = new MultiThreadIoEventLoopGroup(ioThreads, io);
        server = new ServerBootstrap()
                .group(group)
                .channel(channelType)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(
                                new HttpServerCodec(),
                                new HttpObjectAggregator(16 * 1024 * 1024),
                                new HttpPostHandler(),
                                new WebSocketServerProtocolHandler("/", null, false, 16 * 1024 * 1024),
                                new WebSocketFrameHandler());
                    }
                })
                .bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
        port = ((InetSocketAddress) server.localAddress()).getPort();
    }

    /** Starts a server on a free port of 127.0.0.1. */
    public static StubRpcServer start(int ioThreads) {
        try {
            return new StubRpcServer(ioThreads);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public String httpUrl() {
        return "http://127.0.0.1:" + port + "/";
    }

    public String wsUrl() {
        return "ws://127.0.0.1:" + port + "/";
    }

    @Override
    public void close() {
        server.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
    }

    /**
     * Answers every request in {@code in} (one object or an array) into a new buffer: the canned result of its
     * method ({@link CannedAnswers}) or the chain id. The request is copied once, in bulk, into a heap array and
     * scanned there (a node reads its requests in bulk too; scanning a direct or composite buffer byte by byte
     * made the stub a slow node that took most of the machine from the client under test).
     */
    static ByteBuf answer(ByteBuf in, ByteBufAllocator alloc) {
        int len = in.readableBytes();
        byte[] b;
        int start;
        if (in.hasArray()) {
            b = in.array();
            start = in.arrayOffset() + in.readerIndex();
        } else {
            b = scratch(len);
            in.getBytes(in.readerIndex(), b, 0, len);
            start = 0;
        }
        return answer(b, start, start + len, alloc);
    }

    /** A per-thread array for copying requests into, grown as needed (the stub's one I/O thread reuses one). */
    private static final ThreadLocal<byte[][]> SCRATCH = ThreadLocal.withInitial(() -> new byte[][] {new byte[64 * 1024]});

    private static byte[] scratch(int len) {
        byte[][] holder = SCRATCH.get();
        if (holder[0].length < len) {
            holder[0] = new byte[Math.max(len, holder[0].length * 2)];
        }
        return holder[0];
    }

    private static ByteBuf answer(byte[] in, int start, int end, ByteBufAllocator alloc) {
        boolean array = false;
        for (int i = start; i < end; i++) {
            byte b = in[i];
            if (b == '[') {
                array = true;
                break;
            }
            if (b == '{') {
                break;
            }
        }
        // an eth_chainId answer is shorter than its request: the request's length is room enough for most bodies
        ByteBuf out = alloc.buffer(Math.max(64, end - start + 16));
        if (array) {
            out.writeByte('[');
        }
        int count = 0;
        int depth = 0;
        boolean inString = false;
        int objectStart = -1;
        for (int i = start; i < end; i++) {
            byte b = in[i];
            if (inString) {
                if (b == '\\') {
                    i++;
                } else if (b == '"') {
                    inString = false;
                }
                continue;
            }
            if (b == '"') {
                inString = true;
            } else if (b == '{') {
                if (depth++ == 0) {
                    objectStart = i;
                }
            } else if (b == '}' && --depth == 0) {
                if (count++ > 0) {
                    out.writeByte(',');
                }
                answerOne(in, objectStart, i + 1, out);
            }
        }
        if (array) {
            out.writeByte(']');
        }
        return out;
    }

    private static final byte[] CHAIN_ID_METHOD = "eth_chainId\"".getBytes(StandardCharsets.US_ASCII);

    /** Answers the one request object in {@code in[from, to)}. */
    private static void answerOne(byte[] in, int from, int to, ByteBuf out) {
        int i = indexOf(in, ID_KEY, from, to);
        if (i < 0) {
            return;
        }
        i += ID_KEY.length;
        while (i < to && (in[i] == ' ' || in[i] == ':')) {
            i++;
        }
        int idStart = i;
        if (i < to && in[i] == '"') {
            i++;
            while (i < to && in[i] != '"') {
                i++;
            }
            i++;
        } else {
            while (i < to && in[i] != ',' && in[i] != '}' && in[i] != ' ') {
                i++;
            }
        }
        byte[] result = null;
        int m = indexOf(in, METHOD_KEY, from, to);
        if (m >= 0) {
            int ms = m + METHOD_KEY.length;
            if (!startsWith(in, ms, to, CHAIN_ID_METHOD)) { // the common case needs no String
                int me = ms;
                while (me < to && in[me] != '"') {
                    me++;
                }
                result = CannedAnswers.resultFor(new String(in, ms, me - ms, StandardCharsets.US_ASCII));
            }
        }
        out.writeBytes(HEAD).writeBytes(in, idStart, i - idStart);
        if (result == null) {
            out.writeBytes(TAIL);
        } else {
            out.writeBytes(RESULT_KEY).writeBytes(result).writeByte('}');
        }
    }

    private static boolean startsWith(byte[] in, int at, int end, byte[] key) {
        if (end - at < key.length) {
            return false;
        }
        for (int k = 0; k < key.length; k++) {
            if (in[at + k] != key[k]) {
                return false;
            }
        }
        return true;
    }

    private static int indexOf(byte[] in, byte[] key, int from, int end) {
        byte first = key[0];
        for (int i = from, last = end - key.length; i <= last; i++) {
            if (in[i] == first && startsWith(in, i, end, key)) {
                return i;
            }
        }
        return -1;
    }

    /** JSON-RPC over HTTP POST; anything else (the WebSocket upgrade) goes on down the pipeline. */
    private static final class HttpPostHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
        HttpPostHandler() {
            super(false);
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            if (request.method() != HttpMethod.POST) {
                ctx.fireChannelRead(request);
                return;
            }
            try {
                ByteBuf body = answer(request.content(), ctx.alloc());
                FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, body);
                response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON);
                HttpUtil.setContentLength(response, body.readableBytes());
                boolean keepAlive = HttpUtil.isKeepAlive(request);
                HttpUtil.setKeepAlive(response, keepAlive);
                var f = ctx.writeAndFlush(response);
                if (!keepAlive) {
                    f.addListener(io.netty.channel.ChannelFutureListener.CLOSE);
                }
            } finally {
                request.release();
            }
        }
    }

    private static final class WebSocketFrameHandler extends SimpleChannelInboundHandler<TextWebSocketFrame> {
        private boolean pendingFlush;

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, TextWebSocketFrame frame) {
            ctx.write(new TextWebSocketFrame(answer(frame.content(), ctx.alloc())));
            pendingFlush = true;
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            // answers to all frames read in one go leave in one flush, as a real node's would
            if (pendingFlush) {
                pendingFlush = false;
                ctx.flush();
            }
            ctx.fireChannelReadComplete();
        }
    }
}
