package sh.brane.rpc;

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

    /** Frames {@code payload} in a buffer of {@code alloc} (null: the caller's scratch buffer, copied out). */
    private static ByteBuf frame(io.netty.buffer.ByteBufAllocator alloc, String payload) {
        if (alloc == null) {
            ByteBuf scratch = WsFrames.scratch();
            scratch.writeCharSequence(payload, StandardCharsets.US_ASCII);
            return WsFrames.detach(scratch, true);
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

    /** A bare payload copied out of the scratch keeps room for the header the drain writes when it frames it. */
    @Test
    void aBarePayloadIsFramedLater() {
        ByteBuf scratch = WsFrames.scratch();
        scratch.writeCharSequence("{\"id\":2}", StandardCharsets.US_ASCII);
        ByteBuf payload = WsFrames.detach(scratch, false);
        assertThat(payload.toString(StandardCharsets.US_ASCII)).isEqualTo("{\"id\":2}");
        assertThat(WsFrames.scratch().readableBytes()).as("the scratch, given back and set up again").isZero();
        WsFrames.finish(payload);
        EmbeddedChannel server = new EmbeddedChannel(new WebSocket13FrameDecoder(true, false, 1 << 20));
        server.writeInbound(payload);
        TextWebSocketFrame read = server.readInbound();
        assertThat(read.text()).isEqualTo("{\"id\":2}");
        read.release();
        server.finishAndReleaseAll();
    }

    /**
     * Frames made one after the other in one buffer ({@link WsFrames#finishAt}, a burst of single calls) lie back to
     * back with no gap, whatever their header's size (6, 8 or 14 bytes), and a server reads each back as its text.
     */
    @Test
    void framesMadeInPlaceOneAfterTheOtherAreReadBackInOrder() {
        int[] lengths = {0, 5, 125, 126, 127, 4000, 65535, 65536, 70001, 3};
        ByteBuf buf = io.netty.buffer.Unpooled.buffer(64);
        int expected = 0;
        for (int n : lengths) {
            int start = buf.writerIndex();
            buf.ensureWritable(WsFrames.ROOM).writerIndex(start + WsFrames.ROOM);
            buf.writeCharSequence(text(n), StandardCharsets.US_ASCII);
            WsFrames.finishAt(buf, start);
            expected += WsFrames.headerLength(n) + n;
            assertThat(buf.writerIndex()).as("frame of %d ends where its header and payload end", n).isEqualTo(expected);
        }
        EmbeddedChannel server = new EmbeddedChannel(new WebSocket13FrameDecoder(true, false, 1 << 20));
        assertThat(server.writeInbound(buf)).isTrue();
        for (int n : lengths) {
            TextWebSocketFrame read = server.readInbound();
            try {
                assertThat(read.text()).as("length %d", n).isEqualTo(text(n));
            } finally {
                read.release();
            }
        }
        assertThat((Object) server.readInbound()).as("nothing after the last frame").isNull();
        server.finishAndReleaseAll();
    }
}
