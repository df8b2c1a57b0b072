package sh.brane.rpc.ws;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import sh.brane.rpc.ConnectionLostException;
import sh.brane.rpc.WaitStrategyType;
import sh.brane.rpc.core.InFlightTable;
import sh.brane.rpc.core.PendingRequest;
import sh.brane.rpc.core.RequestLifecycle;

/**
 * The ring's consumer (the I/O thread; here the test's) writes every call it finds waiting and flushes once at the
 * end of that batch; a call that finds no connection ends at once; frames left in the ring are released on close.
 */
class RingWriterTest {

    private final RequestLifecycle lifecycle = new RequestLifecycle(Executors.newVirtualThreadPerTaskExecutor());
    private final InFlightTable table = new InFlightTable(100, lifecycle);
    private RingWriter writer;

    @AfterEach
    void close() {
        if (writer != null) {
            writer.close();
        }
    }

    /** Counts writes and flushes reaching the channel. */
    private static final class Counting extends ChannelOutboundHandlerAdapter {
        final AtomicInteger writes = new AtomicInteger();
        final AtomicInteger flushes = new AtomicInteger();

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            writes.incrementAndGet();
            ctx.write(msg, promise);
        }

        @Override
        public void flush(ChannelHandlerContext ctx) {
            // counted once done: the test then reads the channel, which must not race the consumer's flush
            ctx.flush();
            flushes.incrementAndGet();
        }
    }

    private PendingRequest admitted(long id) {
        PendingRequest r = new PendingRequest(id, "eth_chainId", TimeUnit.SECONDS.toNanos(30), null);
        table.admit(r, false, "test");
        return r;
    }

    private static ByteBuf frame(long id) {
        return Unpooled.copiedBuffer("{\"id\":" + id + "}", StandardCharsets.US_ASCII);
    }

    @Test
    void callsWaitingTogetherAreWrittenOneByOneAndFlushedOnce() {
        Counting counting = new Counting();
        EmbeddedChannel channel = new EmbeddedChannel(counting);
        writer = new RingWriter(16, WaitStrategyType.BLOCKING, () -> channel, table, lifecycle,
                r -> new ConnectionLostException("none"), () -> false);
        for (int i = 1; i <= 10; i++) {
            writer.publish(admitted(i), frame(i));
        }

        // the test's thread is the I/O thread here: one drain finds the ten calls as one batch
        assertThat(writer.drain()).isEqualTo(10);
        assertThat(counting.writes.get()).isEqualTo(10);
        assertThat(counting.flushes.get()).isEqualTo(1);
        int frames = 0;
        for (ByteBuf b; (b = channel.readOutbound()) != null; b.release()) {
            frames++;
        }
        assertThat(frames).isEqualTo(10);
        assertThat(table.size()).as("written, still waiting for answers").isEqualTo(10);
        assertThat(writer.drain()).as("nothing left").isZero();
    }

    @Test
    void framesNoDrainTookAreReleasedOnClose() {
        writer = new RingWriter(16, WaitStrategyType.BLOCKING, () -> null, table, lifecycle,
                r -> new ConnectionLostException("none"), () -> false);
        ByteBuf frame = frame(1);
        writer.publish(admitted(1), frame);

        writer.close();
        assertThat(frame.refCnt()).isZero();
        writer = null;
    }

    @Test
    void aCallThatFindsNoConnectionEndsAtOnce() {
        writer = new RingWriter(16, WaitStrategyType.BLOCKING, () -> null, table, lifecycle,
                r -> new ConnectionLostException(r.method + " refused: not connected"), () -> false);
        PendingRequest r = admitted(1);
        ByteBuf frame = frame(1);
        writer.publish(r, frame);
        writer.drain();

        assertThat(r.future()).failsWithin(5, TimeUnit.SECONDS).withThrowableThat()
                .withCauseInstanceOf(ConnectionLostException.class);
        assertThat(frame.refCnt()).as("its frame released").isZero();
        assertThat(table.size()).isZero();
    }
}
