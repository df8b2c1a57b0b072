package sh.brane.rpc.core;

import java.time.Duration;
import java.util.function.UnaryOperator;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.util.concurrent.DefaultThreadFactory;

/** The event loops, sockets and TLS both Netty transports (WebSocket and HTTP/1.1) open their connections with. */
public final class NettySockets {

    private NettySockets() {
    }

    /** {@code threads} daemon event loops named after {@code threadName}, on epoll or NIO. */
    public static EventLoopGroup group(int threads, String threadName, boolean epoll) {
        return group(threads, threadName, epoll, io -> io);
    }

    /** The same, with Netty's I/O handlers wrapped by {@code wrap} (the WebSocket ring drains on its loop). */
    public static EventLoopGroup group(int threads, String threadName, boolean epoll,
                                       UnaryOperator<IoHandlerFactory> wrap) {
        return new MultiThreadIoEventLoopGroup(threads, new DefaultThreadFactory(threadName, true),
                wrap.apply(epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory()));
    }

    /** A client bootstrap on {@code group}: no Nagle delay, TCP keep-alive, the given connect timeout. */
    public static Bootstrap client(EventLoopGroup group, boolean epoll, Duration connectTimeout) {
        int connectMillis = (int) Math.max(1, Math.min(Integer.MAX_VALUE, connectTimeout.toMillis()));
        return new Bootstrap()
                .group(group)
                .channel(epoll ? EpollSocketChannel.class : NioSocketChannel.class)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, connectMillis)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.SO_KEEPALIVE, true);
    }

    /** TLS with the hostname check, the given client keys (null: none) and trust (null: the JDK's store). */
    public static SslContext tls(KeyManagerFactory keys, TrustManagerFactory trust) {
        try {
            return SslContextBuilder.forClient().endpointIdentificationAlgorithm("HTTPS").keyManager(keys)
                    .trustManager(trust).build();
        } catch (SSLException e) {
            throw new IllegalStateException("could not set up TLS: " + e.getMessage(), e);
        }
    }
}
