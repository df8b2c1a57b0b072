package sh.brane.rpc.ws;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.EventLoopGroup;
import tools.jackson.databind.JsonNode;

import sh.brane.rpc.ConnectionLostException;
import sh.brane.rpc.InvalidResponseException;
import sh.brane.rpc.ResultDecoder;
import sh.brane.rpc.RpcCall;
import sh.brane.rpc.WebSocketConfig;
import sh.brane.rpc.core.AdmittedBatch;
import sh.brane.rpc.core.Backoff;
import sh.brane.rpc.core.InFlightTable;
import sh.brane.rpc.core.JsonRpcWriter;
import sh.brane.rpc.core.PendingRequest;
import sh.brane.rpc.core.RequestBytes;
import sh.brane.rpc.core.RequestLifecycle;

/**
 * Sends the calls of one WebSocket provider: admits each into the {@link InFlightTable}, serializes it on the caller's
 * thread into a finished frame and publishes it into the {@link RingWriter}. A call that finds no connection ends.
 */
public final class WsSender {

    private final WebSocketConfig config;
    private final InFlightTable table;
    private final RequestLifecycle lifecycle;
    private final WsConnection connection;
    private final RingWriter writer;
    private final EventLoopGroup group;
    private final String endpoint;
    private final AtomicLong nextId = new AtomicLong(1);

    public WsSender(WebSocketConfig config, InFlightTable table, RequestLifecycle lifecycle, WsConnection connection,
             EventLoopGroup group, String endpoint, RingWriter writer) {
        this.config = config;
        this.table = table;
        this.lifecycle = lifecycle;
        this.connection = connection;
        this.group = group;
        this.endpoint = endpoint;
        this.writer = writer;
    }

    public long ringRemaining() {
        return writer.remaining();
    }

    /** A single call: serialized here, published into the ring, written by the I/O thread at once. */
    public PendingRequest send(String method, List<?> params, long timeoutNanos, Consumer<JsonNode> inline,
                        boolean blockingCaller, ResultDecoder<?> decoder) {
        Objects.requireNonNull(method, "method");
        JsonRpcWriter.checkParams(params);
        PendingRequest r = register(method, timeoutNanos, inline, blockingCaller, decoder, System.nanoTime());
        Channel ch = channelFor(r, params);
        if (ch == null) {
            return r;
        }
        ByteBuf frame = serialize(r, params);
        if (frame == null) {
            return r;
        }
        if (ch.eventLoop().inEventLoop()) {
            // a call made by the I/O thread itself (re-subscribing after a reconnect): it is already where writes go
            writeNow(ch, r, frame);
        } else {
            writer.publish(r, frame);
        }
        return r;
    }

    /** An explicit JSON-RPC batch: one message already, written at once. */
    public AdmittedBatch sendBatch(List<RpcCall> calls, long timeoutNanos) {
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
        for (int i = 0; i < accepted.size(); i++) {
            accepted.get(i).params = batch.acceptedCalls().get(i).params();
        }
        ByteBuf buf = WsFrames.begin(64 * accepted.size());
        try {
            RequestBytes.writeBatch(buf, PendingRequest.markBatch(accepted), batch.acceptedCalls());
            WsFrames.finish(buf);
        } catch (RuntimeException e) {
            buf.release();
            for (PendingRequest r : accepted) {
                table.fail(r.id, new InvalidResponseException("could not serialize batch: " + e.getMessage(), e));
            }
            return batch;
        }
        writer.publish(accepted.toArray(new PendingRequest[0]), buf);
        return batch;
    }

    /** The channel to write an admitted call to; null when the call has ended (refused, or no connection). */
    private Channel channelFor(PendingRequest r, List<?> params) {
        if (r.future().isDone()) {
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
                                    boolean blockingCaller, ResultDecoder<?> decoder, long startNanos) {
        PendingRequest r = new PendingRequest(nextId.getAndIncrement(), method, timeoutNanos, inline, blockingCaller,
                decoder, startNanos);
        if (table.admit(r, connection.isClosed(), config.name()) && connection.isClosed()) {
            // closed between admission and now: close() may have drained the table already
            table.fail(r.id, RequestLifecycle.closed(method, config.name()));
        }
        return r;
    }

    private void writeNow(Channel ch, PendingRequest r, ByteBuf frame) {
        ch.writeAndFlush(frame).addListener((ChannelFutureListener) f -> {
            if (!f.isSuccess()) {
                table.fail(r.id, writeFailed(r.method, f.cause()));
            }
        });
    }

    /** Serializes {@code r} into a finished, masked frame; null (and the call failed) if its params cannot be. */
    private ByteBuf serialize(PendingRequest r, List<?> params) {
        ByteBuf buf = WsFrames.begin(128);
        try {
            RequestBytes.write(buf, r.id, r.method, params);
            WsFrames.finish(buf);
            return buf;
        } catch (RuntimeException e) {
            buf.release();
            table.fail(r.id, new InvalidResponseException(r.method + " could not be serialized: " + e.getMessage(), e));
            return null;
        }
    }

    /**
     * Writes a call answered "not now" again under the same id after a backoff, if it may be repeated (never a
     * submission) and retries and time are left; it stays in flight meanwhile. Runs on the I/O thread.
     */
    public boolean askAgainLater(PendingRequest r) {
        if (connection.isClosed() || r.params == null || r.retries >= config.maxRetries()
                || RequestLifecycle.notRepeatable(r.method)) {
            return false;
        }
        long delay = Backoff.jitteredNanos(config.retryInitialBackoff(), config.retryMaxBackoff(), ++r.retries);
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
        ByteBuf frame = serialize(r, r.params);
        if (frame != null) {
            writeNow(ch, r, frame);
        }
    }

    /** The error of a call that finds no connection. */
    public ConnectionLostException notConnected(String method) {
        return new ConnectionLostException(method + " refused: not connected to " + endpoint
                + (connection.isClosed() ? " (closed)" : connection.state() == WsConnection.State.DOWN
                        ? " (down for good)" : " (reconnecting)"));
    }

    private ConnectionLostException writeFailed(String method, Throwable cause) {
        return new ConnectionLostException(method + " could not be written to " + endpoint + ": " + cause, cause);
    }
}
