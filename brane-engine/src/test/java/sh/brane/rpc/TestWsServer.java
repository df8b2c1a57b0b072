package sh.brane.rpc;

import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A loopback WebSocket JSON-RPC server for fault tests. Each request is handed to a {@link Behaviour},
 * which may answer, stay silent, or write arbitrary frames.
 */
final class TestWsServer implements AutoCloseable {

    static final JsonMapper JSON = JsonMapper.builder().build();

    /** Decides what to do with one request (batches are split; replies to a batch are re-joined). */
    @FunctionalInterface
    interface Behaviour {
        /** Returns the response object to send, or null to stay silent. */
        JsonNode answer(TestWsServer server, Channel ch, JsonNode request);
    }

    /** Answers eth_chainId, echo (returns params), eth_subscribe (0xsub&lt;n&gt;), fail (RPC error); ignores "silent". */
    static final Behaviour DEFAULT = (server, ch, req) -> {
        String method = req.path("method").asString();
        return switch (method) {
            case "eth_chainId" -> result(req, JSON.getNodeFactory().stringNode("0x7a69"));
            case "echo" -> result(req, req.get("params"));
            case "eth_subscribe" -> result(req, JSON.getNodeFactory().stringNode("0xsub" + server.subscriptionCounter.incrementAndGet()));
            case "eth_unsubscribe" -> result(req, JSON.getNodeFactory().booleanNode(true));
            case "fail" -> {
                ObjectNode r = JSON.createObjectNode();
                r.put("jsonrpc", "2.0");
                r.set("id", req.get("id"));
                ObjectNode err = r.putObject("error");
                err.put("code", 3);
                err.put("message", "execution reverted");
                err.put("data", "0x08c379a0");
                yield r;
            }
            default -> null;
        };
    };

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1,
            new DefaultThreadFactory("test-ws-server", true), NioIoHandler.newFactory());
    private final Channel serverChannel;
    final List<Channel> clients = new CopyOnWriteArrayList<>();
    final ConcurrentLinkedQueue<JsonNode> received = new ConcurrentLinkedQueue<>();
    final AtomicInteger framesReceived = new AtomicInteger();
    final AtomicInteger connections = new AtomicInteger();
    final List<io.netty.handler.codec.http.HttpHeaders> handshakeHeaders = new CopyOnWriteArrayList<>();
    final AtomicInteger subscriptionCounter = new AtomicInteger();
    volatile Behaviour behaviour;

    private TestWsServer(int port, Behaviour behaviour) throws InterruptedException {
        this(port, behaviour, null);
    }

    private TestWsServer(int port, Behaviour behaviour, io.netty.handler.ssl.SslContext ssl) throws InterruptedException {
        this.behaviour = behaviour;
        this.serverChannel = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        if (ssl != null) {
                            ch.pipeline().addLast(ssl.newHandler(ch.alloc()));
                        }
                        ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(65536),
                                new WebSocketServerProtocolHandler(WebSocketServerProtocolConfig.newBuilder()
                                        .websocketPath("/").maxFramePayloadLength(256 * 1024 * 1024).build()),
                                new Handler());
                    }
                })
                .bind("127.0.0.1", port).sync().channel();
    }

    static TestWsServer start(Behaviour behaviour) throws InterruptedException {
        return new TestWsServer(0, behaviour);
    }

    static TestWsServer startTls(io.netty.handler.ssl.SslContext ssl, Behaviour behaviour) throws InterruptedException {
        TestWsServer s = new TestWsServer(0, behaviour, ssl);
        s.tls = true;
        return s;
    }

    private boolean tls;

    static TestWsServer start(int port, Behaviour behaviour) throws InterruptedException {
        return new TestWsServer(port, behaviour);
    }

    int port() {
        return ((java.net.InetSocketAddress) serverChannel.localAddress()).getPort();
    }

    String url() {
        return (tls ? "wss" : "ws") + "://127.0.0.1:" + port() + "/";
    }

    static ObjectNode result(JsonNode req, JsonNode result) {
        ObjectNode r = JSON.createObjectNode();
        r.put("jsonrpc", "2.0");
        r.set("id", req.get("id"));
        r.set("result", result);
        return r;
    }

    /** Sends text to every connected client. */
    void pushAll(String text) {
        for (Channel c : clients) {
            c.writeAndFlush(new TextWebSocketFrame(text));
        }
    }

    /** Closes every client connection abruptly (TCP close, no WebSocket close frame). */
    void dropClients() {
        for (Channel c : clients) {
            c.close();
        }
    }

    @Override
    public void close() {
        serverChannel.close().syncUninterruptibly();
        for (Channel c : clients) {
            c.close();
        }
        group.shutdownGracefully(0, 100, java.util.concurrent.TimeUnit.MILLISECONDS).syncUninterruptibly();
    }

    private final class Handler extends SimpleChannelInboundHandler<WebSocketFrame> {
        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
            if (evt instanceof WebSocketServerProtocolHandler.HandshakeComplete hc) {
                handshakeHeaders.add(hc.requestHeaders());
                clients.add(ctx.channel());
                connections.incrementAndGet();
            }
            super.userEventTriggered(ctx, evt);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            clients.remove(ctx.channel());
            super.channelInactive(ctx);
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame frame) {
            if (!(frame instanceof TextWebSocketFrame text)) {
                return;
            }
            framesReceived.incrementAndGet();
            JsonNode msg = JSON.readTree(text.text());
            if (msg.isArray()) {
                ArrayNode out = JSON.createArrayNode();
                for (JsonNode req : msg) {
                    received.add(req);
                    JsonNode r = behaviour.answer(TestWsServer.this, ctx.channel(), req);
                    if (r != null) {
                        out.add(r);
                    }
                }
                // answer in reverse order: the client must match by id, not by position
                ArrayNode reversed = JSON.createArrayNode();
                for (int i = out.size() - 1; i >= 0; i--) {
                    reversed.add(out.get(i));
                }
                ctx.writeAndFlush(new TextWebSocketFrame(reversed.toString()));
            } else {
                received.add(msg);
                JsonNode r = behaviour.answer(TestWsServer.this, ctx.channel(), msg);
                if (r != null) {
                    ctx.writeAndFlush(new TextWebSocketFrame(r.toString()));
                }
            }
        }
    }
}
