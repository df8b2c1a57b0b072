package sh.brane.rpc.ws;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.websocketx.CorruptedWebSocketFrameException;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;

import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.ConnectionLostException;
import sh.brane.rpc.FrameTooLargeException;
import sh.brane.rpc.NodeText;
import sh.brane.rpc.WebSocketConfig;
import sh.brane.rpc.core.AnswerGroup;
import sh.brane.rpc.core.AnswerRouter;

/** Reads one WebSocket connection: handshake, keep-alive, frames joined into messages ({@link MessageAssembler}) for
 *  the {@link AnswerRouter}; keeps why the connection ended for {@link WsConnection}. */
public final class WsChannelHandler extends ChannelInboundHandlerAdapter implements MessageAssembler.Receiver {

    private final WsConnection connection;
    private final AnswerRouter router;
    private final WebSocketConfig config;
    private final String endpoint;
    private final MessageAssembler assembler;
    private boolean handshaken;
    private BraneRpcException closeCause;
    /** The answers read since the last read completed, delivered together by one hand-off. */
    private AnswerGroup answers;

    public WsChannelHandler(WsConnection connection, AnswerRouter router, WebSocketConfig config, String endpoint) {
        this.connection = connection;
        this.router = router;
        this.config = config;
        this.endpoint = endpoint;
        this.assembler = new MessageAssembler(config.maxFrameSize(), this);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt == WebSocketClientProtocolHandler.ClientHandshakeStateEvent.HANDSHAKE_COMPLETE) {
            handshaken = true;
            connection.onHandshakeComplete(ctx.channel());
        } else if (evt == WebSocketClientProtocolHandler.ClientHandshakeStateEvent.HANDSHAKE_TIMEOUT) {
            closeCause = new ConnectionLostException("WebSocket handshake timed out after connectTimeout ("
                    + config.connectTimeout() + ")");
            ctx.close();
        } else if (evt instanceof IdleStateEvent idle) {
            if (idle.state() == IdleState.WRITER_IDLE && handshaken) {
                ctx.writeAndFlush(new PingWebSocketFrame());
            } else if (idle.state() == IdleState.READER_IDLE) {
                closeCause = new ConnectionLostException("nothing received from " + endpoint
                        + " for readIdleTimeout (" + config.readIdleTimeout() + "); connection presumed dead");
                ctx.close();
            }
        }
        super.userEventTriggered(ctx, evt);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof WebSocketFrame frame)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        try {
            assembler.onFrame(frame);
        } finally {
            frame.release();
        }
    }

    @Override
    public void onMessage(ByteBuf content) {
        if (answers == null) {
            answers = new AnswerGroup();
        }
        router.route(content, answers);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
        deliverAnswers(ctx);
        super.channelReadComplete(ctx);
    }

    private void deliverAnswers(ChannelHandlerContext ctx) {
        AnswerGroup read = answers;
        if (read != null) {
            answers = null;
            router.deliver(read, ctx.executor());
        }
    }

    @Override
    public void onStrayContinuation() {
        router.onStrayContinuation();
    }

    @Override
    public void onOversize(long size, byte[] prefix, int prefixLen, byte[] suffix, int suffixLen) {
        router.onOversize(size, prefix, prefixLen, suffix, suffixLen);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof CorruptedWebSocketFrameException c
                && c.closeStatus() != null && c.closeStatus().code() == WebSocketCloseStatus.MESSAGE_TOO_BIG.code()) {
            closeCause = new FrameTooLargeException("a single WebSocket frame exceeded "
                    + Math.max(config.maxFrameSize(), WsConnection.MIN_FRAME_DECODER_LIMIT)
                    + " bytes, so the connection had to be dropped; raise " + config.maxFrameSizeSetting() + " (now "
                    + config.maxFrameSize() + ")");
        } else if (closeCause == null) {
            // a failed handshake quotes the node's status line and headers: escaped and cut
            closeCause = new ConnectionLostException((handshaken ? "connection error: " : "WebSocket handshake failed: ")
                    + NodeText.of(cause), cause);
        }
        ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        deliverAnswers(ctx);
        assembler.reset();
        connection.onChannelClosed(ctx.channel(), handshaken, closeCause);
        super.channelInactive(ctx);
    }
}
