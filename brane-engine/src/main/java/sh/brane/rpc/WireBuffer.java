package sh.brane.rpc;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * A heap buffer to write one request body into before it is copied out at its exact size: one per platform thread,
 * reused, so that a body costs one array of its own length (the growing buffer of a stream cost two more copies and
 * twice the bytes). Virtual threads get a new buffer each time (a thread-local would be one per call).
 */
final class WireBuffer {

    /** Larger buffers (a request of many large params) are not kept: a thread would hold their memory for good. */
    static final int KEEP_LIMIT = 256 * 1024;
    private static final ThreadLocal<ByteBuf> SPARE = new ThreadLocal<>();

    private WireBuffer() { }

    /** An empty buffer with room for about {@code estimate} bytes; give it back with {@link #give}. */
    static ByteBuf take(int estimate) {
        if (!Thread.currentThread().isVirtual()) {
            ByteBuf spare = SPARE.get();
            if (spare != null) {
                SPARE.set(null); // in use: a nested take gets a buffer of its own
                spare.clear().ensureWritable(estimate);
                return spare;
            }
        }
        return Unpooled.buffer(Math.max(256, estimate));
    }

    /** Takes back a buffer from {@link #take}, whose bytes were copied out. */
    static void give(ByteBuf buf) {
        if (!Thread.currentThread().isVirtual() && buf.capacity() <= KEEP_LIMIT) {
            SPARE.set(buf.clear());
        }
    }
}
