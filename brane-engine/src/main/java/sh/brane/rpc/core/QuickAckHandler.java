package sh.brane.rpc.core;

import java.net.SocketOption;

import io.netty.channel.Channel;
import io.netty.channel.ChannelException;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.socket.nio.NioChannelOption;
import io.netty.channel.socket.nio.NioSocketChannel;

/**
 * Acknowledges reads at once while more is expected (Linux {@code TCP_QUICKACK}, re-armed after each read). Nodes that
 * leave Nagle on (Anvil does) hold each answer until the previous is acknowledged, so the delayed ACK cost 40 ms per
 * answer with many in flight. Does nothing where the option does not exist.
 */
@ChannelHandler.Sharable
public final class QuickAckHandler extends ChannelInboundHandlerAdapter {

    private static final NioChannelOption<Boolean> NIO_QUICKACK = nioOption();

    /** Whether more is expected from the node after a read; when not, the read is not acknowledged at once. */
    private final java.util.function.BooleanSupplier moreExpected;

    private QuickAckHandler(java.util.function.BooleanSupplier moreExpected) {
        this.moreExpected = moreExpected;
    }

    /** Re-arms quick acknowledgement only while {@code moreExpected}: a Nagle stall needs a second answer behind an
     *  unacknowledged first, so this spares a system call per read where calls go one at a time. */
    public static QuickAckHandler whileExpecting(java.util.function.BooleanSupplier moreExpected) {
        return new QuickAckHandler(moreExpected);
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        arm(ctx);
        ctx.fireChannelActive();
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (moreExpected.getAsBoolean()) {
            arm(ctx);
        }
        ctx.fireChannelReadComplete();
    }

    private static void arm(ChannelHandlerContext ctx) {
        Channel ch = ctx.channel();
        try {
            if (ch instanceof EpollSocketChannel epoll) {
                epoll.config().setTcpQuickAck(true);
            } else if (!(ch instanceof NioSocketChannel nio && NIO_QUICKACK != null
                    && nio.config().setOption(NIO_QUICKACK, true))) {
                ctx.pipeline().remove(ctx.handler());
            }
        } catch (ChannelException | UnsupportedOperationException e) {
            // an old kernel or an unusual socket: run with the kernel's own ACK timing, as without this handler
            RequestLifecycle.LOG.debug("TCP_QUICKACK unavailable on {}: {}", ch, e.toString());
            ctx.pipeline().remove(ctx.handler());
        }
    }

    @SuppressWarnings("unchecked")
    private static NioChannelOption<Boolean> nioOption() {
        try {
            Class<?> options = Class.forName("jdk.net.ExtendedSocketOptions");
            SocketOption<Boolean> quickAck = (SocketOption<Boolean>) options.getField("TCP_QUICKACK").get(null);
            return (NioChannelOption<Boolean>) NioChannelOption.of(quickAck);
        } catch (ReflectiveOperationException | LinkageError e) {
            return null;
        }
    }
}
