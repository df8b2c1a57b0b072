package sh.brane.rpc.core;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;

/**
 * The body of one HTTP answer, kept in Netty's buffers so it is parsed where it lies. A piece of at least
 * {@link #KEEP_IN_PLACE} bytes filling half its buffer is retained into a {@link CompositeByteBuf}; smaller pieces are
 * copied together, so a node dripping a few bytes per read holds at most about three times the bytes received.
 * One event loop only; {@link #take} hands the references over, {@link #discard} gives them back.
 */
public final class AnswerBody {

    public static final int KEEP_IN_PLACE = 16 * 1024;

    private final ByteBufAllocator alloc;
    /** The pieces kept so far, in order: one buffer, a composite of several, or null. */
    private ByteBuf kept;
    /** Small pieces copied together, which follow {@link #kept}; null when there are none. */
    private ByteBuf tail;
    private int size;

    public AnswerBody(ByteBufAllocator alloc) {
        this.alloc = alloc;
    }

    public int size() {
        return size;
    }

    /** Adds the readable bytes of {@code data}, which stays the caller's to release. */
    public void add(ByteBuf data) {
        int n = data.readableBytes();
        if (n == 0) {
            return;
        }
        size += n;
        if (n >= KEEP_IN_PLACE && 2L * n >= rootCapacity(data)) {
            flushTail();
            append(data.retainedSlice());
            return;
        }
        if (tail != null && tail.writableBytes() < n) {
            flushTail();
        }
        if (tail == null) {
            tail = alloc.buffer(Math.max(n, KEEP_IN_PLACE));
        }
        tail.writeBytes(data, data.readerIndex(), n);
    }

    /** The whole body (possibly empty), whose reference the caller now holds; this is empty again afterwards. */
    public ByteBuf take() {
        flushTail();
        ByteBuf b = kept;
        kept = null;
        size = 0;
        return b == null ? Unpooled.EMPTY_BUFFER : b;
    }

    public void discard() {
        ByteBuf b = kept;
        ByteBuf t = tail;
        kept = null;
        tail = null;
        size = 0;
        if (b != null) {
            b.release();
        }
        if (t != null) {
            t.release();
        }
    }

    /** Pieces held, for tests: components of the composite, or 0/1. */
    public int pieces() {
        int n = kept instanceof CompositeByteBuf c ? c.numComponents() : kept == null ? 0 : 1;
        return n + (tail == null ? 0 : 1);
    }

    /** The capacity of the buffer a slice lies in: the memory that keeping the slice keeps. */
    private static int rootCapacity(ByteBuf b) {
        ByteBuf root = b;
        ByteBuf inner;
        while ((inner = root.unwrap()) != null) {
            root = inner;
        }
        return root.capacity();
    }

    private void flushTail() {
        ByteBuf t = tail;
        if (t != null) {
            tail = null;
            append(t);
        }
    }

    /** Adds {@code piece} (whose reference this takes) after what is kept. */
    private void append(ByteBuf piece) {
        if (kept == null) {
            kept = piece;
            return;
        }
        CompositeByteBuf all;
        if (kept instanceof CompositeByteBuf composite) {
            all = composite;
        } else {
            // no consolidation: a large answer in many pieces stays in its pieces
            all = alloc.compositeBuffer(Integer.MAX_VALUE);
            all.addComponent(true, kept);
            kept = all;
        }
        all.addComponent(true, piece);
    }
}
