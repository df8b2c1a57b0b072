package sh.brane.rpc;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Requests in flight, keyed by JSON-RPC id. Lock-free: a concurrent map plus a bounded counter. */
final class PendingTable {

    private final ConcurrentHashMap<Long, PendingRequest> byId = new ConcurrentHashMap<>();
    private final AtomicInteger size = new AtomicInteger();
    private final int capacity;

    PendingTable(int capacity) {
        this.capacity = capacity;
    }

    /** Adds the request, or returns false when {@code capacity} requests are already pending. */
    boolean tryAdd(PendingRequest request) {
        if (size.incrementAndGet() > capacity) {
            size.decrementAndGet();
            return false;
        }
        byId.put(request.id, request);
        return true;
    }

    /** Removes and returns the request, or null if it already ended (only one caller can win). */
    PendingRequest remove(long id) {
        PendingRequest r = byId.remove(id);
        if (r != null) {
            size.decrementAndGet();
        }
        return r;
    }

    /** Removes every request currently pending and returns them. */
    List<PendingRequest> drain() {
        List<PendingRequest> out = new ArrayList<>(byId.size());
        for (Long id : byId.keySet()) {
            PendingRequest r = remove(id);
            if (r != null) {
                out.add(r);
            }
        }
        return out;
    }

    /** The request still pending under this id, or null; it stays in the table. */
    PendingRequest get(long id) {
        return byId.get(id);
    }

    boolean contains(long id) {
        return byId.containsKey(id);
    }

    int size() {
        return size.get();
    }

    int capacity() {
        return capacity;
    }
}
