package sh.brane.rpc;

import java.time.Duration;
import java.util.concurrent.Executor;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.util.concurrent.AbstractEventExecutor;

/** The socket settings both Netty transports (WebSocket and HTTP/1.1) open their connections with. */
final class NettySockets {

    private NettySockets() {
    }

    /** A client bootstrap on {@code group}: no Nagle delay, TCP keep-alive, the given connect timeout. */
    static Bootstrap client(EventLoopGroup group, boolean epoll, Duration connectTimeout) {
        int connectMillis = (int) Math.max(1, Math.min(Integer.MAX_VALUE, connectTimeout.toMillis()));
        return new Bootstrap()
                .group(group)
                .channel(epoll ? EpollSocketChannel.class : NioSocketChannel.class)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, connectMillis)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.SO_KEEPALIVE, true);
    }

    /** TLS with the given client keys and trust (each null for none / the JDK's), and the hostname check. */
    static SslContext tls(javax.net.ssl.KeyManagerFactory keys, javax.net.ssl.TrustManagerFactory trust) {
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

    /** TLS with the JDK trust store and the hostname check. */
    static SslContext verifyingTls() {
        try {
            return SslContextBuilder.forClient().endpointIdentificationAlgorithm("HTTPS").build();
        } catch (javax.net.ssl.SSLException e) {
            throw new IllegalStateException("could not set up TLS: " + e.getMessage(), e);
        }
    }

    /**
     * Runs tasks on {@code loop} without waking it ({@code lazyExecute}): a task so queued runs at the loop's next
     * wake-up for anything else. The transports give it the loop their sweep wakes every
     * {@link InFlightTable#SWEEP_TICK}, which bounds the delay. Where Netty's loop has no lazy form, a plain execute.
     */
    static Executor lazily(EventLoop loop) {
        return loop instanceof AbstractEventExecutor lazy ? lazy::lazyExecute : loop;
    }
}
