package sh.brane.rpc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.concurrent.ThreadLocalRandom;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * Client text frames (RFC 6455 section 5.2) built by hand, so that Netty's per-frame encoder
 * ({@code WebSocket08FrameEncoder}: a new buffer, a copy and a mask pass per frame, on the one I/O thread) is
 * skipped: a caller serializes its request after room kept for the header ({@link #begin}), then {@link #finish}
 * writes the header in front of it and masks the payload in place, still on the caller's thread. The I/O thread
 * only gathers finished frames into one buffer and writes them (they pass Netty's frame encoder untouched, as it
 * encodes only {@code WebSocketFrame}s).
 *
 * <p>Every frame gets its own random mask, as the RFC requires of a client, from {@link ThreadLocalRandom} (what
 * Netty's own encoder uses by default, {@code RandomWebSocketFrameMaskGenerator}): the mask only keeps a proxy from
 * reading the bytes as another protocol's, and needs no cryptographic strength.
 */
final class WsFrames {

    /** The longest header of a client frame: 2 bytes, an 8-byte length, a 4-byte mask. */
    static final int MAX_HEADER = 14;
    /** First header byte of a whole text message: FIN and opcode 1. */
    private static final int FIN_TEXT = 0x81;
    private static final int MASKED = 0x80;

    private WsFrames() {
    }

    /** A platform thread keeps its scratch buffer only up to this size, so one huge call leaves no huge buffer. */
    private static final int MAX_KEPT_SCRATCH = 64 * 1024;
    /** Each platform thread's scratch buffer; empty while the thread uses it (a re-entrant call gets its own). */
    private static final ThreadLocal<ByteBuf> SCRATCH = new ThreadLocal<>();
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    /**
     * A new buffer with room for the header kept: the payload is written from its writer index on. A plain heap
     * buffer: serializing and masking into an array is several times cheaper than into a direct buffer (which Netty
     * reaches through a {@code ByteBuffer} on recent JDKs) or a pooled one (whose allocation was a third of a
     * {@code sendAsyncBatch} caller's time), and the I/O thread copies the frames into one direct buffer anyway when
     * it gathers them ({@link RingWriter}).
     */
    static ByteBuf begin(int payloadHint) {
        return begin(Unpooled.buffer(MAX_HEADER + payloadHint));
    }

    /**
     * {@link #begin(int)} in a pooled heap buffer of {@code alloc}: for a frame of many calls (a batch), whose pool
     * allocation is shared by all of them.
     */
    static ByteBuf begin(io.netty.buffer.ByteBufAllocator alloc, int payloadHint) {
        return begin(alloc.heapBuffer(MAX_HEADER + payloadHint));
    }

    private static ByteBuf begin(ByteBuf buf) {
        buf.writerIndex(MAX_HEADER).readerIndex(MAX_HEADER);
        return buf;
    }

    /**
     * The calling thread's scratch buffer, set up as {@link #begin} sets a new one up, to serialize one call into and
     * then {@link #detach} (or {@link #giveBack}); a virtual thread (whose thread-locals live as long as one task)
     * and a re-entrant call get a new one.
     */
    static ByteBuf scratch() {
        return scratch(256);
    }

    /**
     * {@link #scratch()} with room for {@code payloadHint} bytes after the header's: the thread's kept buffer (grown if
     * need be) or, on a virtual thread or a re-entrant call, a new one of that size.
     */
    static ByteBuf scratch(int payloadHint) {
        ByteBuf s = Thread.currentThread().isVirtual() ? null : SCRATCH.get();
        if (s == null) {
            return begin(payloadHint);
        }
        // taken: a re-entrant call meanwhile gets a new one. Set to null rather than removed, so that the give-back
        // finds the thread's entry in place (a removal made it allocate a new entry per batch: session 18's profile)
        SCRATCH.set(null);
        s.clear().writerIndex(MAX_HEADER).readerIndex(MAX_HEADER);
        s.ensureWritable(payloadHint);
        return s;
    }

    /**
     * Copies what was serialized into {@code scratch} out into a buffer of its own, exactly sized, and gives the
     * scratch back: as a finished frame if {@code frame} (header and masked payload), else as the bare payload after
     * room kept for a header (a call the drain frames with the batch it joins).
     */
    static ByteBuf detach(ByteBuf scratch, boolean frame) {
        try {
            if (frame) {
                finish(scratch);
            }
            int len = scratch.readableBytes();
            int room = frame ? 0 : MAX_HEADER;
            byte[] copy = new byte[room + len];
            scratch.getBytes(scratch.readerIndex(), copy, room, len);
            return Unpooled.wrappedBuffer(copy).readerIndex(room);
        } finally {
            giveBack(scratch);
        }
    }

    /** Makes {@code scratch} the thread's scratch buffer again, unless it grew too big or came to a virtual thread. */
    static void giveBack(ByteBuf scratch) {
        if (scratch.capacity() <= MAX_KEPT_SCRATCH && !Thread.currentThread().isVirtual()) {
            SCRATCH.set(scratch);
        }
    }

    /**
     * Makes the payload written after {@link #begin} (from its reader index to its writer index) a masked text frame,
     * in place: the header goes into the room kept before it, and the reader index moves back to the header.
     */
    static void finish(ByteBuf buf) {
        int payloadStart = buf.readerIndex();
        int len = buf.writerIndex() - payloadStart;
        int at = payloadStart - headerLength(len);
        if (at < 0) {
            throw new IllegalStateException("no room for the frame header: " + payloadStart + " bytes before the payload");
        }
        int mask = ThreadLocalRandom.current().nextInt();
        writeHeader(buf, at, len, mask);
        mask(buf, payloadStart, len, mask);
        buf.readerIndex(at);
    }

    /**
     * Room {@link #finishAt} expects before a payload: the header of any payload under 64 KiB, so a call's frame is
     * made where it was serialized, among other frames, with no copy (a shorter header moves the payload 2 bytes).
     */
    static final int ROOM = 8;

    /**
     * Makes the payload written from {@code start + ROOM} to the writer index a masked text frame starting at
     * {@code start}, with no gap before it: the payload moves if its header is not {@link #ROOM} bytes long. The
     * writer index ends after the frame; the reader index is left alone.
     */
    static void finishAt(ByteBuf buf, int start) {
        int payloadStart = start + ROOM;
        int len = buf.writerIndex() - payloadStart;
        int header = headerLength(len);
        if (header != ROOM) {
            buf.ensureWritable(Math.max(0, header - ROOM));
            if (buf.hasArray()) { // overlapping ranges: arraycopy moves them as memmove does
                int off = buf.arrayOffset();
                System.arraycopy(buf.array(), off + payloadStart, buf.array(), off + start + header, len);
            } else {
                buf.setBytes(start + header, io.netty.buffer.ByteBufUtil.getBytes(buf, payloadStart, len));
            }
            payloadStart = start + header;
            buf.writerIndex(payloadStart + len);
        }
        int mask = ThreadLocalRandom.current().nextInt();
        writeHeader(buf, start, len, mask);
        mask(buf, payloadStart, len, mask);
    }

    /** Bytes of a client frame's header (mask included) for a payload of {@code len} bytes. */
    static int headerLength(int len) {
        return len < 126 ? 6 : len < 65536 ? 8 : 14;
    }

    private static void writeHeader(ByteBuf buf, int at, int len, int mask) {
        buf.setByte(at, FIN_TEXT);
        int i = at + 1;
        if (len < 126) {
            buf.setByte(i++, MASKED | len);
        } else if (len < 65536) {
            buf.setByte(i++, MASKED | 126);
            buf.setShort(i, len);
            i += 2;
        } else {
            buf.setByte(i++, MASKED | 127);
            buf.setLong(i, len);
            i += 8;
        }
        buf.setInt(i, mask);
    }

    /** XORs {@code len} bytes from {@code from} with the 4-byte {@code mask} (big-endian, as written in the header). */
    static void mask(ByteBuf buf, int from, int len, int mask) {
        long wide = (mask & 0xFFFFFFFFL) << 32 | mask & 0xFFFFFFFFL;
        if (buf.hasArray()) {
            mask(buf.array(), buf.arrayOffset() + from, len, mask, wide);
            return;
        }
        int i = from;
        int end = from + len;
        for (; i + 8 <= end; i += 8) {
            buf.setLong(i, buf.getLong(i) ^ wide);
        }
        for (int k = (i - from) & 3; i < end; i++, k = (k + 1) & 3) {
            buf.setByte(i, buf.getByte(i) ^ (mask >>> (24 - 8 * k)));
        }
    }

    private static void mask(byte[] a, int from, int len, int mask, long wide) {
        int i = from;
        int end = from + len;
        for (; i + 8 <= end; i += 8) {
            LONGS.set(a, i, (long) LONGS.get(a, i) ^ wide);
        }
        for (int k = 0; i < end; i++, k++) {
            a[i] ^= (byte) (mask >>> (24 - 8 * k));
        }
    }
}
