package sh.brane.client.events;

import java.time.Duration;
import java.util.Optional;

/**
 * Where log streams keep their checkpoints, and the lease that lets exactly one instance consume a stream at a
 * time. A stream is named by a string the application chooses (e.g. {@code "usdc-deposits"}).
 *
 * <p>The lease is a row (owner, expiry) that the consuming instance renews while it runs; a checkpoint is written
 * only by the lease's holder while the lease has not expired (a fenced write), so an instance that stalled past
 * its lease cannot move the checkpoint of a stream another instance has taken over.
 */
public interface CheckpointStore {

    /** The stream's last committed checkpoint, or empty if it never committed one. */
    Optional<Checkpoint> load(String stream);

    /**
     * Takes the stream's lease for {@code owner} for {@code ttl}, or renews it if {@code owner} holds it: true
     * then. False while another owner holds an unexpired lease.
     */
    boolean tryAcquire(String stream, String owner, Duration ttl);

    /**
     * Writes the checkpoint, if {@code owner} still holds an unexpired lease.
     *
     * @throws LeaseLostException if it does not (nothing was written)
     */
    void commit(String stream, String owner, Checkpoint checkpoint);

    /** Gives the lease up (if {@code owner} holds it) so that another instance takes over at once. */
    void release(String stream, String owner);
}
