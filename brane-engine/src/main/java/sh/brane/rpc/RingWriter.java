package sh.brane.rpc;

import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;

import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.InsufficientCapacityException;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.SleepingWaitStrategy;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.channel.Channel;

/**
 * Carries callers' writes to the event loop in batches. A caller publishes its request into the Disruptor ring,
 * and wakes the event loop only when no drain is due yet; the event loop then takes everything published, writes
 * it and flushes once. A burst of N calls from any number of threads costs one task on the event loop and one
 * flush, where a {@code writeAndFlush} per call cost N tasks (each with its promise and listener).
 *
 * <p>Every call comes serialized by its caller (serializing in parallel on the callers' threads leaves the one I/O
 * thread to the socket). Calls from {@code sendAsyncBatch} are joined into JSON-RPC batch messages of up to
 * {@link #MAX_CALLS_PER_BATCH} calls, as the HTTP provider does with the same calls, so the node reads one message and
 * answers with one, and their futures complete by one hand-off: each caller thread writes its calls into its own open
 * batch ({@link WsOpenBatch}), of which only the first call goes through the ring; the drain holds the open batches
 * while they grow and seals them when they stop. A transaction submission is never put in a batch: an answer too
 * large to read would fail its whole batch, and a submission's fate must not depend on its neighbours.
 *
 * <p>Over 400 lines because the ring, its drain and the two kinds of slot it takes (a finished frame, a caller's open
 * batch) are one state machine on the event loop (drainDue, the holds, the frames of one pass): split, each half would
 * reach into the other's fields. The open batch's own hand-off is in {@link WsOpenBatch}.
 *
 * <p>There is no consumer thread: the event loop itself polls the ring ({@link EventPoller}), so nothing waits
 * on it while idle and a burst takes one thread hop, not two. One drain runs at a time ({@link #drainDue}).
 */
final class RingWriter {

    /** Calls of {@code sendAsyncBatch} joined into one JSON-RPC batch message at most (nodes cap batches too). */
    static final int MAX_CALLS_PER_BATCH = 100;

    /**
     * One ring slot: a registered request and its finished frame ({@link WsFrames}: header and masked payload), or
     * the first call of a caller's open batch of {@code sendAsyncBatch} calls and that batch.
     */
    static final class Slot {
        PendingRequest request;
        ByteBuf frame;
        /** The batch a {@code sendAsyncBatch} call opened (its first call is {@link #request}); else null. */
        WsOpenBatch open;
    }

    /** Passes over the ring one drain makes at most before it writes, so a steady stream still goes out. */
    private static final int MAX_POLLS_PER_DRAIN = 4;
    /**
     * How long the drain holds open batches after it last saw one grow: a caller's next {@code sendAsyncBatch} call
     * comes within this while its burst goes on. A hold counted in passes (32 before session 9) lasted as long as the
     * loop took to run them, often less than the gap while the caller was off its core: against Anvil a burst of 100
     * left as 1.7 messages on average (measured with {@code perf stat}, session 9).
     */
    static final long HOLD_QUIET_NANOS = 5_000L;
    /** The longest a drain holds its open batches in all, however long their burst goes on, before it writes them. */
    static final long MAX_HOLD_NANOS = 100_000L;

    private final RingBuffer<Slot> ring;
    private final EventPoller<Slot> poller;
    private final int size;
    /** True from the publish that schedules a drain until that drain has found the ring empty. */
    private final AtomicBoolean drainDue = new AtomicBoolean();
    private final Supplier<Channel> channel;
    private final InFlightTable table;
    private final RequestLifecycle lifecycle;
    /** The error of a request that finds no connection to go to. */
    private final Function<PendingRequest, BraneRpcException> notConnected;
    private final Runnable drainTask = this::drain;
    private final String provider;
    /** Each caller thread's batch of {@code sendAsyncBatch} calls, open until the drain (or its 100th call) seals it. */
    private final ThreadLocal<WsOpenBatch> callerBatch = new ThreadLocal<>();
    /**
     * Each caller thread's burst of single {@code sendAsync} calls, each a frame of its own, handed over as one
     * ({@link WsOpenBatch} of own frames) when callers may send bursts themselves ({@link #takesBursts}).
     */
    private final ThreadLocal<WsOpenBatch> callerBurst = new ThreadLocal<>();
    /** Payload bytes a thread's first open batch starts with room for (it grows; the next ones start at its size). */
    private static final int OPEN_BATCH_HINT = 512;
    /** Calls a thread's first open batch starts with room for (it grows; the next ones start at its count). */
    private static final int OPEN_BATCH_CALLS = 16;
    /** Frames bigger than this together are written one by one rather than copied into one buffer. */
    static final int MAX_GATHER_BYTES = 64 * 1024;

    // touched by the one running drain only
    /** Finished frames (header and masked payload) of this pass, written as one buffer by {@link #writeFrames}. */
    private final ArrayList<ByteBuf> frames = new ArrayList<>();
    private int frameBytes;
    /** The callers' open batches this drain took from the ring and has not written yet. */
    private final ArrayList<WsOpenBatch> opens = new ArrayList<>();
    private Channel target;
    /** When the drain started holding its open batches ({@link System#nanoTime()}); valid while {@link #holding}. */
    private long holdStart;
    /** When the drain last saw an open batch grow; valid while {@link #holding}. */
    private long lastGrowth;
    private boolean holding;
    /** Calls written by the running drain: what {@code brane.rpc.batch.size} records, once per flush. */
    private int calls;

    /** Sends a caller's open batch on the thread of a caller waiting for one of its calls; null when none may. */
    private final java.util.function.Consumer<WsOpenBatch> sendHere;
    /** Open batches of senders that join at once, left to them without the ring; null when none are. */
    private final WsLazyBatches lazy;
    /** Open batches handed to the drain without the ring ({@link #adopt}): the next pass takes them. */
    private final ConcurrentLinkedQueue<WsOpenBatch> adopted = new ConcurrentLinkedQueue<>();

    RingWriter(int size, String provider, Supplier<Channel> channel, InFlightTable table, RequestLifecycle lifecycle,
               Function<PendingRequest, BraneRpcException> notConnected) {
        this(size, provider, channel, table, lifecycle, notConnected, null);
    }

    /**
     * The same; a caller that waits for a {@code sendAsyncBatch} call before the drain has written its batch sends the
     * batch through {@code sendHere} on its own thread ({@link WsOpenBatch#takeForCaller}); null: never.
     */
    RingWriter(int size, String provider, Supplier<Channel> channel, InFlightTable table, RequestLifecycle lifecycle,
               Function<PendingRequest, BraneRpcException> notConnected,
               java.util.function.Consumer<WsOpenBatch> sendHere) {
        this(size, provider, channel, table, lifecycle, notConnected, sendHere, null, null);
    }

    /**
     * The same; with {@code lazilyOnSweepLoop} (and {@code sendHere}), the open batches of a sender that joins at once
     * are left to it without going through the ring ({@link WsLazyBatches}); {@code closed} says when the provider is.
     */
    RingWriter(int size, String provider, Supplier<Channel> channel, InFlightTable table, RequestLifecycle lifecycle,
               Function<PendingRequest, BraneRpcException> notConnected,
               java.util.function.Consumer<WsOpenBatch> sendHere, Executor lazilyOnSweepLoop, BooleanSupplier closed) {
        this.lazy = sendHere == null || lazilyOnSweepLoop == null ? null
                : new WsLazyBatches(lazilyOnSweepLoop, table, notConnected, closed, this::adopt);
        this.sendHere = sendHere;
        this.provider = provider;
        // the wait strategy is never used to wait: nobody blocks on this ring, the event loop polls it
        this.ring = RingBuffer.createMultiProducer(Slot::new, size, new SleepingWaitStrategy());
        this.poller = ring.newPoller();
        ring.addGatingSequences(poller.getSequence());
        this.size = size;
        this.channel = channel;
        this.table = table;
        this.lifecycle = lifecycle;
        this.notConnected = notConnected;
    }

    /** Free slots (a gauge). */
    long remaining() {
        return ring.remainingCapacity();
    }

    /**
     * Puts {@code r} on the ring with its finished {@code frame}, and makes sure a drain will run on {@code ch}'s
     * event loop. When the ring is full the caller waits; it gives up, failing {@code r}, if {@code closed} turns
     * true meanwhile.
     */
    void publish(Channel ch, PendingRequest r, ByteBuf frame, BooleanSupplier closed) {
        publish(ch, r, frame, null, closed);
    }

    /**
     * A call that may be joined with others into one JSON-RPC batch ({@code sendAsyncBatch}; never a submission):
     * appended, serialized, to the calling thread's open batch, or, when the drain has sealed that one (or it is
     * full), to a new batch that goes through the ring like a call of its own ({@link WsOpenBatch}).
     */
    void publishJoinable(Channel ch, PendingRequest r, List<?> params, BooleanSupplier closed) {
        publishJoinable(ch, r, params, closed, callerBatch.get());
    }

    /**
     * The same, with the thread's last batch looked up already ({@code b}, {@link #lastBatch}; null: none).
     */
    void publishJoinable(Channel ch, PendingRequest r, List<?> params, BooleanSupplier closed, WsOpenBatch b) {
        publishOpen(ch, r, params, closed, b, callerBatch, false);
    }

    /**
     * Whether a platform thread's single calls may go as a burst its caller can send itself
     * ({@link #publishInBurst}): only with caller-thread connections to send it on.
     */
    boolean takesBursts() {
        return sendHere != null;
    }

    /**
     * A single call of a platform thread ({@code sendAsync}), a frame of its own, appended to the thread's burst: the
     * burst goes to the event loop as one, like an open batch, and a caller that joins one of its calls before the
     * loop wrote it sends the whole burst on its own thread. Only when {@link #takesBursts}.
     */
    void publishInBurst(Channel ch, PendingRequest r, List<?> params, BooleanSupplier closed) {
        publishOpen(ch, r, params, closed, callerBurst.get(), callerBurst, true);
    }

    private void publishOpen(Channel ch, PendingRequest r, List<?> params, BooleanSupplier closed, WsOpenBatch b,
                             ThreadLocal<WsOpenBatch> last, boolean ownFrames) {
        WsOpenBatch.Append appended = b == null ? WsOpenBatch.Append.REFUSED : b.append(r, params, table, ch.alloc());
        if (appended == WsOpenBatch.Append.FILLED) {
            if (!offerDeparture(r, b)) {
                wake(ch); // full: the drain holding it writes it now rather than at its next look
            } // else its caller, joining next (the usual way), may take it: the drain's hold gives it the time
            return;
        } else if (appended == WsOpenBatch.Append.APPENDED) {
            offerDeparture(r, b);
            return; // in the batch the drain holds: no publication, no wake-up
        } else if (appended == WsOpenBatch.Append.FAILED) {
            return;
        }
        JoinHabit habit = sendHere == null || Thread.currentThread().isVirtual() ? null : JoinHabit.of();
        boolean leave = lazy != null && habit != null && habit.leavesUnwoken();
        if (leave && b != null && !b.taken() && b.handToDrain()) {
            // its last batch, left to it, filled up and nobody took it: a burst of more than a batch, joined later if
            // at all. That batch goes to the drain now and this one through the ring, so the burst leaves at once
            // rather than a batch per round trip as its caller's joins would take them (habit unchanged)
            adopt(ch, b);
            leave = false;
        }
        // sized for what this thread's last batch held, so a burst like the last one fills it without growing it
        b = new WsOpenBatch(b == null ? OPEN_BATCH_HINT : Math.max(OPEN_BATCH_HINT, b.bytes() + b.bytes() / 4),
                b == null ? OPEN_BATCH_CALLS : Math.max(OPEN_BATCH_CALLS, b.count()), sendHere, habit, ownFrames);
        if (b.append(r, params, table, ch.alloc()) != WsOpenBatch.Append.APPENDED) {
            b.release();
            last.remove();
            return;
        }
        offerDeparture(r, b);
        if (leave && lazy.leave(ch, b)) {
            last.set(b); // no ring slot, no wake-up: its caller takes it (WsLazyBatches)
            return;
        }
        b.handToDrain();
        if (publish(ch, r, null, b, closed)) {
            last.set(b);
        } else {
            b.release();
            last.remove();
        }
    }

    /**
     * The calling thread's last batch (open or sealed), or null. A {@code sendAsyncBatch} call that finds it still open
     * starts at the instant it opened ({@link WsOpenBatch#openedNanos}). An open batch lives until its caller fills or
     * takes it, or the drain seals it: at most the event loop's next look at it (within a sweep tick, 10 ms, for a batch
     * left to its sender) plus the drain's hold ({@link #MAX_HOLD_NANOS}); in a burst, microseconds. So a call's timeout
     * may start that much early (the sweep that ends it runs every 10 ms anyway) and its latency read that much longer.
     */
    WsOpenBatch lastBatch() {
        return callerBatch.get();
    }

    /**
     * Lets a caller that waits for {@code r} before the drain writes {@code b} send {@code b} itself; false if
     * {@code b} may not be sent so (no caller-thread connections).
     */
    private static boolean offerDeparture(PendingRequest r, WsOpenBatch b) {
        Runnable send = b.departure();
        if (send != null) {
            r.answerFuture().offerDeparture(send, b.hurry());
        }
        return send != null;
    }

    private boolean publish(Channel ch, PendingRequest r, ByteBuf frame, WsOpenBatch open, BooleanSupplier closed) {
        long seq = claim(r, closed);
        if (seq < 0) {
            if (frame != null) {
                frame.release();
            }
            return false;
        }
        Slot s = ring.get(seq);
        s.request = r;
        s.frame = frame;
        s.open = open;
        ring.publish(seq);
        drainSoon(ch);
        return true;
    }

    /**
     * Hands {@code b}, an open batch that did not go through the ring ({@link WsLazyBatches}), to the drain: the next
     * pass takes it as it takes one from the ring. Any thread.
     */
    private void adopt(Channel ch, WsOpenBatch b) {
        adopted.add(b);
        drainSoon(ch);
    }

    /** Makes sure a drain will run on {@code ch}'s event loop after what was just published or adopted. */
    private void drainSoon(Channel ch) {
        // The ring publishes with a release store, and the drain below clears drainDue and then looks at the ring: a
        // store followed by a load of another variable may be reordered (x86's store buffer does it), so without a
        // full fence on both sides this caller could still see the old drain due while that drain no longer sees this
        // call: nobody would write it until the next publish (a caller's last call of a burst went unanswered).
        VarHandle.fullFence();
        if (!drainDue.get() && drainDue.compareAndSet(false, true)) {
            try {
                ch.eventLoop().execute(drainTask);
            } catch (RejectedExecutionException shutDown) {
                drain(); // the event loop is gone: the drain fails what is left instead of writing it
            }
        }
    }

    /** Ends the open batches still left to their senders, unsent: the provider is closing. */
    void close() {
        if (lazy != null) {
            lazy.close();
        }
    }

    /** How long the loop leaves an open batch to a sender that joins at once (tests make it long). */
    void takeWaitNanos(long nanos) {
        if (lazy != null) {
            lazy.takeWaitNanos(nanos);
        }
    }

    /**
     * An extra pass of the drain for a batch its caller filled. Passes run one at a time on the loop, and an extra one
     * only takes, holds or writes earlier what a pass already due would have.
     */
    private void wake(Channel ch) {
        try {
            ch.eventLoop().execute(drainTask);
        } catch (RejectedExecutionException shutDown) {
            // closing: the table's drain fails the calls
        }
    }

    private long claim(PendingRequest r, BooleanSupplier closed) {
        try {
            return ring.tryNext();
        } catch (InsufficientCapacityException full) {
            lifecycle.hook(m -> m.onRingBufferSaturated(size));
        }
        while (true) {
            if (closed.getAsBoolean()) {
                table.fail(r.id, RequestLifecycle.closed(r.method, provider));
                return -1;
            }
            try {
                return ring.tryNext();
            } catch (InsufficientCapacityException full) {
                LockSupport.parkNanos(20_000);
            }
        }
    }

    /**
     * Takes everything published, writes it and flushes once; repeats while more was published during the drain
     * and no other drain was scheduled for it.
     *
     * <p>While {@code sendAsyncBatch} calls keep arriving (an open batch grew within the last
     * {@link #HOLD_QUIET_NANOS}), the drain holds its open batches and runs again (a task queued by the loop itself:
     * no wake-up), for at most {@link #MAX_HOLD_NANOS} in all: a burst from a caller then leaves as one message, however
     * early the event loop woke up, and a lone call waits about {@link #HOLD_QUIET_NANOS}. A batch its caller filled
     * goes at once.
     */
    private void drain() {
        do {
            Channel ch = channel.get();
            if (ch != null && ch.isActive() && !ch.eventLoop().inEventLoop()) {
                // reconnected on another event loop (ioThreads > 1): drain there, still one drain at a time
                try {
                    ch.eventLoop().execute(drainTask);
                    return;
                } catch (RejectedExecutionException shutDown) {
                    ch = null;
                }
            }
            target = ch != null && ch.isActive() ? ch : null;
            for (WsOpenBatch b; (b = adopted.poll()) != null; ) {
                opens.add(b); // its calls are checked when it is sealed, as for one from the ring
            }
            try {
                for (int polls = 0; polls < MAX_POLLS_PER_DRAIN
                        && poller.poll(this::take) == EventPoller.PollState.PROCESSING; polls++) {
                    // calls published while this drain runs join it
                }
            } catch (Exception e) {
                RequestLifecycle.LOG.warn("ring drain failed", e);
            }
            if (target != null && stillGrowing() && hold(target)) {
                writeOpenBatches(false); // those their callers filled go now; the others wait for the next pass
                writeFrames();
                return; // drainDue stays set: publishers need not wake the loop, the queued pass takes their calls
            }
            holding = false;
            writeOpenBatches(true);
            writeFrames();
            drainDue.set(false);
            VarHandle.fullFence(); // pairs with publish's fence: see there
        } while ((ring.isAvailable(poller.getSequence().get() + 1) || !adopted.isEmpty())
                && drainDue.compareAndSet(false, true));
    }

    /**
     * Whether to hold the open batches for another pass: one of them grew within {@link #HOLD_QUIET_NANOS}, and the
     * hold has not lasted {@link #MAX_HOLD_NANOS} yet. No open batch: no hold.
     */
    private boolean stillGrowing() {
        if (opens.isEmpty()) {
            return false;
        }
        boolean grew = grew();
        long now = System.nanoTime();
        if (!holding) {
            if (!grew) {
                return false; // a lone call, or a burst already over: written now, as before
            }
            holding = true;
            holdStart = now;
            lastGrowth = now;
            return true;
        }
        if (grew) {
            lastGrowth = now;
            return now - holdStart < MAX_HOLD_NANOS;
        }
        if (now - lastGrowth >= HOLD_QUIET_NANOS || now - holdStart >= MAX_HOLD_NANOS) {
            return false;
        }
        // Nothing new since the last pass: the caller may be off its core, often because waking this loop put it
        // there (2 cores: the caller, the loop and a local node). A pass spinning on would keep it off until the
        // quiet time ran out and its burst left in pieces (1.5-1.7 messages per 100 calls against Anvil); yielding
        // lets it append (1.0 measured, session 9).
        Thread.yield();
        return true;
    }

    /** Queues another pass of the drain on {@code ch}'s loop, keeping the batch; false if the loop is shut down. */
    private boolean hold(Channel ch) {
        try {
            ch.eventLoop().execute(drainTask);
        } catch (RejectedExecutionException shutDown) {
            return false;
        }
        return true;
    }

    /**
     * Writes the frames this pass made and flushes once. Small frames together are copied into one buffer: one trip
     * through the pipeline and one entry in the outbound buffer, where a write each cost a trip each (and, with the
     * keep-alive's idle handler in it, a promise and a listener each).
     */
    private void writeFrames() {
        int n = frames.size();
        if (target != null && n > 0) {
            int written = calls;
            lifecycle.hook(m -> m.onBatchSize(written));
            // a failed write closes the connection (exceptionCaught), whose loss ends every request in flight
            if (n == 1 || frameBytes > MAX_GATHER_BYTES) {
                // (a lone frame is copied into a direct buffer by the channel itself)
                for (int i = 0; i < n; i++) {
                    target.write(frames.get(i), target.voidPromise());
                }
            } else {
                // the callers' frames are in heap buffers: one copy into a direct one, as the socket needs anyway
                ByteBuf all = target.alloc().directBuffer(frameBytes);
                for (int i = 0; i < n; i++) {
                    ByteBuf f = frames.get(i);
                    if (f.hasArray()) {
                        all.writeBytes(f.array(), f.arrayOffset() + f.readerIndex(), f.readableBytes());
                    } else {
                        all.writeBytes(f, f.readerIndex(), f.readableBytes());
                    }
                    f.release();
                }
                target.write(all, target.voidPromise());
            }
            target.flush();
        } else {
            for (int i = 0; i < n; i++) {
                frames.get(i).release();
            }
        }
        frames.clear();
        frameBytes = 0;
        calls = 0;
        target = null;
    }

    private void addFrame(ByteBuf frame) {
        frames.add(frame);
        frameBytes += frame.readableBytes();
    }

    private boolean take(Slot s, long sequence, boolean endOfBatch) {
        PendingRequest r = s.request;
        if (r == null) {
            return true; // taken before by a drain that failed half-way (the sweep ends its request)
        }
        ByteBuf frame = s.frame;
        WsOpenBatch open = s.open;
        s.request = null;
        s.frame = null;
        s.open = null;
        if (open != null) {
            opens.add(open); // its calls are checked when it is sealed
        } else if (!table.contains(r.id)) {
            // ended meanwhile (timed out, connection lost, closed): never written afterwards
            release(frame);
        } else if (target == null) {
            release(frame);
            table.fail(r.id, notConnected.apply(r));
        } else {
            addFrame(frame);
            calls++;
        }
        return true;
    }

    /** Whether an open batch took calls since the drain's last look (the burst goes on). */
    private boolean grew() {
        boolean grew = false;
        for (int i = 0, n = opens.size(); i < n; i++) {
            WsOpenBatch b = opens.get(i);
            int c = b.count();
            if (c != b.seen) {
                b.seen = c;
                grew = true;
            }
        }
        return grew;
    }

    /** Seals and frames the open batches: every one ({@code all}), or those their callers filled. */
    private void writeOpenBatches(boolean all) {
        int kept = 0;
        for (int i = 0, n = opens.size(); i < n; i++) {
            WsOpenBatch b = opens.get(i);
            // a batch its caller filled goes at once, unless its caller may take it (it then goes when the hold ends:
            // a caller joins its calls right after making them, the usual way, well within the hold's quiet time)
            if (all || (b.sealed() && b.departure() == null)) {
                int count = b.seal();
                if (b.claimForDrain()) {
                    JoinHabit habit = b.senderHabit();
                    if (habit != null) {
                        habit.drained(); // its caller did not take it: not yet one whose bursts may be left unwoken
                    }
                    frameOpenBatch(b, count);
                } // else a caller waiting for one of its calls took it and sends it on its own thread
            } else {
                opens.set(kept++, b);
            }
        }
        opens.subList(kept, opens.size()).clear();
    }

    /**
     * Frames a sealed batch of {@code n} calls, without those that ended meanwhile (timed out, lost with their
     * connection), and fails them all if there is no connection to write them to.
     */
    private void frameOpenBatch(WsOpenBatch b, int n) {
        ByteBuf ready = b.takeReady();
        if (ready != null) {
            // framed by its caller, who filled it just now: written whole (a call of it that ended meanwhile gets a
            // late answer, ignored), or failed whole if there is no connection
            if (target == null) {
                ready.release();
                for (int i = 0; i < n; i++) {
                    PendingRequest r = b.request(i);
                    table.fail(r.id, notConnected.apply(r));
                }
            } else {
                addFrame(ready);
                calls += n;
            }
            b.forgetCalls();
            return;
        }
        boolean[] keep = null;
        int live = 0;
        for (int i = 0; i < n; i++) {
            PendingRequest r = b.request(i);
            boolean in = table.contains(r.id);
            if (in && target == null) {
                table.fail(r.id, notConnected.apply(r));
                in = false;
            }
            if (in) {
                live++;
            } else if (keep == null) {
                keep = new boolean[n];
                java.util.Arrays.fill(keep, 0, i, true);
            }
            if (keep != null) {
                keep[i] = in;
            }
        }
        if (live == 0) {
            b.release();
            b.forgetCalls();
            return;
        }
        if (live > 1 && b.joined()) {
            long[] ids = new long[live];
            for (int i = 0, k = 0; i < n; i++) {
                if (keep == null || keep[i]) {
                    PendingRequest r = b.request(i);
                    ids[k++] = r.id;
                    r.batchIds = ids;
                }
            }
        }
        addFrame(b.frame(n, keep));
        calls += live;
        b.forgetCalls();
    }

    /**
     * Writes {@code r} as a finished frame ({@link WsFrames}: header and masked payload) into a heap buffer of its
     * own, on the calling thread; null (and {@code r} failed) if it cannot be.
     */
    ByteBuf serialize(PendingRequest r, List<?> params) {
        return serialize(r, params, true);
    }

    /** Serializes {@code r} in the thread's scratch buffer and copies it out, framed or not. */
    private ByteBuf serialize(PendingRequest r, List<?> params, boolean frame) {
        ByteBuf buf = WsFrames.scratch();
        try {
            if (!RequestBytes.tryWrite(buf, r.id, r.method, params)) {
                JsonRpcWriter.writeRequest(new ByteBufOutputStream(buf), r.id, r.method, params);
            }
            return WsFrames.detach(buf, frame);
        } catch (RuntimeException e) {
            WsFrames.giveBack(buf);
            table.fail(r.id, new InvalidResponseException(r.method + " could not be serialized: " + e.getMessage(), e));
            return null;
        }
    }

    private static void release(ByteBuf frame) {
        if (frame != null) {
            frame.release();
        }
    }
}
