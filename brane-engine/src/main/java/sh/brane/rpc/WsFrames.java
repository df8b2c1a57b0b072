package sh.brane.rpc;

import java.util.concurrent.ThreadLocalRandom;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

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

    /**
     * A new buffer with room for the header kept: the payload is written from its writer index on. A heap buffer:
     * serializing and masking byte by byte into an array is several times cheaper than into a direct buffer (which
     * Netty reaches through a {@code ByteBuffer} on recent JDKs), and the I/O thread copies the frames into one
     * direct buffer anyway when it gathers them ({@link RingWriter}).
     */
    static ByteBuf begin(ByteBufAllocator alloc, int payloadHint) {
        ByteBuf buf = alloc.heapBuffer(MAX_HEADER + payloadHint);
        buf.writerIndex(MAX_HEADER).readerIndex(MAX_HEADER);
        return buf;
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
        int i = from;
        int end = from + len;
        for (; i + 8 <= end; i += 8) {
            buf.setLong(i, buf.getLong(i) ^ wide);
        }
        for (int k = (i - from) & 3; i < end; i++, k = (k + 1) & 3) {
            buf.setByte(i, buf.getByte(i) ^ (mask >>> (24 - 8 * k)));
        }
    }
}
