package sh.brane.rpc.ws;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocket13FrameDecoder;

/**
 * Frames built by hand on the caller's thread are what a server's decoder (Netty's, which insists on masked client
 * frames) reads back as the same text, at every header size and payload length around the mask's word boundaries,
 * in heap and direct buffers; and every frame gets its own mask.
 */
class WsFramesTest {

    private static String text(int n) {
        StringBuilder b = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            b.append((char) ('a' + i % 26));
        }
        return b.toString();
    }

    /** Frames {@code payload} in a buffer of {@code alloc} (null: a new heap buffer, as a caller's call is). */
    private static ByteBuf frame(io.netty.buffer.ByteBufAllocator alloc, String payload) {
        if (alloc == null) {
            ByteBuf buf = WsFrames.begin(payload.length());
            buf.writeCharSequence(payload, StandardCharsets.US_ASCII);
            WsFrames.finish(buf);
            return buf;
        }
        ByteBuf buf = alloc.buffer(WsFrames.MAX_HEADER + payload.length());
        buf.writerIndex(WsFrames.MAX_HEADER).readerIndex(WsFrames.MAX_HEADER);
        buf.writeCharSequence(payload, StandardCharsets.US_ASCII);
        WsFrames.finish(buf);
        return buf;
    }

    @Test
    void aServersDecoderReadsBackTheText() {
        int[] lengths = {0, 1, 3, 4, 7, 8, 9, 15, 16, 17, 125, 126, 127, 1000, 65535, 65536, 70001};
        for (io.netty.buffer.ByteBufAllocator alloc
                : new io.netty.buffer.ByteBufAllocator[] {null, UnpooledByteBufAllocator.DEFAULT,
                        PooledByteBufAllocator.DEFAULT, new PooledByteBufAllocator(false)}) {
            for (int n : lengths) {
                String payload = text(n);
                ByteBuf buf = frame(alloc, payload);
                assertThat(buf.readableBytes()).isEqualTo(WsFrames.headerLength(n) + n);
                EmbeddedChannel server = new EmbeddedChannel(new WebSocket13FrameDecoder(true, false, 1 << 20));
                assertThat(server.writeInbound(buf)).as("length %d", n).isTrue();
                TextWebSocketFrame read = server.readInbound();
                try {
                    assertThat(read.isFinalFragment()).isTrue();
                    assertThat(read.text()).as("length %d", n).isEqualTo(payload);
                } finally {
                    read.release();
                    server.finishAndReleaseAll();
                }
            }
        }
    }

    @Test
    void everyFrameHasItsOwnMask() {
        Set<Integer> masks = new HashSet<>();
        for (int i = 0; i < 64; i++) {
            ByteBuf buf = frame(null, "{\"id\":1}");
            assertThat(buf.getUnsignedByte(buf.readerIndex() + 1) & 0x80).as("mask bit").isEqualTo(0x80);
            masks.add(buf.getInt(buf.readerIndex() + 2));
            buf.release();
        }
        assertThat(masks).hasSizeGreaterThan(60);
    }
}
