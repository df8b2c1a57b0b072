package sh.brane.rpc.ws;

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
 * writes the header in front of it and masks the payload in place, still on the caller's thread. The ring's writer
 * only writes finished frames (they pass Netty's frame encoder untouched, as it encodes only
 * {@code WebSocketFrame}s).
 *
 * <p>Every frame gets its own random mask, as the RFC requires of a client, from {@link ThreadLocalRandom} (what
 * Netty's own encoder uses by default, {@code RandomWebSocketFrameMaskGenerator}): the mask only keeps a proxy from
 * reading the bytes as another protocol's, and needs no cryptographic strength.
 */
public final class WsFrames {

    /** The longest header of a client frame: 2 bytes, an 8-byte length, a 4-byte mask. */
    public static final int MAX_HEADER = 14;
    /** First header byte of a whole text message: FIN and opcode 1. */
    private static final int FIN_TEXT = 0x81;
    private static final int MASKED = 0x80;

    private WsFrames() {
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    /**
     * A new buffer with room for the header kept: the payload is written from its writer index on. A plain heap
     * buffer: serializing and masking into an array is several times cheaper than into a direct buffer (which Netty
     * reaches through a {@code ByteBuffer} on recent JDKs) or a pooled one, and the transport copies it into the
     * socket's buffer once.
     */
    public static ByteBuf begin(int payloadHint) {
        return begin(Unpooled.buffer(MAX_HEADER + payloadHint));
    }

    /**
     * {@link #begin(int)} in a pooled heap buffer of {@code alloc}: for a frame of many calls (a batch), whose pool
     * allocation is shared by all of them.
     */
    public static ByteBuf begin(io.netty.buffer.ByteBufAllocator alloc, int payloadHint) {
        return begin(alloc.heapBuffer(MAX_HEADER + payloadHint));
    }

    private static ByteBuf begin(ByteBuf buf) {
        buf.writerIndex(MAX_HEADER).readerIndex(MAX_HEADER);
        return buf;
    }

    /**
     * Makes the payload written after {@link #begin} (from its reader index to its writer index) a masked text frame,
     * in place: the header goes into the room kept before it, and the reader index moves back to the header.
     */
    public static void finish(ByteBuf buf) {
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

    /** Bytes of a client frame's header (mask included) for a payload of {@code len} bytes. */
    public static int headerLength(int len) {
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
    public static void mask(ByteBuf buf, int from, int len, int mask) {
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
