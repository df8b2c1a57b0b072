package sh.brane.rpc;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

import io.netty.channel.Channel;

/**
 * The open {@code sendAsyncBatch} batches and {@code sendAsync} bursts of senders whose habit of joining at once is
 * settled ({@link JoinHabit#leavesUnwoken}), left to them without going through the ring. Such a sender takes its batch and sends it on its own thread nearly every time
 * ({@link WsOpenBatch#takeForCaller}); through the ring, each burst cost the caller a slot, a fence and a wake-up of
 * the event loop, and the loop a drain that held the batch while it grew only to find it taken (13-17 µs of the
 * loop per burst, {@code WsBatchCost} against Anvil, session 16). Here the batch is queued for the sweep's event loop
 * without waking it ({@link NettySockets#lazily}), as {@link WsBatchHandOff} does with an explicit batch.
 *
 * <p>At its next wake-up (for anything; at the latest the sweep, every {@link InFlightTable#SWEEP_TICK}) the loop
 * looks at the batch: taken, it does nothing; not taken, it waits out what is left of the sender's time to take it
 * ({@link JoinHabit#TAKE_WAIT_NANOS} from the batch's first call), then hands the batch to the drain (which holds it
 * while it still grows, as it holds one from the ring) and marks the sender as one that does not join at once, so its
 * next batches go through the ring. A wrong guess costs one batch a delay of up to a sweep tick, once per change of
 * habit; a thread that mixes joins with waits that cannot take never settles ({@link JoinHabit}), and a {@code get}
 * with a timeout hands the batch to the drain at once ({@link #hurry}). The batch is in {@link #held} from now until the loop has looked at it for the last time, so that
 * {@link #close} ends it whatever becomes of the queued task.
 */
final class WsLazyBatches {

    private final Executor lazilyOnSweepLoop;
    private final InFlightTable table;
    private final Function<PendingRequest, BraneRpcException> notConnected;
    private final BooleanSupplier closed;
    /** Hands a batch to the ring's drain on the connection's event loop ({@link RingWriter}). */
    private final BiConsumer<Channel, WsOpenBatch> toDrain;
    private final Set<WsOpenBatch> held = ConcurrentHashMap.newKeySet();
    private volatile long takeWaitNanos = JoinHabit.TAKE_WAIT_NANOS;

    WsLazyBatches(Executor lazilyOnSweepLoop, InFlightTable table,
                  Function<PendingRequest, BraneRpcException> notConnected, BooleanSupplier closed,
                  BiConsumer<Channel, WsOpenBatch> toDrain) {
        this.lazilyOnSweepLoop = lazilyOnSweepLoop;
        this.table = table;
        this.notConnected = notConnected;
        this.closed = closed;
        this.toDrain = toDrain;
    }

    /**
     * Leaves {@code b}, just opened by its sender for {@code ch}'s connection (its first call appended, its departure
     * offered), to that sender; false when it cannot be (the provider is closing, the loop is shut down): the caller
     * then hands it to the drain through the ring, as any other.
     */
    boolean leave(Channel ch, WsOpenBatch b) {
        long until = System.nanoTime() + takeWaitNanos;
        held.add(b);
        b.leftUnwoken(x -> hurry(ch, x));
        if (closed.getAsBoolean()) { // close() may have looked at the set before this batch was in it
            held.remove(b);
            return false;
        }
        try {
            lazilyOnSweepLoop.execute(() -> look(ch, b, until));
            return true;
        } catch (RejectedExecutionException shutDown) {
            held.remove(b);
            return false;
        }
    }

    /** On an event loop: nothing if the batch was taken; else, once its sender's time to take it is over, the drain's. */
    private void look(Channel ch, WsOpenBatch b, long until) {
        if (b.taken()) {
            held.remove(b); // the usual case
            return;
        }
        if (closed.getAsBoolean()) {
            held.remove(b);
            endUnsent(b);
            return;
        }
        long wait = until - System.nanoTime();
        if (wait > 0) {
            try {
                // still in held meanwhile: a task scheduled on a Netty loop is cancelled, not run, when it shuts down
                ch.eventLoop().schedule(() -> look(ch, b, until), wait, TimeUnit.NANOSECONDS);
                return;
            } catch (RejectedExecutionException shutDown) {
                // on to the drain, which fails the calls if there is no connection left
            }
        }
        held.remove(b);
        if (b.handToDrain()) {
            JoinHabit habit = b.senderHabit();
            if (habit != null) {
                habit.missed(); // nobody took it in time: this sender's next batches go through the ring
            }
            toDrain.accept(ch, b);
        } // else its sender handed it to the drain itself (its burst went on past a full batch)
    }

    /**
     * A caller waits for a call of {@code b} in a way that cannot take it (a {@code get} with a timeout): the batch goes
     * to the drain now rather than at the loop's next look, and its sender is no longer taken for one that joins at once.
     */
    private void hurry(Channel ch, WsOpenBatch b) {
        if (!b.taken() && b.handToDrain()) {
            JoinHabit habit = b.senderHabit();
            if (habit != null) {
                habit.missed();
            }
            toDrain.accept(ch, b); // the loop's look, later, finds it handed over and does nothing
        }
    }

    /** Ends the batches still left to their senders, unsent: the provider is closing (its flag is set already). */
    void close() {
        for (WsOpenBatch b : held) {
            held.remove(b);
            endUnsent(b);
        }
    }

    /** Sets how long the loop leaves a batch to its sender before the drain may have it (tests make it long). */
    void takeWaitNanos(long nanos) {
        this.takeWaitNanos = nanos;
    }

    /** Fails the batch's calls and frees its buffers, unless a caller or the drain has it already. */
    private void endUnsent(WsOpenBatch b) {
        if (!b.handToDrain()) {
            return;
        }
        int n = b.seal();
        if (b.claimForDrain()) {
            for (int i = 0; i < n; i++) {
                PendingRequest r = b.request(i);
                table.fail(r.id, notConnected.apply(r));
            }
            b.release();
            b.forgetCalls();
        }
    }
}
