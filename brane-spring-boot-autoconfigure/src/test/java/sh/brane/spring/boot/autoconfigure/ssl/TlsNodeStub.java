package sh.brane.spring.boot.autoconfigure.ssl;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
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
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;

/**
 * A JSON-RPC node stub on 127.0.0.1 behind TLS with a private CA, answering {@code eth_chainId} with 0x7a69:
 * over HTTPS (the JDK's HttpsServer) and over WSS (Netty), each with or without client authentication.
 */
final class TlsNodeStub implements AutoCloseable {

    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*(\\d+)");

    final AtomicInteger answered = new AtomicInteger();

    private HttpsServer https;

    private EventLoopGroup group;

    private Channel wss;

    static String answer(String request) {
        Matcher id = ID.matcher(request);
        return "{\"jsonrpc\":\"2.0\",\"id\":" + (id.find() ? id.group(1) : "null") + ",\"result\":\"0x7a69\"}";
    }

    /** @return the port */
    int startHttps(PrivateCa ca, boolean needClientAuth) throws Exception {
        this.https = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        this.https.setHttpsConfigurator(new HttpsConfigurator(ca.serverContext()) {
            @Override
            public void configure(HttpsParameters params) {
                params.setNeedClientAuth(needClientAuth);
            }
        });
        this.https.createContext("/", (exchange) -> {
            String request;
            try (InputStream in = exchange.getRequestBody()) {
                request = new String(in.readNBytes(64 * 1024), StandardCharsets.UTF_8);
            }
            byte[] body = answer(request).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
            this.answered.incrementAndGet();
        });
        this.https.start();
        return this.https.getAddress().getPort();
    }

    /** @return the port */
    int startWss(PrivateCa ca, boolean needClientAuth) throws Exception {
        SslContext ssl = SslContextBuilder.forServer(ca.serverKeys())
            .trustManager(ca.caTrust())
            .clientAuth(needClientAuth ? ClientAuth.REQUIRE : ClientAuth.NONE)
            .build();
        this.group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        this.wss = new ServerBootstrap().group(this.group)
            .channel(NioServerSocketChannel.class)
            .childHandler(new ChannelInitializer<Channel>() {
                @Override
                protected void initChannel(Channel ch) {
                    ch.pipeline()
                        .addLast(ssl.newHandler(ch.alloc()))
                        .addLast(new HttpServerCodec())
                        .addLast(new HttpObjectAggregator(64 * 1024))
                        .addLast(new WebSocketServerProtocolHandler("/"))
                        .addLast(new SimpleChannelInboundHandler<TextWebSocketFrame>() {
                            @Override
                            protected void channelRead0(ChannelHandlerContext ctx, TextWebSocketFrame frame) {
                                ctx.writeAndFlush(new TextWebSocketFrame(answer(frame.text())));
                                TlsNodeStub.this.answered.incrementAndGet();
                            }
                        });
                }
            })
            .bind("127.0.0.1", 0)
            .sync()
            .channel();
        return ((InetSocketAddress) this.wss.localAddress()).getPort();
    }

    @Override
    public void close() throws IOException {
        if (this.https != null) {
            this.https.stop(0);
        }
        if (this.wss != null) {
            this.wss.close().syncUninterruptibly();
        }
        if (this.group != null) {
            this.group.shutdownGracefully(0, 100, java.util.concurrent.TimeUnit.MILLISECONDS).syncUninterruptibly();
        }
    }
}
