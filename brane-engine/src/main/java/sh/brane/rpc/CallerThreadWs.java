package sh.brane.rpc;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import io.netty.buffer.ByteBuf;

/**
 * The blocking calls made on platform threads to a plain {@code ws://} endpoint, done on the calling thread itself:
 * it writes its request frame and reads the answer on a WebSocket connection of its own ({@link CallerWsConnection}),
 * as {@link CallerThreadHttp} does for HTTP. Through the shared connection a blocking call wakes the event loop
 * (its write), the event loop is woken again by the answer, and it wakes the caller: three sleeps per call where a
 * blocking socket has one (docs/rpc-history.md, session 9 (ws helper)).
 *
 * <p>The call stays a request of the provider's {@link InFlightTable} all along (its timeout, {@code close()},
 * {@code pendingRequests()} and the metrics see it as any other), and its answer is read by an {@link AnswerRouter}
 * scoped to it: an answer under another id is never given to another caller; it is counted as an orphan and read
 * past, as on the shared connection, up to {@link #MAX_FOREIGN_MESSAGES}, after which it fails this call and drops the
 * connection. A "not now" answer is asked again on the shared connection, as the shared path does (never a
 * submission).
 *
 * <p>At most {@code callerThreadConnections} connections; a caller finding them all busy, one whose new
 * connection could not be opened (nothing of the call was sent), or one of more than {@link #MAX_WAITING} blocking
 * callers at once, uses the shared connection ({@link #call} returns false). Connections idle for {@value #IDLE_SECONDS} s are closed: before geth's first keep-alive ping (30 s), so
 * that no idle connection has to answer pings nobody reads, and the node keeps no connection nobody uses. One found
 * closed by the node when taken is replaced before anything is written on it.
 *
 * <p>Asynchronous calls come here too when their caller joins them before the event loop wrote them: a
 * {@code sendAsyncBatch} burst or an explicit batch, taken by that caller ({@link #sendBatch}).
 *
 * <p>Over 400 lines on purpose: the pool, and the two exchanges on its connections (one call, one batch) with the
 * rules they share (when a connection is kept or dropped, how each failure ends the calls).
 */
final class CallerThreadWs implements AutoCloseable {

    /** Idle connections are closed after this long. */
    static final int IDLE_SECONDS = 20;
    /** After a connection could not be opened, no new one is tried for this long (calls use the shared connection). */
    private static final long OPEN_BACKOFF_NANOS = TimeUnit.SECONDS.toNanos(5);
    /** Messages that are not its answer a call reads past on its connection before it takes the connection as broken. */
    static final int MAX_FOREIGN_MESSAGES = 16;
    private static final long IDLE_NANOS = TimeUnit.SECONDS.toNanos(IDLE_SECONDS);
    /**
     * Blocking callers waiting at once above which new calls use the shared connection: twice the processors. Past
     * that, callers outnumber the cores, and each waking up for its own answer costs more than one event loop that
     * reads many answers per wake-up: on 2 cores, 16 callers on connections of their own reached 0.77x web3j's
     * rate where the shared connection alone reached 1.03x; 4 callers on their own were 1.42x-1.73x (session 12).
     */
    static final int MAX_WAITING = 2 * Runtime.getRuntime().availableProcessors();
    /** Blocking calls of the provider waiting now, on whichever connection ({@link #enter}, {@link #exit}). */
    private final AtomicInteger waiting = new AtomicInteger();

    private final InetSocketAddress address;
    private final CallerWsHandshake handshake;
    private final int maxConnections;
    private final int maxMessageSize;
    private final long connectTimeoutNanos;
    private final InFlightTable table;
    private final RequestLifecycle lifecycle;
    private final AnswerRouter router;
    private final AnswerRouter.Retries retries;
    private final String endpoint;
    private final String limitHint;
    private final ScheduledFuture<?> reaper;

    // guarded by this
    private final ArrayDeque<CallerWsConnection> idle = new ArrayDeque<>();
    private int open;
    private boolean closed;
    private long noOpenUntil = System.nanoTime();
    private final List<CallerWsConnection> busy = new ArrayList<>();

    CallerThreadWs(WebSocketConfig config, InFlightTable table, RequestLifecycle lifecycle,
                   AnswerRouter.Retries retries, String endpoint, String limitHint, ScheduledExecutorService timer) {
        this.address = InetSocketAddress.createUnresolved(config.uri().getHost(), config.port());
        this.handshake = new CallerWsHandshake(config.uri(), config.port(), config.headers());
        this.maxConnections = config.callerThreadConnections();
        this.maxMessageSize = config.maxFrameSize();
        this.connectTimeoutNanos = config.connectTimeout().toNanos();
        this.table = table;
        this.lifecycle = lifecycle;
        this.retries = retries;
        this.endpoint = endpoint;
        this.limitHint = limitHint;
        this.router = new AnswerRouter(table, lifecycle, AnswerRouter.Pushes.NONE, retries, endpoint, limitHint);
        this.reaper = timer.scheduleWithFixedDelay(this::closeIdle, IDLE_SECONDS / 2, IDLE_SECONDS / 2,
                TimeUnit.SECONDS);
    }

    /** A blocking call starts (on any connection): counted until its {@link #exit}. */
    void enter() {
        waiting.incrementAndGet();
    }

    /** A blocking call has ended. */
    void exit() {
        waiting.decrementAndGet();
    }

    /** Whether {@code config} asks for it and its endpoint is one this class serves: plain {@code ws://}. */
    static boolean serves(WebSocketConfig config) {
        return config.callerThreadConnections() > 0 && !config.isTls();
    }

    /**
     * Sends {@code r}'s {@code frame} and reads its answer on this thread, and ends {@code r} (or hands it to a
     * retry on the shared connection). Returns false, having sent nothing, when no connection is free or a new one
     * could not be opened: the caller then sends the frame on the shared connection. Takes ownership of the frame
     * only when it returns true.
     */
    boolean call(PendingRequest r, ByteBuf frame) {
        if (waiting.get() > MAX_WAITING) {
            return false; // many callers at once: the shared connection serves them better (MAX_WAITING)
        }
        long deadline = r.startNanos + r.timeoutNanos;
        boolean repeatable = !HttpProvider.notRepeatable(r.method);
        CallerWsConnection c = connection(deadline, !repeatable);
        if (c == null) {
            return false;
        }
        Runnable cancel = c.beginExchange();
        r.cancelRead = cancel; // before the look below: a sweep that takes the call after it sees this and ends the read
        boolean sentElsewhere = false;
        try {
            if (table.get(r.id) != r) {
                c.endExchange(cancel); // ended before its read could be: nothing written
                release(c);
                return true;
            }
            c.write(frame, deadline);
            Routed routed = Routed.NOT_ITS_ANSWER;
            for (int read = 0; routed == Routed.NOT_ITS_ANSWER; read++) {
                routed = route(r, c.readMessage(deadline), read < MAX_FOREIGN_MESSAGES);
            }
            if (c.endExchange(cancel) && routed == Routed.KEEP) {
                release(c);
            } else {
                drop(c); // suspect, or closed by the sweep as the answer came
            }
        } catch (CallerWsConnection.ClosedBeforeAnswer e) {
            drop(c);
            if (repeatable && c.reused() && table.get(r.id) == r) {
                // closed by the node while idle (not looked at before a call that may be repeated): the shared
                // connection carries it
                sentElsewhere = true;
                return false;
            }
            end(r, failure(r, e));
        } catch (TimeoutException e) {
            drop(c);
            table.expire(System.nanoTime()); // ends it as the sweep would have, with the same words
        } catch (IOException | RuntimeException e) {
            drop(c);
            // after close() the table was drained first, and a sweep that closed the connection ended the call with
            // its timeout: then it has ended already
            end(r, failure(r, e));
        } finally {
            r.cancelRead = null;
            if (!sentElsewhere) {
                frame.release();
            }
        }
        return true;
    }

    /**
     * An idle connection, or a new one; null if none is free or a new one could not be opened. An idle one is looked
     * at first ({@code probe}: three system calls) only for calls that may not be repeated: another found closed by
     * the node once its request is written goes to the shared connection ({@link CallerWsConnection.ClosedBeforeAnswer}).
     */
    private CallerWsConnection connection(long deadline, boolean probe) {
        CallerWsConnection c = takeIdle();
        if (c != null && probe && !c.stillOpen()) {
            drop(c); // closed by the node while idle: nothing was sent on it, so a new one may carry this call
            c = null;
        }
        if (c == null && reserve()) {
            c = openNew(deadline);
        }
        return c;
    }

    /**
     * Sends a batch of calls that a caller waiting for one of them took from the event loop's drain
     * ({@link WsOpenBatch#takeForCaller}) on this thread, and reads their answers here: the one thread the caller's
     * wait costs anyway, where the drain's write, the event loop's read and the caller's wake-up cost three. Returns
     * false, having sent nothing (the caller keeps the frame), when no connection is free or more than
     * {@link #MAX_WAITING} blocking callers wait; else ends every call it sent, as {@link #call} ends its one, and
     * takes the frame.
     */
    boolean sendBatch(PendingRequest[] requests, ByteBuf frame) {
        if (waiting.get() > MAX_WAITING) {
            return false;
        }
        long deadline = Long.MAX_VALUE;
        boolean repeatable = true;
        for (PendingRequest r : requests) {
            deadline = Math.min(deadline, r.startNanos + r.timeoutNanos);
            repeatable &= !HttpProvider.notRepeatable(r.method);
        }
        CallerWsConnection c = connection(deadline, !repeatable);
        if (c == null) {
            return false;
        }
        enter();
        try {
            return exchange(c, new CallerWsBatchScope(requests, retries), frame, deadline, repeatable);
        } finally {
            exit();
        }
    }

    /**
     * Writes a batch's frame (one JSON-RPC batch, or a burst of calls in frames of their own) on {@code c} and reads
     * until every call of it has ended or gone to a retry. The answers of all its messages complete together at the
     * end, on this thread: the caller waits for one of them, and a message completed on its own would go to a
     * callback thread whenever it answered another call of the burst than the one waited for.
     */
    private boolean exchange(CallerWsConnection c, CallerWsBatchScope scope, ByteBuf frame, long deadline,
                             boolean repeatable) {
        AnswerGroup answers = new AnswerGroup();
        answers.expect(scope.size());
        Runnable cancel = c.beginExchange();
        scope.cancelReadWith(cancel);
        boolean sentElsewhere = false;
        try {
            // after the calls can end the read: those the sweep ended before it could are not waited for
            scope.endedBefore(table);
            c.write(frame, deadline);
            for (int foreign = 0, seen = 0; !scope.done(table); ) {
                router.route(c.readMessage(deadline), scope, answers);
                boolean answeredOne = scope.answered() != seen;
                seen = scope.answered();
                if (scope.malformed() || (!answeredOne && ++foreign > MAX_FOREIGN_MESSAGES)) {
                    // the connection is suspect: what is left of the batch fails rather than wait for its timeout
                    drop(c);
                    String what = scope.malformed() ? "sent a message that is no JSON-RPC answer"
                            : "sent " + foreign + " messages that were not its answers";
                    scope.failLeft(table, lifecycle, r -> new InvalidResponseException(r.method + " (id " + r.id
                            + ") failed: the node " + what + " on its caller-thread connection to " + endpoint));
                    return true;
                }
            }
            if (!c.endExchange(cancel) || scope.anyFailedBadly() || answers.anyFailedBadly()) {
                drop(c);
            } else {
                release(c);
            }
        } catch (CallerWsConnection.ClosedBeforeAnswer e) {
            drop(c);
            if (repeatable && c.reused() && scope.left(table) == scope.size()) {
                sentElsewhere = true; // closed by the node while idle: the shared connection carries them
                return false;
            }
            scope.failLeft(table, lifecycle, r -> failure(r, e));
        } catch (TimeoutException e) {
            drop(c);
            table.expire(System.nanoTime()); // ends them as the sweep would have, with the same words
        } catch (IOException | RuntimeException e) {
            drop(c);
            if (!c.expired()) {
                scope.failLeft(table, lifecycle, r -> failure(r, e));
            } // else the sweep ended one with its timeout and closed the connection: the others end at theirs
        } finally {
            scope.cancelReadWith(null);
            if (!sentElsewhere) {
                frame.release();
            }
            lifecycle.deliver(answers);
        }
        return true;
    }

    /**
     * What a call ends with when its exchange failed with {@code e} (not a timeout): an answer over the size limit,
     * or a broken connection after the request may have been written.
     */
    private BraneRpcException failure(PendingRequest r, Exception e) {
        if (e instanceof CallerWsConnection.TooLarge) {
            return new FrameTooLargeException(r.method + " (id " + r.id + ") failed: the response: " + e.getMessage()
                    + " exceeded " + limitHint);
        }
        String why = NodeText.of(e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName());
        return new ConnectionLostException(r.method + " (id " + r.id + ") failed: " + why
                + " on its caller-thread connection to " + endpoint + "; it may or may not have reached the node", e);
    }

    /** What became of a message read on a caller connection. */
    private enum Routed {
        /** It answered the call (or asked it again later), well formed: the connection may be kept. */
        KEEP,
        /** It ended the call, but the connection is suspect. */
        DROP,
        /** It was not the call's answer (another id, a notification): counted as an orphan, the next one is read. */
        NOT_ITS_ANSWER
    }

    /**
     * Routes a message to {@code r} alone. A well-formed message that is not {@code r}'s answer (the router counts it
     * as an orphan, as the shared connection does) is skipped while {@code mayReadOn}: a node's stray message must not
     * fail a call that the shared connection would have answered; after {@link #MAX_FOREIGN_MESSAGES} of them the
     * connection is suspect and the call fails.
     */
    private Routed route(PendingRequest r, ByteBuf message, boolean mayReadOn) {
        Scope scope = new Scope(r);
        AnswerGroup answers = new AnswerGroup();
        try {
            router.route(message, scope, answers);
        } finally {
            lifecycle.deliver(answers);
        }
        if (scope.retried) {
            return Routed.KEEP;
        }
        if (table.get(r.id) == r) {
            if (mayReadOn && !scope.malformed) {
                return Routed.NOT_ITS_ANSWER;
            }
            // never anyone else's answer, and the connection is suspect
            end(r, new InvalidResponseException(r.method + " (id " + r.id + ") failed: the node's messages on its"
                    + " caller-thread connection to " + endpoint + " were not its answer"));
            return Routed.DROP;
        }
        return !scope.malformed && !(r.future.isCompletedExceptionally() && failedBadly(r)) ? Routed.KEEP
                : Routed.DROP;
    }

    private static boolean failedBadly(PendingRequest r) {
        Throwable t = r.future.exceptionNow();
        return !(t instanceof RpcErrorException);
    }

    private void end(PendingRequest r, BraneRpcException error) {
        if (table.take(r)) {
            lifecycle.fail(r, error);
        }
    }

    // ---------------------------------------------------------------- the pool

    /** The newest idle connection, now in use; null if there is none (one idle too long is closed, not reused). */
    private CallerWsConnection takeIdle() {
        CallerWsConnection c;
        synchronized (this) {
            c = closed ? null : idle.pollFirst();
            if (c == null) {
                return null;
            }
            if (System.nanoTime() - c.idleSince < IDLE_NANOS) {
                busy.add(c);
                return c;
            }
            open--; // the newest is stale: the reaper takes the rest
        }
        c.close();
        return null;
    }

    /** Counts a new connection about to be opened; false if there are as many as allowed, or opening backs off. */
    private synchronized boolean reserve() {
        if (closed || open >= maxConnections || System.nanoTime() - noOpenUntil < 0) {
            return false;
        }
        open++;
        return true;
    }

    @Override
    public void close() {
        List<CallerWsConnection> all;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            all = new ArrayList<>(idle);
            all.addAll(busy);
            idle.clear();
        }
        reaper.cancel(false);
        // a caller blocked in a read wakes up to a closed channel and fails its call
        all.forEach(CallerWsConnection::close);
    }

    /** Connections open or being opened; for tests. */
    synchronized int connections() {
        return open;
    }

    private CallerWsConnection openNew(long deadline) {
        try {
            CallerWsConnection c = CallerWsConnection.open(address, handshake, maxMessageSize,
                    Math.min(deadline, System.nanoTime() + connectTimeoutNanos));
            synchronized (this) {
                if (!closed) {
                    busy.add(c);
                    return c;
                }
            }
            c.close();
        } catch (IOException | TimeoutException | RuntimeException e) {
            RequestLifecycle.LOG.debug("caller-thread WebSocket connection to {} failed, using the shared one: {}",
                    endpoint, NodeText.of(String.valueOf(e.getMessage())));
            synchronized (this) {
                noOpenUntil = System.nanoTime() + OPEN_BACKOFF_NANOS;
            }
        }
        synchronized (this) {
            open--;
        }
        return null;
    }

    private void release(CallerWsConnection c) {
        synchronized (this) {
            busy.remove(c);
            if (!closed) {
                c.idleSince = System.nanoTime();
                idle.addFirst(c); // newest first: a sequential caller keeps one warm connection
                return;
            }
            open--;
        }
        c.close();
    }

    private void drop(CallerWsConnection c) {
        synchronized (this) {
            busy.remove(c);
            idle.remove(c);
            open--;
        }
        c.close();
    }

    /** Closes the connections idle for {@value #IDLE_SECONDS} s (oldest at the end of the queue). */
    void closeIdle() {
        List<CallerWsConnection> stale = new ArrayList<>();
        synchronized (this) {
            long now = System.nanoTime();
            for (Iterator<CallerWsConnection> it = idle.descendingIterator(); it.hasNext(); ) {
                CallerWsConnection c = it.next();
                if (now - c.idleSince < IDLE_NANOS) {
                    break;
                }
                it.remove();
                open--;
                stale.add(c);
            }
        }
        stale.forEach(CallerWsConnection::close);
    }

    /** Scopes the router to the one request of this exchange. */
    private final class Scope implements AnswerRouter.Scope {
        private final PendingRequest mine;
        boolean retried;
        boolean malformed;

        Scope(PendingRequest mine) {
            this.mine = mine;
        }

        @Override
        public boolean owns(PendingRequest r) {
            return r == mine;
        }

        @Override
        public PendingRequest soleRequest() {
            malformed = true;
            return mine;
        }

        @Override
        public String describe() {
            return "id " + mine.id;
        }

        @Override
        public boolean askAgainLater(PendingRequest r) {
            retried = retries.askAgainLater(r);
            return retried;
        }
    }
}
