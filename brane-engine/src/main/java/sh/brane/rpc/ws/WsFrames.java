package sh.brane.rpc.ws;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.concurrent.ThreadLocalRandom;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * Client text frames (RFC 6455) built by hand on the caller's thread: the request is serialized after room kept for
 * the header ({@link #begin}), then {@link #finish} writes the header and masks in place, skipping Netty's per-frame
 * encoder (a buffer, a copy and a mask pass per frame on the one I/O thread). The mask comes from
 * {@link ThreadLocalRandom}, as in Netty's own encoder: it only keeps proxies from misreading, not a secret.
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

    /** A heap buffer with room kept for the header: masking into an array is several times cheaper than into a
     *  direct or pooled buffer, and the transport copies it once into the socket's. */
    public static ByteBuf begin(int payloadHint) {
        return Unpooled.buffer(MAX_HEADER + payloadHint).writerIndex(MAX_HEADER).readerIndex(MAX_HEADER);
    }

    /** Makes the payload written after {@link #begin} a masked text frame in place, the header in the room kept. */
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
