package sh.brane.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.TrustManagerFactory;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2ResetFrame;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamFrame;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import sh.brane.rpc.http.JdkHttpTransport;

/**
 * HTTP/2 runs on the JDK client ({@link JdkHttpTransport}), against a real HTTP/2 server over TLS with ALPN
 * (Netty's codec, on 127.0.0.1, a keytool certificate trusted through {@link HttpConfig.Builder#tls}). Its
 * deadlines come from the transport's one sweep, not a timer per request: a stream the server never answers, or
 * whose body stops half way, ends in {@link RpcTimeoutException} and is reset on the wire (the server sees the
 * RST_STREAM), while the connection and the streams beside it go on.
 */
class Http2TransportTest {

    @TempDir
    static Path dir;
    static EventLoopGroup group;
    static Channel server;
    static TrustManagerFactory trust;
    /** TCP connections the server accepted. */
    static final AtomicInteger connections = new AtomicInteger();
    /** JSON-RPC methods of the streams the client reset. */
    static final Set<String> reset = ConcurrentHashMap.newKeySet();
    static final List<String> methods = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        TestCertificate certificate = TestCertificate.selfSigned(dir);
        trust = certificate.trust();
        KeyManagerFactory kmf = certificate.keys();

        SslContext ssl = SslContextBuilder.forServer(kmf).sslProvider(SslProvider.JDK)
                .applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                        ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                        ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                        ApplicationProtocolNames.HTTP_2))
                .build();
        group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        connections.incrementAndGet();
                        ch.pipeline().addLast(ssl.newHandler(ch.alloc()),
                                Http2FrameCodecBuilder.forServer().build(),
                                new Http2MultiplexHandler(new ChannelInitializer<Http2StreamChannel>() {
                                    @Override
                                    protected void initChannel(Http2StreamChannel stream) {
                                        stream.pipeline().addLast(new JsonRpcStream());
                                    }
                                }));
                    }
                })
                .bind("127.0.0.1", 0).sync().channel();
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close().sync();
        }
        if (group != null) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        }
    }

    /**
     * One stream: gathers the request body, then answers {@code eth_chainId}, never answers {@code eth_stall}, and
     * sends the headers and half a body for {@code eth_halfBody}; records a reset by the client.
     */
    static final class JsonRpcStream extends SimpleChannelInboundHandler<Http2StreamFrame> {
        private final StringBuilder body = new StringBuilder();
        private String method;

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
            // the multiplexer hands a stream's RST_STREAM to its channel as an event
            if (event instanceof Http2ResetFrame) {
                reset.add(String.valueOf(method));
            }
            ctx.fireUserEventTriggered(event);
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Http2StreamFrame frame) {
            boolean end = false;
            if (frame instanceof Http2HeadersFrame h) {
                end = h.isEndStream();
            } else if (frame instanceof Http2DataFrame d) {
                body.append(d.content().toString(StandardCharsets.UTF_8));
                end = d.isEndStream();
            }
            if (!end) {
                return;
            }
            JsonNode request = TestWsServer.JSON.readTree(body.toString());
            method = request.get("method").asString();
            methods.add(method);
            String answer = "{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id").asLong() + ",\"result\":\"0x7a69\"}";
            switch (method) {
                case "eth_stall" -> { }
                case "eth_halfBody" -> {
                    ctx.write(new DefaultHttp2HeadersFrame(new DefaultHttp2Headers().status("200")
                            .add("content-type", "application/json")));
                    ctx.writeAndFlush(new DefaultHttp2DataFrame(
                            Unpooled.copiedBuffer(answer.substring(0, 10), StandardCharsets.US_ASCII), false));
                }
                default -> {
                    ByteBuf content = Unpooled.copiedBuffer(answer, StandardCharsets.US_ASCII);
                    ctx.write(new DefaultHttp2HeadersFrame(new DefaultHttp2Headers().status("200")
                            .add("content-type", "application/json")));
                    ctx.writeAndFlush(new DefaultHttp2DataFrame(content, true));
                }
            }
        }
    }

    private static HttpProvider provider(Duration timeout) {
        int port = ((java.net.InetSocketAddress) server.localAddress()).getPort();
        return HttpProvider.create(HttpConfig.builder("https://127.0.0.1:" + port + "/rpc")
                .version(HttpClient.Version.HTTP_2).tls(null, trust).maxRetries(0).autoBatch(false)
                .requestTimeout(timeout).build());
    }

    @Test
    void concurrentCallsShareOneConnectionAsStreams() throws Exception {
        int before = connections.get();
        try (HttpProvider p = provider(Duration.ofSeconds(10))) {
            assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
            List<CompletableFuture<JsonNode>> calls = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                calls.add(p.sendAsync("eth_chainId", List.of()));
            }
            for (CompletableFuture<JsonNode> c : calls) {
                assertThat(c.get(10, TimeUnit.SECONDS).asString()).isEqualTo("0x7a69");
            }
        }
        assertThat(connections.get() - before).as("21 calls over HTTP/2 take one TLS connection").isEqualTo(1);
    }

    @Test
    void aStreamWithNoAnswerTimesOutAndIsResetWhileItsConnectionGoesOn() throws Exception {
        int before = connections.get();
        try (HttpProvider p = provider(Duration.ofSeconds(10))) {
            assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
            CompletableFuture<JsonNode> stalled = p.sendAsync("eth_stall", List.of(), Duration.ofMillis(400));
            CompletableFuture<JsonNode> halfBody = p.sendAsync("eth_halfBody", List.of(), Duration.ofMillis(400));
            assertThat(p.send("eth_chainId", List.of()).asString()).as("a stream beside the stalled ones")
                    .isEqualTo("0x7a69");
            for (CompletableFuture<JsonNode> f : List.of(stalled, halfBody)) {
                assertThatThrownBy(() -> f.get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                        .cause().isInstanceOf(RpcTimeoutException.class);
            }
            WebSocketProviderTest.await(() -> reset.containsAll(List.of("eth_stall", "eth_halfBody")),
                    "the client resets both late streams");
            assertThat(p.send("eth_chainId", List.of()).asString()).as("after the resets, on the same connection")
                    .isEqualTo("0x7a69");
        }
        assertThat(connections.get() - before).isEqualTo(1);
    }

    @Test
    void closingTheProviderEndsWhatIsStillInFlight() throws Exception {
        long stallsBefore = methods.stream().filter("eth_stall"::equals).count();
        CompletableFuture<JsonNode> stalled;
        try (HttpProvider p = provider(Duration.ofSeconds(30))) {
            assertThat(p.send("eth_chainId", List.of()).asString()).isEqualTo("0x7a69");
            stalled = p.sendAsync("eth_stall", List.of());
            WebSocketProviderTest.await(() -> methods.stream().filter("eth_stall"::equals).count() > stallsBefore,
                    "the server has the stalled call");
        }
        assertThatThrownBy(() -> stalled.get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class);
    }
}
