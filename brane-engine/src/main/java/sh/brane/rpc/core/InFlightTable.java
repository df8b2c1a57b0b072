package sh.brane.rpc.core;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Consumer;
import java.util.function.Function;

import sh.brane.rpc.BackpressureException;
import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.InvalidResponseException;
import sh.brane.rpc.RpcTimeoutException;

/**
 * Every request in flight on one provider, by JSON-RPC id, for both transports: the only place where a request is
 * admitted (at most {@code capacity}), ended by id, swept at its deadline (a {@link DeadlineTimer.Sweep}) and drained.
 * Removing a request is what ends it, and only one caller can remove it, so a late answer, a timeout and a lost
 * connection racing for it end it exactly once.
 *
 * <p>Lock-free slots indexed by the id's low bits: ids come from one counter per provider, so the requests in flight
 * are nearly always consecutive and each has a slot; admitting and ending is one compare-and-set, where a
 * {@code ConcurrentHashMap<Long, ...>} boxed, allocated and hashed twice per request. An id whose slot is still held
 * (more than {@link #MAX_SLOTS} calls apart) goes to an overflow map, looked at only while it holds anything.
 */
public final class InFlightTable {

    /**
     * Most slots per table (64 KiB of references): up to this many calls in flight each have a slot, beyond it the
     * map costs about 50 bytes per request more. {@link #drain} and {@link #sweep} read every slot, a few
     * microseconds, on close, a lost connection, or a deadline wake-up.
     */
    public static final int MAX_SLOTS = 16_384;

    /** Requests by {@code id & mask}: a slot holds one request, or null. */
    private final AtomicReferenceArray<PendingRequest> slots;
    private final int mask;
    /** Requests whose slot was held by another request in flight when they were admitted. */
    private final ConcurrentHashMap<Long, PendingRequest> overflow = new ConcurrentHashMap<>();
    /** Entries of {@link #overflow}, raised before an entry goes in: zero means every request is in a slot. */
    private final AtomicInteger overflowSize = new AtomicInteger();
    private final AtomicInteger size = new AtomicInteger();
    private final int capacity;
    private final RequestLifecycle lifecycle;
    /** Armed at each admission and sweeping this table; null only in tests that end requests with {@link #expire}. */
    private final DeadlineTimer deadlines;
    /** Told of each request its deadline ends, before its future fails (WebSocket: a late eth_subscribe answer). */
    private volatile Consumer<PendingRequest> onExpired = r -> { };

    public InFlightTable(int capacity, RequestLifecycle lifecycle) {
        this(capacity, lifecycle, null);
    }

    public InFlightTable(int capacity, RequestLifecycle lifecycle, DeadlineTimer deadlines) {
        this.deadlines = deadlines;
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, got " + capacity);
        }
        this.capacity = capacity;
        this.lifecycle = lifecycle;
        int n = Integer.highestOneBit(Math.min(capacity, MAX_SLOTS) - 1 | 1) << 1;
        this.slots = new AtomicReferenceArray<>(n);
        this.mask = n - 1;
        if (deadlines != null) {
            deadlines.add(this::sweep);
        }
    }

    /** Sets who hears of a request ended by its deadline, just before it fails. */
    public void onExpired(Consumer<PendingRequest> listener) {
        this.onExpired = listener;
    }

    /** Adds a request and records its start; returns false, its future already failed, if {@code closed}, full or
     *  its id taken. */
    public boolean admit(PendingRequest r, boolean closed, String provider) {
        if (closed) {
            lifecycle.fail(r, RequestLifecycle.closed(r.method, provider));
            return false;
        }
        if (size.incrementAndGet() > capacity) {
            int now = size.decrementAndGet();
            lifecycle.hook(m -> m.onBackpressure(r.method, now));
            lifecycle.fail(r, new BackpressureException(r.method + " refused: " + now
                    + " requests already pending, the limit set by maxPendingRequests (" + capacity + ")"));
            return false;
        }
        if (!place(r)) {
            size.decrementAndGet();
            // ids come from one counter per provider: two alike mean a bug, and the first one must keep its answer
            lifecycle.fail(r, new InvalidResponseException(r.method + " refused: id " + r.id
                    + " is already in flight on provider " + provider));
            return false;
        }
        lifecycle.started(r.method);
        if (deadlines != null) {
            deadlines.arm(r.startNanos, r.timeoutNanos); // after placing: a sweep running now sees it or re-arms
        }
        return true;
    }

    /** Lets go of the HTTP exchange that carried {@code r}: the caller may keep the request (its future) long after,
     *  and an exchange holds its batch's other requests and bytes. */
    private static PendingRequest ended(PendingRequest r) {
        if (r.exchange != null) {
            r.exchange = null;
        }
        return r;
    }

    /** Puts {@code r} in its slot, or the map when the slot is held; false if its id is in flight (the first stays). */
    private boolean place(PendingRequest r) {
        int i = slot(r.id);
        if (slots.compareAndSet(i, null, r)) {
            if (overflowSize.get() > 0 && overflow.containsKey(r.id)) {
                // the same id went to the map while this slot was held: that one came first
                return !slots.compareAndSet(i, r, null); // already taken by an answer: it is ended, as admitted
            }
            return true;
        }
        PendingRequest holder = slots.get(i);
        if (holder != null && holder.id == r.id) {
            return false;
        }
        overflowSize.incrementAndGet();
        if (overflow.putIfAbsent(r.id, r) != null) {
            overflowSize.decrementAndGet();
            return false;
        }
        return true;
    }

    private int slot(long id) {
        return (int) id & mask;
    }

    /** Removes and returns the request, which the caller must now end; null if it has ended already. */
    public PendingRequest take(long id) {
        int i = slot(id);
        PendingRequest r = slots.get(i);
        if (r != null && r.id == id && slots.compareAndSet(i, r, null)) {
            size.decrementAndGet();
            return ended(r);
        }
        if (overflowSize.get() > 0) {
            r = overflow.remove(id);
            if (r != null) {
                overflowSize.decrementAndGet();
                size.decrementAndGet();
                return ended(r);
            }
        }
        return null;
    }

    /** Removes {@code r} if it is still in flight (and still under its id); true if this call removed it. */
    public boolean take(PendingRequest r) {
        int i = slot(r.id);
        // read before the compare-and-set: a failed CAS costs a locked instruction, and exchanges ask again after ending
        if (slots.get(i) == r && slots.compareAndSet(i, r, null)) {
            size.decrementAndGet();
            ended(r);
            return true;
        }
        if (overflowSize.get() > 0 && overflow.remove(r.id, r)) {
            overflowSize.decrementAndGet();
            size.decrementAndGet();
            ended(r);
            return true;
        }
        return false;
    }

    /** Ends request {@code id} with {@code error}, if it is still in flight; true if this call ended it. */
    public boolean fail(long id, BraneRpcException error) {
        PendingRequest r = take(id);
        if (r == null) {
            return false;
        }
        lifecycle.fail(r, error);
        return true;
    }

    /** Ends every request in flight with the error {@code reason} gives for it; returns how many it ended. */
    public int drain(Function<PendingRequest, BraneRpcException> reason) {
        List<PendingRequest> all = drain();
        for (PendingRequest r : all) {
            lifecycle.fail(r, reason.apply(r));
        }
        return all.size();
    }

    /** Removes every request in flight and returns them; the caller must end each. */
    public List<PendingRequest> drain() {
        List<PendingRequest> out = new ArrayList<>(Math.max(0, size.get()));
        for (int i = 0, n = slots.length(); i < n; i++) {
            PendingRequest r = slots.get(i);
            if (r != null && take(r)) {
                out.add(r);
            }
        }
        for (PendingRequest r : overflow.values()) {
            if (take(r)) {
                out.add(r);
            }
        }
        return out;
    }

    /**
     * Ends with {@link RpcTimeoutException} every request whose deadline has passed at {@code nowNanos}; returns the
     * nanoseconds to the earliest deadline left, or {@link DeadlineTimer#NONE}. The {@link DeadlineTimer}'s sweep.
     */
    public long sweep(long nowNanos) {
        return scan(nowNanos, null);
    }

    /** As {@link #sweep}, returning how many it ended; for tests of a table without a timer. */
    public int expire(long nowNanos) {
        int[] ended = new int[1];
        scan(nowNanos, ended);
        return ended[0];
    }

    private long scan(long nowNanos, int[] ended) {
        long next = DeadlineTimer.NONE;
        if (size.get() == 0) {
            return next;
        }
        for (int i = 0, k = slots.length(); i < k; i++) {
            PendingRequest r = slots.get(i);
            if (r != null) {
                next = Math.min(next, expireIfDue(r, nowNanos, ended));
            }
        }
        if (overflowSize.get() > 0) {
            for (PendingRequest r : overflow.values()) {
                next = Math.min(next, expireIfDue(r, nowNanos, ended));
            }
        }
        return next;
    }

    /** Ends {@code r} if its deadline has passed; returns the nanoseconds left to it, or NONE if it ended. */
    private long expireIfDue(PendingRequest r, long nowNanos, int[] ended) {
        long left = r.timeoutNanos - (nowNanos - r.startNanos);
        if (left > 0) {
            return left;
        }
        if (take(r)) {
            expired(r);
            if (ended != null) {
                ended[0]++;
            }
        }
        return DeadlineTimer.NONE;
    }

    private void expired(PendingRequest r) {
        try {
            onExpired.accept(r);
        } catch (RuntimeException e) {
            RequestLifecycle.LOG.debug("expiry listener threw", e);
        }
        long[] batch = r.batchIds;
        lifecycle.fail(r, new RpcTimeoutException(r.method + " (id " + r.id
                + (batch == null ? "" : ", one of a batch of " + batch.length) + ") got no answer within "
                + Duration.ofNanos(r.timeoutNanos)));
    }

    /** The request still in flight under this id, or null; it stays in the table. */
    public PendingRequest get(long id) {
        PendingRequest r = slots.get(slot(id));
        if (r != null && r.id == id) {
            return r;
        }
        return overflowSize.get() > 0 ? overflow.get(id) : null;
    }

    public boolean contains(long id) {
        return get(id) != null;
    }

    public int size() {
        return size.get();
    }
}
