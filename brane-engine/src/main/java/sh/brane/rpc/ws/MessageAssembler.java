package sh.brane.rpc.ws;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.ContinuationWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;

/**
 * Assembles WebSocket messages from frames, up to {@code maxMessageSize}. Of a larger message only the first
 * {@value #PREFIX_KEEP} and last {@value #SUFFIX_KEEP} bytes are kept, enough to find its request's id so only that
 * request fails. One per connection, on its I/O thread; the caller keeps ownership of the frames.
 */
public final class MessageAssembler {

    public interface Receiver {
        /** A whole message within the limit; {@code content} is valid only during the call. */
        void onMessage(ByteBuf content);

        /** A message over the limit, of {@code size} bytes, of which the start and the end were kept. */
        void onOversize(long size, byte[] prefix, int prefixLen, byte[] suffix, int suffixLen);

        /** A continuation frame arrived with no message started. */
        void onStrayContinuation();
    }

    public static final int PREFIX_KEEP = 1024;
    public static final int SUFFIX_KEEP = 256;

    private final int maxMessageSize;
    private final Receiver receiver;
    private CompositeByteBuf partial;
    private boolean inMessage;
    private boolean oversize;
    private long messageBytes;
    private final byte[] prefix = new byte[PREFIX_KEEP];
    private int prefixLen;
    private final byte[] suffix = new byte[SUFFIX_KEEP];
    private int suffixLen;

    public MessageAssembler(int maxMessageSize, Receiver receiver) {
        this.maxMessageSize = maxMessageSize;
        this.receiver = receiver;
    }

    /** Takes one frame (text, binary or continuation; others are ignored). */
    public void onFrame(WebSocketFrame frame) {
        ByteBuf content = frame.content();
        if (frame instanceof TextWebSocketFrame || frame instanceof BinaryWebSocketFrame) {
            reset();
            if (frame.isFinalFragment() && content.readableBytes() <= maxMessageSize) {
                // the common case: one frame, one message, no copy
                receiver.onMessage(content);
                return;
            }
            inMessage = true;
            partial = content.alloc().compositeBuffer(Integer.MAX_VALUE);
            append(content);
        } else if (frame instanceof ContinuationWebSocketFrame) {
            if (!inMessage) {
                receiver.onStrayContinuation();
                return;
            }
            append(content);
        } else {
            return;
        }
        if (frame.isFinalFragment()) {
            if (oversize) {
                receiver.onOversize(messageBytes, prefix, prefixLen, suffix, suffixLen);
            } else {
                receiver.onMessage(partial);
            }
            reset();
        }
    }

    /** Drops a message in progress (a new message starts, or the connection closed). */
    public void reset() {
        if (partial != null) {
            partial.release();
            partial = null;
        }
        inMessage = false;
        oversize = false;
        messageBytes = 0;
        prefixLen = 0;
        suffixLen = 0;
    }

    private void append(ByteBuf content) {
        int n = content.readableBytes();
        messageBytes += n;
        if (!oversize && messageBytes > maxMessageSize) {
            oversize = true;
            // keep only what can identify the request: the head and the tail of the message
            prefixLen = Math.min(PREFIX_KEEP, partial.readableBytes());
            partial.getBytes(partial.readerIndex(), prefix, 0, prefixLen);
            keepTail(partial);
            partial.release();
            partial = null;
        }
        if (oversize) {
            if (prefixLen < PREFIX_KEEP) {
                int k = Math.min(PREFIX_KEEP - prefixLen, n);
                content.getBytes(content.readerIndex(), prefix, prefixLen, k);
                prefixLen += k;
            }
            keepTail(content);
        } else {
            partial.addComponent(true, content.retain());
        }
    }

    private void keepTail(ByteBuf buf) {
        int n = buf.readableBytes();
        if (n >= SUFFIX_KEEP) {
            buf.getBytes(buf.readerIndex() + n - SUFFIX_KEEP, suffix, 0, SUFFIX_KEEP);
            suffixLen = SUFFIX_KEEP;
        } else {
            int keep = Math.min(suffixLen, SUFFIX_KEEP - n);
            System.arraycopy(suffix, suffixLen - keep, suffix, 0, keep);
            buf.getBytes(buf.readerIndex(), suffix, keep, n);
            suffixLen = keep + n;
        }
    }
}
