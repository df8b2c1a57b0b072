package sh.brane.client.events;

import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Checkpoints and leases in this JVM: not durable (a restart starts the stream again from its configured start),
 * for tests, development and streams whose handlers are idempotent over a whole backfill.
 */
public final class InMemoryCheckpointStore implements CheckpointStore {

    private final Clock clock;
    private final Map<String, Row> rows = new HashMap<>();

    public InMemoryCheckpointStore() {
        this(Clock.systemUTC());
    }

    public InMemoryCheckpointStore(Clock clock) {
        this.clock = clock;
    }

    private static final class Row {
        Checkpoint checkpoint;
        String owner;
        long leaseUntil;
    }

    @Override
    public synchronized Optional<Checkpoint> load(String stream) {
        Row row = rows.get(stream);
        return row == null ? Optional.empty() : Optional.ofNullable(row.checkpoint);
    }

    @Override
    public synchronized boolean tryAcquire(String stream, String owner, Duration ttl) {
        long now = clock.millis();
        Row row = rows.computeIfAbsent(stream, s -> new Row());
        if (row.owner != null && !row.owner.equals(owner) && row.leaseUntil >= now) {
            return false;
        }
        row.owner = owner;
        row.leaseUntil = now + ttl.toMillis();
        return true;
    }

    @Override
    public synchronized void commit(String stream, String owner, Checkpoint checkpoint) {
        Row row = rows.get(stream);
        if (row == null || !owner.equals(row.owner) || row.leaseUntil < clock.millis()) {
            throw new LeaseLostException(stream, owner);
        }
        row.checkpoint = checkpoint;
    }

    @Override
    public synchronized void release(String stream, String owner) {
        Row row = rows.get(stream);
        if (row != null && owner.equals(row.owner)) {
            row.owner = null;
            row.leaseUntil = 0;
        }
    }

    @Override
    public String toString() {
        return "InMemoryCheckpointStore";
    }
}
