package sh.brane.rpc;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.EventLoopGroup;
import tools.jackson.databind.JsonNode;

/**
 * Sends the calls of one WebSocket provider: admits each into the {@link InFlightTable}, then hands it to the
 * {@link RingWriter} (serialized here, on the caller's thread, or as it is for {@code sendAsyncBatch}), or writes
 * it at once where the ring would only add a hop (an explicit batch, a call made on the I/O thread, a call asked
 * again). A call that finds no connection ends at once.
 */
final class WsSender {

    private final WebSocketConfig config;
    private final InFlightTable table;
    private final RequestLifecycle lifecycle;
    private final WsConnection connection;
    private final RingWriter writer;
    private final EventLoopGroup group;
    private final String endpoint;
    private final AtomicLong nextId = new AtomicLong(1);
    /** Whether the provider is closed: what a caller waiting for a ring slot looks at (one lambda, not one a call). */
    private final java.util.function.BooleanSupplier closed;
    /** Blocking calls on platform threads to a {@code ws://} endpoint, on the caller's thread; null when off. */
    private final CallerThreadWs callerThread;
    /** Explicit batches handed to the event loop, which a joining caller may take; null without caller connections. */
    private final WsBatchHandOff handOff;

    WsSender(WebSocketConfig config, InFlightTable table, RequestLifecycle lifecycle, WsConnection connection,
             EventLoopGroup group, String endpoint, CallerThreadWs callerThread, Executor lazilyOnSweepLoop) {
        this.callerThread = callerThread;
        this.config = config;
        this.table = table;
        this.lifecycle = lifecycle;
        this.connection = connection;
        this.group = group;
        this.endpoint = endpoint;
        this.closed = connection::isClosed;
        this.writer = new RingWriter(config.ringBufferSize(), config.name(), connection::channel, table, lifecycle,
                r -> notConnected(r.method), callerThread == null ? null : this::sendHere, lazilyOnSweepLoop, closed);
        this.handOff = callerThread == null ? null : new WsBatchHandOff(callerThread, table, this::notConnected, closed,
                this::write, this::writeBatch, lazilyOnSweepLoop);
    }

    /** Ends the batches (explicit, or of {@code sendAsyncBatch} calls) still left to their callers, unsent: closing. */
    void close() {
        if (handOff != null) {
            handOff.close();
        }
        writer.close();
    }

    /** How long the event loop leaves a batch to a sender that joins at once (tests make it long). */
    void takeWaitNanos(long nanos) {
        if (handOff != null) {
            handOff.takeWaitNanos(nanos);
        }
        writer.takeWaitNanos(nanos);
    }

    /**
     * Run by a caller that starts waiting for a {@code sendAsyncBatch} call before the drain wrote its batch: sends
     * the batch on this thread over a caller-thread connection ({@link CallerThreadWs#sendBatch}), as a blocking
     * {@code send} is; a virtual thread leaves it to the event loop (a blocking read would park it: a hop again).
     */
    private void sendHere(WsOpenBatch b) {
        if (Thread.currentThread().isVirtual() || !b.takeForCaller()) {
            return;
        }
        JoinHabit habit = b.senderHabit();
        if (habit != null) {
            habit.took(); // its sender's next batches are left to it (WsLazyBatches)
        }
        int n = b.count();
        PendingRequest[] rs = new PendingRequest[n];
        long[] ids = new long[n];
        for (int i = 0; i < n; i++) {
            rs[i] = b.request(i);
            ids[i] = rs[i].id;
        }
        ByteBuf frame = b.takeReady(); // framed by its caller when it filled it (batch ids set then)
        if (frame == null) {
            frame = b.frame(n, null);
            if (n > 1 && b.joined()) {
                for (PendingRequest r : rs) {
                    r.batchIds = ids; // so that a too-large answer fails just this batch
                }
            }
        }
        b.forgetCalls();
        if (!callerThread.sendBatch(rs, frame)) {
            writeBatch(List.of(rs), frame); // no caller connection for it: the shared one carries it, as the drain would
        }
    }

    /** Free slots of the ring (a gauge). */
    long ringRemaining() {
        return writer.remaining();
    }

    /** A single call: serialized here, written by the event loop's next drain. */
    PendingRequest send(String method, List<?> params, long timeoutNanos, Consumer<JsonNode> inline,
                        boolean blockingCaller, ResultDecoder<?> decoder) {
        PendingRequest r = register(method, params, timeoutNanos, inline, blockingCaller, decoder);
        Channel ch = channelFor(r, params);
        if (ch == null) {
            return r;
        } else if (ch.eventLoop().inEventLoop()) {
            // a call made by the I/O thread itself (re-subscribing after a reconnect): it is already where writes go
            writeNow(ch, r, params);
        } else if (!blockingCaller && inline == null && writer.takesBursts() && !Thread.currentThread().isVirtual()
                && !boundToSharedConnection(method)) {
            // a platform thread's sendAsync: its burst goes over as one, and a caller that joins at once (the usual
            // way) sends the burst on its own thread and reads the answers there, as a blocking call does
            writer.publishInBurst(ch, r, params, closed);
        } else {
            ByteBuf frame = writer.serialize(r, params);
            if (frame != null && !(blockingCaller && callerThread != null && !Thread.currentThread().isVirtual()
                    && !boundToSharedConnection(method) && callerThread.call(r, frame))) {
                // not on the caller's thread (a virtual thread would be parked by a blocking read through the
                // JDK's poller: a hop again), or no caller connection free: the event loop writes it
                writer.publish(ch, r, frame, closed);
            }
        }
        return r;
    }

    /**
     * A call of the throughput path, serialized here on the caller's thread: the drain may join it with others into
     * one JSON-RPC batch (never a transaction submission, which goes alone).
     */
    PendingRequest sendJoinable(String method, List<?> params, long timeoutNanos) {
        Objects.requireNonNull(method, "method");
        JsonRpcWriter.checkParams(params);
        // a submission goes alone; a subscription's call through the ring too, so that it stays on the shared connection
        boolean alone = HttpProvider.notRepeatable(method) || boundToSharedConnection(method);
        // a call joining its thread's open batch starts at the instant the batch opened, as the calls of an explicit
        // batch share one instant: a clock read per call was 24 ns of a call's few hundred here (see RingWriter)
        WsOpenBatch last = alone ? null : writer.lastBatch();
        PendingRequest r = register(method, timeoutNanos, null, false, null,
                last != null && !last.sealed() ? last.openedNanos() : System.nanoTime());
        Channel ch = channelFor(r, params);
        if (ch != null) {
            if (!alone) {
                // written into the caller's open batch, which the drain frames and sends whole
                writer.publishJoinable(ch, r, params, closed, last);
            } else {
                ByteBuf frame = writer.serialize(r, params); // a submission goes alone
                if (frame != null) {
                    writer.publish(ch, r, frame, closed);
                }
            }
        }
        return r;
    }

    /** An explicit JSON-RPC batch: one message already, written at once. */
    AdmittedBatch sendBatch(List<RpcCall> calls, long timeoutNanos) {
        long now = System.nanoTime(); // one clock read for the batch's calls, as HTTP's sendBatch does
        AdmittedBatch batch = AdmittedBatch.register(calls,
                method -> register(method, timeoutNanos, null, false, null, now));
        List<PendingRequest> accepted = batch.accepted();
        if (accepted.isEmpty()) {
            return batch;
        }
        Channel ch = connection.channel();
        if (ch == null) {
            for (PendingRequest r : accepted) {
                table.fail(r.id, notConnected(r.method));
            }
            return batch;
        }
        long[] ids = new long[accepted.size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = accepted.get(i).id;
        }
        for (int i = 0; i < ids.length; i++) {
            accepted.get(i).batchIds = ids;
            accepted.get(i).params = batch.acceptedCalls().get(i).params();
        }
        // serialized and masked in the thread's plain heap scratch (a pooled heap buffer is written through a
        // ByteBuffer view, a quarter of this caller's time in a profile), then copied once into the direct buffer the
        // socket needs, here: the event loop only writes it (it copied a heap frame into a direct one itself)
        ByteBuf scratch = WsFrames.scratch();
        ByteBuf buf;
        try {
            if (!RequestBytes.tryWriteBatch(scratch, ids, batch.acceptedCalls())) {
                JsonRpcWriter.writeBatch(new ByteBufOutputStream(scratch), ids, batch.acceptedCalls());
            }
            WsFrames.finish(scratch);
            buf = ch.alloc().directBuffer(scratch.readableBytes()).writeBytes(scratch);
            WsFrames.giveBack(scratch);
        } catch (RuntimeException e) {
            WsFrames.giveBack(scratch);
            for (PendingRequest r : accepted) {
                table.fail(r.id, new InvalidResponseException("could not serialize batch: " + e.getMessage(), e));
            }
            return batch;
        }
        if (callerThread == null || anyBoundToSharedConnection(accepted)) {
            write(ch, accepted, buf);
        } else {
            handOff.handOff(ch, accepted, buf);
        }
        return batch;
    }

    /**
     * Whether {@code method} concerns the shared connection itself, so that no caller-thread connection may carry it:
     * a node keeps a subscription per connection, and {@code eth_unsubscribe} on another one finds nothing to end.
     */
    static boolean boundToSharedConnection(String method) {
        return method.equals("eth_subscribe") || method.equals("eth_unsubscribe");
    }

    private static boolean anyBoundToSharedConnection(List<PendingRequest> requests) {
        for (int i = 0, n = requests.size(); i < n; i++) {
            if (boundToSharedConnection(requests.get(i).method)) {
                return true;
            }
        }
        return false;
    }

    /** Writes a finished batch frame of {@code requests} on the shared connection, or fails them if there is none. */
    private void writeBatch(List<PendingRequest> requests, ByteBuf frame) {
        Channel ch = connection.channel();
        if (ch == null) {
            frame.release();
            for (PendingRequest r : requests) {
                table.fail(r.id, notConnected(r.method));
            }
            return;
        }
        write(ch, requests, frame);
    }

    private void write(Channel ch, List<PendingRequest> requests, ByteBuf frame) {
        lifecycle.hook(m -> m.onBatchSize(requests.size()));
        ch.writeAndFlush(frame).addListener((ChannelFutureListener) f -> {
            if (!f.isSuccess()) {
                for (PendingRequest r : requests) {
                    table.fail(r.id, writeFailed(r.method, f.cause()));
                }
            }
        });
    }

    /** Checks a call and admits it into the in-flight table; a refused one comes back already failed. */
    private PendingRequest register(String method, List<?> params, long timeoutNanos, Consumer<JsonNode> inline,
                                    boolean blockingCaller, ResultDecoder<?> decoder) {
        Objects.requireNonNull(method, "method");
        JsonRpcWriter.checkParams(params);
        return register(method, timeoutNanos, inline, blockingCaller, decoder);
    }

    /** The channel to write an admitted call to; null when the call has ended (refused, or no connection). */
    private Channel channelFor(PendingRequest r, List<?> params) {
        if (r.future.isDone()) {
            return null;
        }
        r.params = params;
        Channel ch = connection.channel();
        if (ch == null) {
            table.fail(r.id, notConnected(r.method));
        }
        return ch;
    }

    /** Admits a request into the in-flight table; a refused one comes back already failed. */
    private PendingRequest register(String method, long timeoutNanos, Consumer<JsonNode> inline,
                                    boolean blockingCaller, ResultDecoder<?> decoder) {
        return register(method, timeoutNanos, inline, blockingCaller, decoder, System.nanoTime());
    }

    /** The same, started at {@code startNanos}. */
    private PendingRequest register(String method, long timeoutNanos, Consumer<JsonNode> inline,
                                    boolean blockingCaller, ResultDecoder<?> decoder, long startNanos) {
        PendingRequest r = new PendingRequest(nextId.getAndIncrement(), method, timeoutNanos, inline, blockingCaller,
                decoder, startNanos);
        if (table.admit(r, connection.isClosed(), config.name()) && connection.isClosed()) {
            // closed between admission and now: close() may have drained the table already
            table.fail(r.id, RequestLifecycle.closed(method, config.name()));
        }
        return r;
    }

    private void writeNow(Channel ch, PendingRequest r, List<?> params) {
        ByteBuf frame = writer.serialize(r, params);
        if (frame != null) {
            ch.writeAndFlush(frame).addListener((ChannelFutureListener) f -> {
                if (!f.isSuccess()) {
                    table.fail(r.id, writeFailed(r.method, f.cause()));
                }
            });
        }
    }

    /**
     * Schedules the call the node answered "not now" (a rate limit, a lagging node) to be written again under
     * the same id after a backoff, if it may be repeated (never a transaction submission), retries are left and
     * the backoff ends before its timeout. It stays in flight meanwhile, so its timeout and a lost connection
     * still end it. Runs on the I/O thread.
     */
    boolean askAgainLater(PendingRequest r) {
        if (connection.isClosed() || r.params == null || r.retries >= config.maxRetries()
                || HttpProvider.notRepeatable(r.method)) {
            return false;
        }
        int attempt = ++r.retries;
        long initial = config.retryInitialBackoff().toNanos();
        long max = config.retryMaxBackoff().toNanos();
        long base = Math.min(max, initial << Math.min(attempt - 1, 30));
        long delay = base / 2 + ThreadLocalRandom.current().nextLong(base / 2 + 1);
        if (System.nanoTime() + delay - (r.startNanos + r.timeoutNanos) >= 0) {
            return false;
        }
        try {
            group.next().schedule(() -> writeAgain(r), delay, TimeUnit.NANOSECONDS);
            return true;
        } catch (RejectedExecutionException closedMeanwhile) {
            return false;
        }
    }

    private void writeAgain(PendingRequest r) {
        if (!table.contains(r.id)) {
            return; // ended meanwhile (timeout, lost connection, close)
        }
        Channel ch = connection.channel();
        if (ch == null) {
            table.fail(r.id, notConnected(r.method));
            return;
        }
        r.batchIds = null;
        writeNow(ch, r, r.params);
    }

    private ConnectionLostException notConnected(String method) {
        return new ConnectionLostException(method + " refused: not connected to " + endpoint
                + (connection.isClosed() ? " (closed)" : connection.state() == WsConnection.State.DOWN
                        ? " (down for good)" : " (reconnecting)"));
    }

    private ConnectionLostException writeFailed(String method, Throwable cause) {
        return new ConnectionLostException(method + " could not be written to " + endpoint + ": " + cause, cause);
    }
}
