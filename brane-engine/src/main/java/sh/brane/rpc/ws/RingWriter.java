package sh.brane.rpc.ws;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;

import com.lmax.disruptor.BatchEventProcessor;
import com.lmax.disruptor.BatchEventProcessorBuilder;
import com.lmax.disruptor.BlockingWaitStrategy;
import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.EventHandler;
import com.lmax.disruptor.EventTranslatorTwoArg;
import com.lmax.disruptor.LiteBlockingWaitStrategy;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.SleepingWaitStrategy;
import com.lmax.disruptor.WaitStrategy;
import com.lmax.disruptor.YieldingWaitStrategy;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;

import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.ConnectionLostException;
import sh.brane.rpc.WaitStrategyType;
import sh.brane.rpc.core.InFlightTable;
import sh.brane.rpc.core.PendingRequest;
import sh.brane.rpc.core.RequestLifecycle;

/**
 * The write path of one WebSocket connection, shaped like the LMAX Disruptor's examples: callers publish finished
 * frames ({@link #publish}), one {@link BatchEventProcessor} writes each and flushes once per batch, waiting with the
 * configured {@link WaitStrategyType}. Callers serialize in parallel, so the consumer only writes, and a burst from
 * any number of threads leaves in one flush: the batching {@code sendAsyncBatch} promises.
 */
public final class RingWriter implements EventHandler<RingWriter.Slot> {

    /** One ring slot: the requests a frame carries (one, or an explicit batch's) and the frame. */
    public static final class Slot {
        public PendingRequest[] requests;
        public ByteBuf frame;

        private void clear() {
            requests = null;
            frame = null;
        }
    }

    private static final EventTranslatorTwoArg<Slot, PendingRequest[], ByteBuf> TRANSLATOR =
            (slot, sequence, requests, frame) -> {
                slot.requests = requests;
                slot.frame = frame;
            };

    private final RingBuffer<Slot> ring;
    private final BatchEventProcessor<Slot> processor;
    private final Thread consumer;
    private final Supplier<Channel> channel;
    private final InFlightTable table;
    private final RequestLifecycle lifecycle;
    private final Function<PendingRequest, BraneRpcException> notConnected;
    private final BooleanSupplier closed;
    /** The calls written since the last flush: what {@code brane.rpc.batch.size} records (consumer thread only). */
    private int callsInBatch;

    public RingWriter(int size, WaitStrategyType waitStrategy, ThreadFactory threads, Supplier<Channel> channel,
               InFlightTable table, RequestLifecycle lifecycle, Function<PendingRequest, BraneRpcException> notConnected,
               BooleanSupplier closed) {
        this.channel = channel;
        this.table = table;
        this.lifecycle = lifecycle;
        this.notConnected = notConnected;
        this.closed = closed;
        this.ring = RingBuffer.createMultiProducer(Slot::new, size, strategy(waitStrategy));
        this.processor = new BatchEventProcessorBuilder().build(ring, ring.newBarrier(), this);
        ring.addGatingSequences(processor.getSequence());
        this.consumer = threads.newThread(processor);
        consumer.start();
    }

    private static WaitStrategy strategy(WaitStrategyType type) {
        return switch (type) {
            case BLOCKING -> new BlockingWaitStrategy();
            case LITE_BLOCKING -> new LiteBlockingWaitStrategy();
            case SLEEPING -> new SleepingWaitStrategy();
            case YIELDING -> new YieldingWaitStrategy();
            case BUSY_SPIN -> new BusySpinWaitStrategy();
        };
    }

    public void publish(PendingRequest r, ByteBuf frame) {
        publish(new PendingRequest[] {r}, frame);
    }

    /** Publishes a frame carrying {@code requests}; a full ring holds the caller (bounded by the in-flight limit), a
     *  closed provider's frame is released. */
    public void publish(PendingRequest[] requests, ByteBuf frame) {
        if (ring.tryPublishEvent(TRANSLATOR, requests, frame)) {
            return;
        }
        lifecycle.hook(m -> m.onRingBufferSaturated(ring.getBufferSize()));
        while (!ring.tryPublishEvent(TRANSLATOR, requests, frame)) {
            if (closed.getAsBoolean() || !consumer.isAlive()) {
                frame.release();
                return;
            }
            LockSupport.parkNanos(1_000);
        }
    }

    public long remaining() {
        return ring.remainingCapacity();
    }

    @Override
    public void onEvent(Slot slot, long sequence, boolean endOfBatch) {
        PendingRequest[] requests = slot.requests;
        ByteBuf frame = slot.frame;
        slot.clear();
        Channel ch = channel.get();
        if (ch == null || requests == null) {
            if (frame != null) {
                frame.release();
            }
            if (requests != null) {
                for (PendingRequest r : requests) {
                    table.fail(r.id, notConnected.apply(r));
                }
            }
        } else {
            callsInBatch += requests.length;
            ch.write(frame).addListener((ChannelFutureListener) f -> {
                if (!f.isSuccess()) {
                    for (PendingRequest r : requests) {
                        table.fail(r.id, new ConnectionLostException(r.method + " could not be written: "
                                + f.cause(), f.cause()));
                    }
                }
            });
        }
        if (endOfBatch) {
            if (ch != null) {
                ch.flush();
            }
            if (callsInBatch > 0) {
                int n = callsInBatch;
                lifecycle.hook(m -> m.onBatchSize(n));
                callsInBatch = 0;
            }
        }
    }

    /** Stops the consumer and releases the frames it did not take; the drained table has ended their calls. */
    public void close() {
        processor.halt();
        try {
            consumer.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (long s = processor.getSequence().get() + 1, end = ring.getCursor(); s <= end; s++) {
            Slot slot = ring.get(s);
            if (slot.frame != null) {
                slot.frame.release();
            }
            slot.clear();
        }
    }
}
