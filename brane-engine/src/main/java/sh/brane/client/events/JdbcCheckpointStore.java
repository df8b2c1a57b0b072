package sh.brane.client.events;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

import javax.sql.DataSource;

import sh.brane.client.tx.JdbcTransactionStore;
import sh.brane.core.types.Hash;

/**
 * Checkpoints and leases in table {@code brane_event_checkpoint} over a plain {@link DataSource} (tested on H2 and
 * PostgreSQL), beside the transaction journal: one row per stream with its checkpoint, the lease's owner and the
 * lease's expiry.
 *
 * <p>Why a lease row and not a PostgreSQL advisory lock: an advisory lock belongs to a database session, so it
 * would pin one pooled connection for the life of the stream and vanish silently when the pool recycles that
 * connection; a lease row works through any pool, on H2 as on PostgreSQL, and fences writes: a checkpoint is
 * written only by {@code WHERE owner = ? AND lease_until >= now}. An instance that dies stops renewing, and
 * another takes the stream once the lease has expired: within the lease's time to live plus the standby's poll
 * interval. Expiry times come from the instances' clocks, so those must agree to well within the lease's time
 * to live (NTP).
 *
 * <p>The table is created by {@link #migrate(DataSource)}, which runs the journal's migrations (this table is
 * {@code V2__brane_event_checkpoints.sql} in the same history, {@value JdbcTransactionStore#HISTORY_TABLE}).
 */
public final class JdbcCheckpointStore implements CheckpointStore {

    private final DataSource dataSource;
    private final Clock clock;

    public JdbcCheckpointStore(DataSource dataSource) {
        this(dataSource, Clock.systemUTC());
    }

    public JdbcCheckpointStore(DataSource dataSource, Clock clock) {
        if (dataSource == null) {
            throw new IllegalArgumentException("a JDBC checkpoint store needs a DataSource, got null");
        }
        this.dataSource = dataSource;
        this.clock = clock;
    }

    /** Creates or upgrades the journal's and the checkpoints' tables (Flyway; safe from several instances). */
    public static void migrate(DataSource dataSource) {
        JdbcTransactionStore.migrate(dataSource);
    }

    @FunctionalInterface
    private interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    private <T> T run(String what, Work<T> work) {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            return work.run(c);
        } catch (SQLException e) {
            throw new CheckpointUnavailableException(what, e);
        }
    }

    @Override
    public Optional<Checkpoint> load(String stream) {
        return run("loading the checkpoint of '" + stream + "'", c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT block_number, block_hash FROM brane_event_checkpoint WHERE stream = ?")) {
                ps.setString(1, stream);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        return Optional.empty();
                    }
                    long number = rs.getLong(1);
                    if (rs.wasNull()) {
                        return Optional.empty();
                    }
                    String hash = rs.getString(2);
                    return Optional.of(new Checkpoint(number, hash == null ? null : Hash.of(hash)));
                }
            }
        });
    }

    @Override
    public boolean tryAcquire(String stream, String owner, Duration ttl) {
        return run("taking the lease of '" + stream + "'", c -> {
            long now = clock.millis();
            if (take(c, stream, owner, now, now + ttl.toMillis())) {
                return true;
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO brane_event_checkpoint (stream, owner,"
                    + " lease_until, updated_at) VALUES (?, ?, ?, ?)")) {
                ps.setString(1, stream);
                ps.setString(2, owner);
                ps.setLong(3, now + ttl.toMillis());
                ps.setLong(4, now);
                ps.executeUpdate();
                return true;
            } catch (SQLException e) {
                if (e.getSQLState() != null && e.getSQLState().startsWith("23")) {
                    // another instance created the row first: it holds the lease, or we try the update once more
                    return take(c, stream, owner, now, now + ttl.toMillis());
                }
                throw e;
            }
        });
    }

    /** One atomic update: free, expired, or already ours. */
    private static boolean take(Connection c, String stream, String owner, long now, long until) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE brane_event_checkpoint SET owner = ?, lease_until = ?"
                + " WHERE stream = ? AND (owner IS NULL OR owner = ? OR lease_until < ?)")) {
            ps.setString(1, owner);
            ps.setLong(2, until);
            ps.setString(3, stream);
            ps.setString(4, owner);
            ps.setLong(5, now);
            return ps.executeUpdate() == 1;
        }
    }

    @Override
    public void commit(String stream, String owner, Checkpoint checkpoint) {
        boolean written = run("committing the checkpoint of '" + stream + "'", c -> {
            long now = clock.millis();
            try (PreparedStatement ps = c.prepareStatement("UPDATE brane_event_checkpoint SET block_number = ?,"
                    + " block_hash = ?, updated_at = ? WHERE stream = ? AND owner = ? AND lease_until >= ?")) {
                ps.setLong(1, checkpoint.blockNumber());
                if (checkpoint.blockHash() == null) {
                    ps.setNull(2, Types.VARCHAR);
                } else {
                    ps.setString(2, checkpoint.blockHash().toHex());
                }
                ps.setLong(3, now);
                ps.setString(4, stream);
                ps.setString(5, owner);
                ps.setLong(6, now);
                return ps.executeUpdate() == 1;
            }
        });
        if (!written) {
            throw new LeaseLostException(stream, owner);
        }
    }

    @Override
    public void release(String stream, String owner) {
        run("releasing the lease of '" + stream + "'", c -> {
            try (PreparedStatement ps = c.prepareStatement("UPDATE brane_event_checkpoint SET owner = NULL,"
                    + " lease_until = 0 WHERE stream = ? AND owner = ?")) {
                ps.setString(1, stream);
                ps.setString(2, owner);
                return ps.executeUpdate();
            }
        });
    }

    @Override
    public String toString() {
        return "JdbcCheckpointStore";
    }
}
