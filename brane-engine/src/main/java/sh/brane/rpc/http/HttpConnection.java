package sh.brane.rpc.http;

import java.io.IOException;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.RejectedExecutionException;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;

import sh.brane.rpc.NodeText;
import sh.brane.rpc.core.AnswerBody;
import sh.brane.rpc.core.RequestLifecycle;

/**
 * One pooled HTTP/1.1 connection of a {@link NettyHttpTransport} and its pipeline handler: writes its call, gathers
 * the answer ({@link AnswerBody}), and goes back to the pool or is dropped. Touched only on its event loop.
 */
public final class HttpConnection extends ChannelInboundHandlerAdapter {
    private static final byte[] END_OF_HEADERS = {'\r', '\n', '\r', '\n'};

    private final NettyHttpTransport pool;
    public final Channel channel;
    /** The call this connection carries; set under the pool lock, cleared on the event loop. */
    public volatile HttpCall current;
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
    /** The body read so far: discarded, or handed over in the reply. */
    private final AnswerBody body;

    public HttpConnection(Channel channel, NettyHttpTransport pool) {
        this.pool = pool;
        this.channel = channel;
        this.body = new AnswerBody(channel.alloc());
    }

    /** Closes the connection when it has been idle for the configured time and carries no call. */
    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof IdleStateEvent && current == null) {
            pool.drop(this);
            return;
        }
        ctx.fireUserEventTriggered(evt);
    }

    /** Writes {@code call} on the event loop; the caller made it {@link #current}. */
    public void start(HttpCall call) {
        EventLoop loop = channel.eventLoop();
        if (loop.inEventLoop()) {
            write(call);
            return;
        }
        try {
            loop.execute(() -> write(call));
        } catch (RejectedExecutionException e) {
            call.fail(HttpCall.closedError());
        }
    }

    public void write(HttpCall call) {
        if (current != call) {
            return; // the connection died before this ran and the call went elsewhere
        }
        if (call.isEnded()) {
            current = null;
            pool.drop(this);
            return;
        }
        if (!channel.isActive()) {
            current = null;
            pool.drop(this);
            elsewhere(call);
            return;
        }
        written = true;
        body.discard();
        informational = false;
        answering = false;
        byte[] b = call.body;
        byte[] own = call.headerLines;
        ByteBuf buf = channel.alloc().ioBuffer(pool.requestHead.length + 14 + b.length + (own == null ? 0 : own.length));
        buf.writeBytes(pool.requestHead);
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
    private void elsewhere(HttpCall call) {
        if (reused) {
            pool.acquire(call);
        } else {
            call.fail(new ConnectException("the node closed the connection right after accepting it"));
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            HttpCall c = current;
            if (c == null || !written) {
                // nothing asked on this connection (e.g. a 408 sent to an idle one): it cannot be trusted
                current = null;
                pool.drop(this);
                if (c != null) {
                    elsewhere(c);
                }
                return;
            }
            if (c.isEnded()) {
                current = null;
                pool.drop(this);
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
    private boolean onHead(HttpCall c, HttpResponse head) {
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
        if (declaredLength > pool.maxResponseSize) {
            lose(c, BoundedBodySubscriber.tooLarge("declares Content-Length " + declaredLength + ", more",
                    pool.maxResponseSize));
            return false;
        }
        body.discard();
        answering = true;
        return true;
    }

    private void onContent(HttpCall c, HttpContent content) {
        if (informational) {
            informational = !(content instanceof LastHttpContent);
            return;
        }
        ByteBuf data = content.content();
        int n = data.readableBytes();
        if (n > pool.maxResponseSize - body.size()) {
            lose(c, BoundedBodySubscriber.tooLarge("is at least " + ((long) body.size() + n) + " bytes, more",
                    pool.maxResponseSize));
            return;
        }
        if (n > 0) {
            body.add(data);
        }
        if (content instanceof LastHttpContent) {
            answered(c);
        }
    }

    private void answered(HttpCall c) {
        ByteBuf b = body.take();
        written = false;
        reused = true;
        current = null;
        if (!c.end()) {
            b.release();
            pool.drop(this); // timed out or closed meanwhile, and being closed
            return;
        }
        HttpTransport.HttpReply reply = new HttpTransport.HttpReply(status, retryAfter, b);
        // back in the pool before the caller wakes, so a sequential caller finds this connection again
        if (keepAlive) {
            pool.release(this);
        } else {
            pool.drop(this);
        }
        c.future.complete(reply);
    }

    /** Ends the call with {@code error} and drops the connection. */
    private void lose(HttpCall c, Throwable error) {
        current = null;
        body.discard();
        pool.drop(this);
        c.fail(error);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        broken(new IOException(answering ? "the node closed the connection in the middle of its answer"
                : "the node closed the connection before answering"));
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        RequestLifecycle.LOG.debug("HTTP connection to {}:{} failed: {}", pool.host, pool.port, NodeText.of(cause));
        broken(cause instanceof IOException ? cause : new IOException(cause.toString(), cause));
    }

    /** The connection is gone: its call fails with {@code error} if its request was written, else goes elsewhere. */
    private void broken(Throwable error) {
        HttpCall c = current;
        current = null;
        body.discard();
        pool.drop(this);
        if (c != null && written) {
            c.fail(error);
        } else if (c != null) {
            elsewhere(c);
        }
    }
}
