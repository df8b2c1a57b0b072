package sh.brane.rpc;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.buffer.Unpooled;

/**
 * A JSON-RPC batch message that one caller thread's {@code sendAsyncBatch} calls are written into, in place, until
 * the event loop's drain seals it ({@link RingWriter}). Only the batch's first call goes through the ring; the calls
 * after it are appended here by their caller: no ring slot, no wake-up, no fence and no buffer of their own per call,
 * and the drain finds the batch already joined (it used to copy 100 pieces into one message).
 *
 * <p>The hand-off is one atomic word, {@link #state}: the number of calls appended, plus a flag for a caller in the
 * middle of an append ({@link #BUSY}) and one for a sealed batch ({@link #SEALED}). A caller appends only after
 * setting {@code BUSY} by compare-and-set on an unsealed state; the drain seals only by compare-and-set on a state
 * without {@code BUSY}. So a call is either in the batch the drain seals (its count includes it, and the bytes and
 * request written before the caller's release store are visible after the drain's CAS), or the caller sees
 * {@code SEALED} and takes it to a new batch, which goes through the ring as the first one did. The caller seals the
 * batch itself when it holds {@link RingWriter#MAX_CALLS_PER_BATCH} calls.
 *
 * <p>Who sends a sealed batch is decided on the same word: the drain sets {@code CLAIMED} before it frames the batch,
 * and a caller waiting for one of its calls ({@link #departure}) seals it and sets {@code TAKEN} if no append is under
 * way and the drain has not claimed it; each sets its bit only where the other's is absent, so the batch leaves once.
 *
 * <p>Layout of {@link #buf}: room for a frame header ({@link WsFrames#MAX_HEADER}), {@code [}, then the calls'
 * JSON separated by commas; {@link #ends} holds where each call's JSON ends.
 *
 * <p>The same hand-off carries a thread's single {@code sendAsync} calls ({@link #ownFrames}): each call is then a
 * finished frame of its own, one after the other from the buffer's start, and is answered by a message of its own.
 * What the batch saves them is the same: one ring slot and wake-up per burst, and a caller that joins at once sends
 * the whole burst on its own thread.
 *
 * <p>Just over this project's usual class size (about 400 lines) on purpose: the appending caller, the drain and a
 * joining caller all decide on the one {@link #state} word, and the buffer layout it guards; split, each part would
 * read the other's bits.
 */
final class WsOpenBatch {

    /** Set while the owning caller appends a call. */
    private static final int BUSY = 1 << 30;
    /** Set once the batch takes no more calls. */
    private static final int SEALED = 1 << 29;
    /** Set (with {@code SEALED}) by a caller that took the batch to send it on its own thread: the drain skips it. */
    private static final int TAKEN = 1 << 28;
    /** Set by the drain that frames the sealed batch to write it: no caller takes it then. */
    private static final int CLAIMED = 1 << 27;
    private static final int COUNT = CLAIMED - 1;

    /** What {@link #append} did. */
    enum Append { APPENDED, FILLED, REFUSED, FAILED }

    private final AtomicInteger state = new AtomicInteger();
    /** Where the first call's JSON starts: after the header's room and the {@code [}. */
    static final int FIRST = WsFrames.MAX_HEADER + 1;

    // written by the owning caller while BUSY; read by the drain after sealing
    private ByteBuf buf;
    private PendingRequest[] requests;
    private int[] ends;
    /** The finished frame of a batch its caller filled ({@link #finishFull}); read by the drain after sealing. */
    private ByteBuf ready;

    /** The count the drain saw at its last look (touched by the drain only). */
    int seen;

    /**
     * What a caller waiting for one of its calls runs ({@link AnswerFuture#offerDeparture}): sends the batch on its
     * own thread if it can still take it; null when the provider has no caller-thread connections.
     */
    private final Runnable departure;

    /**
     * Its sender's record of whether it joins at once ({@link JoinHabit}), which a caller's take sets; null for a
     * virtual sender or a batch no caller may take.
     */
    private final JoinHabit senderHabit;

    /** When the batch was opened ({@link System#nanoTime()} scale). */
    private final long openedNanos;

    /** Whether each call is a frame of its own (single {@code sendAsync} calls) rather than a member of one batch. */
    private final boolean ownFrames;

    /**
     * What a caller waiting for one of its calls in a way that cannot take the batch (a {@code get} with a timeout)
     * runs, so that a batch left to its sender unwoken does not wait for the event loop's next look: null when the
     * batch may not be taken; does nothing unless {@link #leftUnwoken} was called.
     */
    private final Runnable hurry;
    private volatile Consumer<WsOpenBatch> hurryVia;

    /** Set by whoever hands the batch to the drain: once, whether through the ring or from {@link WsLazyBatches}. */
    private final AtomicBoolean handedToDrain = new AtomicBoolean();

    /**
     * A batch with room for {@code payloadHint} bytes of calls (it grows), in a plain heap buffer (a pooled one is
     * written through a {@code ByteBuffer} view, which cost the callers a third more time per call in a profile); a
     * caller waiting for one of its calls may send it through {@code sendHere} (null: never).
     */
    WsOpenBatch(int payloadHint, Consumer<WsOpenBatch> sendHere) {
        this(payloadHint, 16, sendHere, null, false);
    }

    /**
     * The same, with room for {@code callsHint} calls (it grows), opened by a sender whose habit a caller's take
     * records ({@code senderHabit}; null: none). The buffer is the opening thread's scratch ({@link WsFrames#scratch}),
     * given back when the thread fills the batch ({@link #finishFull}): a burst of full batches reuses one array
     * rather than allocating one per batch (the caller's largest allocation in a profile of 100-call bursts).
     */
    WsOpenBatch(int payloadHint, int callsHint, Consumer<WsOpenBatch> sendHere, JoinHabit senderHabit,
                boolean ownFrames) {
        this.ownFrames = ownFrames;
        buf = WsFrames.scratch(1 + payloadHint);
        if (ownFrames) {
            buf.setIndex(0, 0); // frames one after the other from the start
        } else {
            buf.writeByte('[').readerIndex(FIRST);
        }
        requests = new PendingRequest[callsHint];
        ends = new int[callsHint];
        departure = sendHere == null ? null : () -> sendHere.accept(this);
        hurry = sendHere == null ? null : () -> {
            Consumer<WsOpenBatch> via = hurryVia;
            if (via != null) {
                via.accept(this);
            }
        };
        this.senderHabit = senderHabit;
        openedNanos = System.nanoTime();
    }

    /** When the batch was opened ({@link System#nanoTime()} scale): the start of the calls that join it later. */
    long openedNanos() {
        return openedNanos;
    }

    /** Whether its calls go as one JSON-RPC batch (false: each call as a message of its own, {@link #ownFrames}). */
    boolean joined() {
        return !ownFrames;
    }

    /** Its sender's join habit; null when none is recorded. */
    JoinHabit senderHabit() {
        return senderHabit;
    }

    /** Marks the batch handed to the drain; false if it was already (by the ring, or by the other side of a race). */
    boolean handToDrain() {
        return handedToDrain.compareAndSet(false, true);
    }

    /** Whether a caller took the batch to send it on its own thread. */
    boolean taken() {
        return (state.get() & TAKEN) != 0;
    }

    /** Marks the batch as left to its sender without waking the event loop; {@code via} hands it to the drain now. */
    void leftUnwoken(Consumer<WsOpenBatch> via) {
        hurryVia = via;
    }

    /** What a caller waiting for one of its calls without taking it runs ({@link #hurry}); null when none may. */
    Runnable hurry() {
        return hurry;
    }

    /** What a caller waiting for one of its calls runs to send it itself; null when it may not. */
    Runnable departure() {
        return departure;
    }

    /**
     * Seals the batch for a caller that sends it on its own thread (any thread: an append under way by its owner
     * finishes first); false if the drain claimed it, or another caller took it. Once true the caller owns the
     * batch's buffers: it frames it ({@link #takeReady}, {@link #frame}) and the drain skips it.
     */
    boolean takeForCaller() {
        for (int spins = 0; ; spins++) {
            int s = state.get();
            if ((s & (TAKEN | CLAIMED)) != 0) {
                return false;
            }
            if ((s & BUSY) == 0) {
                if (state.compareAndSet(s, s | SEALED | TAKEN)) {
                    return true;
                }
            } else if (spins < 100) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }

    /** After {@link #seal}, the drain's claim to frame and write the batch; false if a caller took it first. */
    boolean claimForDrain() {
        while (true) {
            int s = state.get();
            if ((s & TAKEN) != 0) {
                return false;
            }
            if (state.compareAndSet(s, s | CLAIMED)) {
                return true;
            }
        }
    }

    /**
     * Appends {@code r} (admitted, not yet ended), serialized here on the caller's thread. {@code FILLED}: appended,
     * and the batch is now full and sealed; {@code REFUSED}: the batch
     * is sealed, {@code r} was not appended, the caller starts a new batch; {@code FAILED}: {@code r} could not be
     * serialized and was failed through {@code table}.
     */
    Append append(PendingRequest r, List<?> params, InFlightTable table, ByteBufAllocator alloc) {
        int s = state.get();
        if ((s & SEALED) != 0 || !state.compareAndSet(s, s | BUSY)) {
            // only the drain changes the state of a batch its caller is not appending to, and only to seal it
            return Append.REFUSED;
        }
        int n = s & COUNT;
        int before = buf.writerIndex();
        try {
            if (ownFrames) {
                buf.ensureWritable(WsFrames.ROOM).writerIndex(before + WsFrames.ROOM);
            } else if (n > 0) {
                buf.writeByte(',');
            }
            if (!RequestBytes.tryWrite(buf, r.id, r.method, params)) {
                JsonRpcWriter.writeRequest(new ByteBufOutputStream(buf), r.id, r.method, params);
            }
            if (ownFrames) {
                WsFrames.finishAt(buf, before);
            }
        } catch (RuntimeException e) {
            buf.writerIndex(before);
            state.setRelease(s); // unchanged
            table.fail(r.id, new InvalidResponseException(r.method + " could not be serialized: " + e.getMessage(), e));
            return Append.FAILED;
        }
        if (n == requests.length) {
            requests = Arrays.copyOf(requests, n * 2);
            ends = Arrays.copyOf(ends, n * 2);
        }
        requests[n] = r;
        ends[n] = buf.writerIndex();
        boolean full = n + 1 >= RingWriter.MAX_CALLS_PER_BATCH;
        if (full) {
            finishFull(n + 1, alloc);
        }
        // release store: the bytes, the request and its end are visible to the drain that seals after it (whose CAS
        // reads it); no full fence is needed after it (nothing here reads what another thread wrote next), and one per
        // call was a cost of its own in a profile
        state.setRelease(full ? (n + 1) | SEALED : n + 1);
        return full ? Append.FILLED : Append.APPENDED;
    }

    /** Payload bytes its calls took when it was sealed (for the caller's next batch); 0 before. */
    private volatile int sealedBytes;

    /** The payload bytes of this batch once sealed (a size hint for the caller's next one). */
    int bytes() {
        return sealedBytes;
    }

    /**
     * The caller's own last append filled the batch: it frames the batch here, on its thread, before the state says
     * sealed (so the drain, which reads {@link #ready} only after seeing that, never frames it too): the ids for an
     * oversize answer, the closing bracket, the mask and the one copy into the direct buffer the socket needs. The
     * event loop then only writes it.
     */
    private void finishFull(int n, ByteBufAllocator alloc) {
        if (ownFrames) {
            sealedBytes = buf.writerIndex();
        } else {
            long[] ids = new long[n];
            for (int i = 0; i < n; i++) {
                ids[i] = requests[i].id;
                requests[i].batchIds = ids;
            }
            sealedBytes = buf.writerIndex() - FIRST;
            buf.writeByte(']').readerIndex(WsFrames.MAX_HEADER);
            WsFrames.finish(buf);
        }
        ready = alloc.directBuffer(buf.readableBytes()).writeBytes(buf);
        WsFrames.giveBack(buf); // on its own thread: the scratch of its next batch
        buf = null;
    }

    /** The frame its caller made of a batch it filled (once, after sealing); null when the drain is to frame it. */
    ByteBuf takeReady() {
        ByteBuf r = ready;
        ready = null;
        return r;
    }

    /** Calls appended so far (the drain's look; may grow until sealed). */
    int count() {
        return state.get() & COUNT;
    }

    /**
     * Seals the batch (drain only) and returns its calls' count. A caller in the middle of an append finishes it
     * first (serializing one call: the drain waits for it, yielding, rather than hold the batch another pass).
     */
    int seal() {
        for (int spins = 0; ; spins++) {
            int s = state.get();
            if ((s & SEALED) != 0) {
                return s & COUNT;
            }
            if ((s & BUSY) == 0) {
                if (state.compareAndSet(s, s | SEALED)) {
                    return s & COUNT;
                }
            } else if (spins < 100) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }

    /** Whether the batch was sealed (by its caller when full, or by the drain). */
    boolean sealed() {
        return (state.get() & SEALED) != 0;
    }

    /**
     * Lets go of the calls once the batch is framed and its sender holds them: the caller's thread keeps its last batch
     * ({@link RingWriter}, for the size of its next one) until its next burst, and must not keep the calls' answers
     * with it (a pool of idle threads would each hold up to 100 of them).
     */
    void forgetCalls() {
        requests = NO_REQUESTS;
    }

    private static final PendingRequest[] NO_REQUESTS = new PendingRequest[0];

    /** The {@code i}th call of a sealed batch. */
    PendingRequest request(int i) {
        return requests[i];
    }

    /**
     * The sealed batch of {@code n} calls as one masked frame, keeping only the calls {@code keep} marks (all when
     * null; at least one): a JSON-RPC batch, or the call alone if it is the only one. Gives up this batch's buffer.
     */
    ByteBuf frame(int n, boolean[] keep) {
        if (ownFrames) {
            return frames(n, keep);
        }
        ByteBuf out = buf;
        buf = null;
        sealedBytes = out.writerIndex() - FIRST;
        int kept = n;
        if (keep != null) {
            kept = 0;
            ByteBuf copy = Unpooled.buffer(out.writerIndex() + 1);
            copy.writerIndex(WsFrames.MAX_HEADER).writeByte('[');
            for (int i = 0; i < n; i++) {
                if (keep[i]) {
                    if (kept++ > 0) {
                        copy.writeByte(',');
                    }
                    int start = i == 0 ? FIRST : ends[i - 1] + 1;
                    copy.writeBytes(out, start, ends[i] - start);
                }
            }
            out.release();
            out = copy;
        }
        if (kept == 1) {
            out.readerIndex(FIRST); // a lone call goes as itself, not as a batch of one
        } else {
            out.writeByte(']').readerIndex(WsFrames.MAX_HEADER);
        }
        WsFrames.finish(out);
        return out;
    }

    /** {@link #frame} of a batch of {@link #ownFrames}: the kept calls' frames one after the other. */
    private ByteBuf frames(int n, boolean[] keep) {
        ByteBuf out = buf;
        buf = null;
        sealedBytes = out.writerIndex();
        if (keep != null) {
            ByteBuf copy = Unpooled.buffer(out.writerIndex());
            for (int i = 0; i < n; i++) {
                if (keep[i]) {
                    int start = i == 0 ? 0 : ends[i - 1];
                    copy.writeBytes(out, start, ends[i] - start);
                }
            }
            out.release();
            out = copy;
        }
        return out;
    }

    /** Gives up this batch's buffer unsent. */
    void release() {
        if (buf != null) {
            buf.release();
            buf = null;
        }
        ByteBuf r = takeReady();
        if (r != null) {
            r.release();
        }
    }
}
