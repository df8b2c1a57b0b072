package sh.brane.rpc;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;

/**
 * Hands a WebSocket explicit batch's finished frame ({@code sendBatch}) to the event loop, which writes it unless a
 * caller waiting for one of its calls took it first to send it on its own thread ({@link AnswerFuture#offerDeparture},
 * {@link CallerThreadWs#sendBatch}): whoever claims it first sends it, the other nothing.
 *
 * <p>For a sender that took its last call ({@link JoinHabit}) the event loop waits {@link JoinHabit#TAKE_WAIT_NANOS}
 * before it claims the batch: writing at once, it won a quarter to a third of these races (session 13's count, a
 * caller joining at once), and a batch it wins costs it the read, the parse and the caller's wake-up. Such a batch
 * is queued for the loop without waking it ({@link #askLater}); if nobody took it by the time the loop looks, the loop
 * writes it and marks the sender as one that does not join at once, so its next batches are written at once: a wrong
 * guess costs one batch a delay of up to one sweep tick, once. Used only with caller-thread connections.
 */
final class WsBatchHandOff {

    /** Writes a frame on the shared connection (given, or the current one) and ends its calls if the write fails. */
    interface SharedWrite {
        void write(Channel ch, List<PendingRequest> requests, ByteBuf frame);
    }

    private final CallerThreadWs callerThread;
    private final InFlightTable table;
    private final Function<String, ConnectionLostException> notConnected;
    private final BooleanSupplier closed;
    private final SharedWrite write;
    /** Writes on the current shared connection, or ends the calls when there is none. */
    private final BiConsumer<List<PendingRequest>, ByteBuf> writeOnCurrent;
    /**
     * Batches left to their caller, queued for the loop without waking it ({@link #askLater}) or waiting on a timer of
     * the loop ({@link #leaveToCaller}): {@link #close} ends them.
     */
    private final Set<HeldBatch> leftToCaller = ConcurrentHashMap.newKeySet();
    private volatile long takeWaitNanos = JoinHabit.TAKE_WAIT_NANOS;
    /** Queues a task on the sweep's event loop without waking it ({@link NettySockets#lazily}). */
    private final Executor lazilyOnSweepLoop;

    WsBatchHandOff(CallerThreadWs callerThread, InFlightTable table,
                   Function<String, ConnectionLostException> notConnected, BooleanSupplier closed, SharedWrite write,
                   BiConsumer<List<PendingRequest>, ByteBuf> writeOnCurrent, Executor lazilyOnSweepLoop) {
        this.lazilyOnSweepLoop = lazilyOnSweepLoop;
        this.callerThread = callerThread;
        this.table = table;
        this.notConnected = notConnected;
        this.closed = closed;
        this.write = write;
        this.writeOnCurrent = writeOnCurrent;
    }

    /** Gives {@code frame} (of {@code requests}, admitted) to {@code ch}'s event loop, or to a caller that takes it. */
    void handOff(Channel ch, List<PendingRequest> requests, ByteBuf frame) {
        JoinHabit habit = Thread.currentThread().isVirtual() ? null : JoinHabit.of();
        long leaveToCallerUntil = habit != null && habit.joinsAtOnce ? System.nanoTime() + takeWaitNanos : 0;
        HeldBatch held = new HeldBatch(requests, frame);
        AnswerFuture.offerDeparture(requests, () -> {
            if (!Thread.currentThread().isVirtual() && held.claim()) {
                if (habit != null) {
                    habit.took();
                }
                if (!callerThread.sendBatch(requests.toArray(new PendingRequest[0]), frame)) {
                    writeOnCurrent.accept(requests, frame); // no caller connection free: the shared one carries it
                }
            }
        });
        Runnable loopWrites = () -> {
            if (closed.getAsBoolean()) {
                // closing: close() fails the calls as closed, so the batch must not leave now (a graceful shutdown
                // still runs the tasks queued before it, this one included)
                endUnsent(held);
            } else if (held.claim()) {
                if (habit != null) {
                    habit.missed(); // nobody took it in time: this sender's next batches are not waited for
                }
                write.write(ch, requests, frame);
            }
        };
        if (leaveToCallerUntil != 0) {
            askLater(ch, held, leaveToCallerUntil, loopWrites);
            return;
        }
        try {
            ch.eventLoop().execute(loopWrites);
        } catch (RejectedExecutionException shutDown) {
            endUnsent(held);
        }
    }

    /**
     * A batch of a sender that joins at once: queued on the sweep's event loop without waking it. Its caller takes it
     * within microseconds, and the loop, at its next wake-up, finds it claimed: no wake-up per batch (session 16, as
     * over HTTP: {@code NettyHttpTransport.askLater}). If nobody took it, the loop waits out what is left of the
     * caller's time to take it and then writes it: within one sweep tick ({@link InFlightTable#SWEEP_TICK}) of the
     * hand-off, where a woken loop took {@link JoinHabit#TAKE_WAIT_NANOS}. The batch is in {@link #leftToCaller}
     * from now on, so that {@link #close} ends it whatever becomes of the queued task.
     */
    private void askLater(Channel ch, HeldBatch held, long leaveToCallerUntil, Runnable loopWrites) {
        leftToCaller.add(held);
        if (closed.getAsBoolean()) { // close() may have looked at the set before this batch was in it
            leftToCaller.remove(held);
            endUnsent(held);
            return;
        }
        try {
            lazilyOnSweepLoop.execute(() -> {
                leftToCaller.remove(held);
                if (held.isClaimed()) {
                    return; // taken by its caller: the usual case
                }
                long wait = leaveToCallerUntil - System.nanoTime();
                if (wait <= 0 || !leaveToCaller(ch, held, wait, loopWrites)) {
                    loopWrites.run();
                }
            });
        } catch (RejectedExecutionException shutDown) {
            leftToCaller.remove(held);
            endUnsent(held);
        }
    }

    /**
     * On the event loop: arms a timer that runs {@code loopWrites} after {@code waitNanos}; false when the loop or the
     * provider is closing (the caller of this runs {@code loopWrites} now, which ends the batch unsent when the provider
     * is closing). A batch waiting so is in {@link #leftToCaller}, so that
     * {@link #close} ends it: a task scheduled on a Netty loop is cancelled, not run, when the loop shuts down, and its
     * frame would be neither sent nor freed.
     */
    private boolean leaveToCaller(Channel ch, HeldBatch held, long waitNanos, Runnable loopWrites) {
        leftToCaller.add(held);
        if (closed.getAsBoolean()) { // close() may have looked at the set before this batch was in it
            leftToCaller.remove(held);
            return false;
        }
        try {
            ch.eventLoop().schedule(() -> {
                leftToCaller.remove(held);
                loopWrites.run();
            }, waitNanos, TimeUnit.NANOSECONDS);
            return true;
        } catch (RejectedExecutionException shutDown) {
            leftToCaller.remove(held);
            return false;
        }
    }

    /** Ends the batches still left to their callers, unsent: the provider is closing (its flag is set already). */
    void close() {
        for (HeldBatch held : leftToCaller) {
            leftToCaller.remove(held);
            endUnsent(held);
        }
    }

    /** Sets how long the event loop leaves a batch to a sender that joins at once (tests make it long). */
    void takeWaitNanos(long nanos) {
        this.takeWaitNanos = nanos;
    }

    /** Frees the frame and fails the calls, if nobody claimed the batch yet. */
    private void endUnsent(HeldBatch held) {
        if (held.claim()) {
            held.frame.release();
            for (PendingRequest r : held.requests) {
                table.fail(r.id, notConnected.apply(r.method));
            }
        }
    }

    /** A batch's frame between the hand-off and its sender's claim. */
    private static final class HeldBatch {
        final List<PendingRequest> requests;
        final ByteBuf frame;
        private final AtomicBoolean claimed = new AtomicBoolean();

        HeldBatch(List<PendingRequest> requests, ByteBuf frame) {
            this.requests = requests;
            this.frame = frame;
        }

        boolean claim() {
            return claimed.compareAndSet(false, true);
        }

        boolean isClaimed() {
            return claimed.get();
        }
    }
}
