package sh.brane.rpc.ws;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
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
 * The ring's consumer writes every call it finds waiting and flushes once at the end of that batch; a call that
 * finds no connection ends at once.
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
    void callsWaitingTogetherAreWrittenOneByOneAndFlushedOnce() throws Exception {
        Counting counting = new Counting();
        EmbeddedChannel channel = new EmbeddedChannel(counting);
        CountDownLatch go = new CountDownLatch(1);
        // the consumer starts only once ten calls wait in the ring: it finds them as one batch
        writer = new RingWriter(16, WaitStrategyType.BLOCKING, task -> new Thread(() -> {
            try {
                go.await();
            } catch (InterruptedException e) {
                return;
            }
            task.run();
        }), () -> channel, table, lifecycle, r -> new ConnectionLostException("none"), () -> false);
        for (int i = 1; i <= 10; i++) {
            writer.publish(admitted(i), frame(i));
        }
        go.countDown();

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (counting.flushes.get() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(counting.writes.get()).isEqualTo(10);
        assertThat(counting.flushes.get()).isEqualTo(1);
        int frames = 0;
        for (ByteBuf b; (b = channel.readOutbound()) != null; b.release()) {
            frames++;
        }
        assertThat(frames).isEqualTo(10);
        assertThat(table.size()).as("written, still waiting for answers").isEqualTo(10);
    }

    @Test
    void aCallThatFindsNoConnectionEndsAtOnce() throws Exception {
        writer = new RingWriter(16, WaitStrategyType.BLOCKING, Thread::new, () -> null, table, lifecycle,
                r -> new ConnectionLostException(r.method + " refused: not connected"), () -> false);
        PendingRequest r = admitted(1);
        ByteBuf frame = frame(1);
        writer.publish(r, frame);

        assertThat(r.future()).failsWithin(5, TimeUnit.SECONDS).withThrowableThat()
                .withCauseInstanceOf(ConnectionLostException.class);
        assertThat(frame.refCnt()).as("its frame released").isZero();
        assertThat(table.size()).isZero();
    }
}
