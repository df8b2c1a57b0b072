package sh.brane.rpc.ws;

import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;

import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.EventTranslatorTwoArg;
import com.lmax.disruptor.RingBuffer;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.IoHandlerFactory;

import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.ConnectionLostException;
import sh.brane.rpc.WaitStrategyType;
import sh.brane.rpc.core.InFlightTable;
import sh.brane.rpc.core.PendingRequest;
import sh.brane.rpc.core.RequestLifecycle;

/**
 * The write path of one WebSocket connection: callers publish finished frames into an LMAX Disruptor ring
 * ({@link #publish}), and the connection's I/O thread is the ring's one consumer: it writes each frame and flushes
 * once per batch, and between batches waits as the configured {@link WaitStrategyType} says ({@link RingIoHandler}).
 * A consumer on a thread of its own would hand every write to the I/O thread, one more thread crossing per call.
 * Callers serialize in parallel, so the consumer only writes, and a burst from any number of threads leaves in one
 * flush: the batching {@code sendAsyncBatch} promises.
 */
public final class RingWriter implements EventPoller.Handler<RingWriter.Slot> {

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
    private final EventPoller<Slot> poller;
    private final WaitStrategyType waitStrategy;
    private final Supplier<Channel> channel;
    private final InFlightTable table;
    private final RequestLifecycle lifecycle;
    private final Function<PendingRequest, BraneRpcException> notConnected;
    private final BooleanSupplier closed;
    /** The I/O thread's handler once it runs; publishers wake it through this. */
    private volatile RingIoHandler consumer;
    /** The calls written since the last flush: what {@code brane.rpc.batch.size} records (I/O thread only). */
    private int callsInBatch;
    /** The frames written by the running drain (I/O thread only). */
    private int framesInDrain;

    public RingWriter(int size, WaitStrategyType waitStrategy, Supplier<Channel> channel, InFlightTable table,
               RequestLifecycle lifecycle, Function<PendingRequest, BraneRpcException> notConnected,
               BooleanSupplier closed) {
        this.waitStrategy = waitStrategy;
        this.channel = channel;
        this.table = table;
        this.lifecycle = lifecycle;
        this.notConnected = notConnected;
        this.closed = closed;
        // the consumer polls, never waits in the ring: a signalling strategy would lock on every publish for nothing
        this.ring = RingBuffer.createMultiProducer(Slot::new, size, new BusySpinWaitStrategy());
        this.poller = ring.newPoller();
        ring.addGatingSequences(poller.getSequence());
    }

    /**
     * The I/O handlers of the connection's event loop: Netty's own ({@code io}), wrapped so that the loop drains
     * this ring and idles with the wait strategy. Give it to a group of one thread: the ring has one consumer.
     */
    public IoHandlerFactory ioHandlerFactory(IoHandlerFactory io) {
        return executor -> {
            RingIoHandler handler = new RingIoHandler(io.newHandler(executor), this, waitStrategy);
            if (consumer != null) {
                throw new IllegalStateException("a WebSocket ring has one consumer: use an event loop group of one");
            }
            consumer = handler;
            return handler;
        };
    }

    public void publish(PendingRequest r, ByteBuf frame) {
        publish(new PendingRequest[] {r}, frame);
    }

    /** Publishes a frame carrying {@code requests}; a full ring holds the caller (bounded by the in-flight limit), a
     *  closed provider's frame is released. */
    public void publish(PendingRequest[] requests, ByteBuf frame) {
        if (ring.tryPublishEvent(TRANSLATOR, requests, frame)) {
            wake();
            return;
        }
        lifecycle.hook(m -> m.onRingBufferSaturated(ring.getBufferSize()));
        while (!ring.tryPublishEvent(TRANSLATOR, requests, frame)) {
            RingIoHandler c = consumer;
            if (closed.getAsBoolean() || c == null || c.stopped()) {
                frame.release();
                return;
            }
            if (c.inLoop()) {
                drain(); // the I/O thread itself filled the ring: nobody else will empty it
            } else {
                c.wakeup();
                LockSupport.parkNanos(1_000);
            }
        }
        wake();
    }

    private void wake() {
        RingIoHandler c = consumer;
        if (c != null) {
            c.wakeup(); // a system call only when the loop sleeps in its selector
        }
    }

    public long remaining() {
        return ring.remainingCapacity();
    }

    /** Whether every published frame has been taken. */
    boolean isEmpty() {
        return poller.getSequence().get() >= ring.getCursor();
    }

    /** Writes every frame waiting, flushing once at the end; the number written. I/O thread only. */
    int drain() {
        framesInDrain = 0;
        try {
            poller.poll(this);
        } catch (Exception e) {
            // onEvent throws nothing of its own; a handler's failure must not stop the loop
            RequestLifecycle.LOG.warn("writing from the ring failed: {}", e.toString());
        }
        return framesInDrain;
    }

    @Override
    public boolean onEvent(Slot slot, long sequence, boolean endOfBatch) {
        PendingRequest[] requests = slot.requests;
        ByteBuf frame = slot.frame;
        slot.clear();
        framesInDrain++;
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
        return true;
    }

    /** Releases the frames no drain took; call once the I/O thread has stopped (the table has ended their calls). */
    public void close() {
        for (long s = poller.getSequence().get() + 1, end = ring.getCursor(); s <= end; s++) {
            Slot slot = ring.get(s);
            if (slot.frame != null) {
                slot.frame.release();
            }
            slot.clear();
        }
    }
}
