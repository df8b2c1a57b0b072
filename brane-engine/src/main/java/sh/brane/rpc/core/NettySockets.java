package sh.brane.rpc.core;

import java.time.Duration;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;

/** The socket settings both Netty transports (WebSocket and HTTP/1.1) open their connections with. */
public final class NettySockets {

    private NettySockets() {
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

    /** TLS with the given client keys and trust (each null for none / the JDK's), and the hostname check. */
    public static SslContext tls(javax.net.ssl.KeyManagerFactory keys, javax.net.ssl.TrustManagerFactory trust) {
        if (keys == null && trust == null) {
            return verifyingTls();
        }
        try {
            return SslContextBuilder.forClient().endpointIdentificationAlgorithm("HTTPS").keyManager(keys)
                    .trustManager(trust).build();
        } catch (javax.net.ssl.SSLException e) {
            throw new IllegalStateException("could not set up TLS: " + e.getMessage(), e);
        }
    }

    public static SslContext verifyingTls() {
        try {
            return SslContextBuilder.forClient().endpointIdentificationAlgorithm("HTTPS").build();
        } catch (javax.net.ssl.SSLException e) {
            throw new IllegalStateException("could not set up TLS: " + e.getMessage(), e);
        }
    }
}
