package sh.brane.spring.boot.autoconfigure.events;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;

import sh.brane.client.Log;
import sh.brane.client.events.StreamedLog;
import sh.brane.core.types.Hash;
import sh.brane.primitives.Hex;

/**
 * A {@link BraneLogRecoverer} that keeps every log a listener failed on in the {@code brane_event_dead_letter} table
 * of the journal's database ({@code brane.events.listener.recoverer=jdbc}), then publishes a
 * {@link BraneListenerFailedEvent} and lets the stream move on. A log delivered again after a restart (the
 * checkpoint had not moved yet) is kept once: the row's key is the listener, the block hash, the log index and the
 * removal flag. If the row cannot be written, the exception reaches the container, which keeps the checkpoint and
 * delivers the log again on the stream's next pass: a log is never skipped unrecorded.
 */
public final class JdbcLogRecoverer implements BraneLogRecoverer {

    /** The table the scripts {@code sh/brane/client/events/dead-letter-schema-*.sql} create. */
    public static final String TABLE = "brane_event_dead_letter";

    /** Longest error text kept (the column's size). */
    static final int MAX_ERROR_LENGTH = 2000;

    private static final Logger logger = LoggerFactory.getLogger(JdbcLogRecoverer.class);

    private static final String INSERT = "INSERT INTO " + TABLE + " (listener_id, block_hash, log_index, removed,"
            + " block_number, transaction_hash, address, topics, data, attempts, error, failed_at)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

    private final DataSource dataSource;

    private final ApplicationEventPublisher publisher;

    public JdbcLogRecoverer(DataSource dataSource, ApplicationEventPublisher publisher) {
        this.dataSource = dataSource;
        this.publisher = publisher;
    }

    @Override
    public void recover(String listenerId, StreamedLog<?> log, Exception cause, int attempts) throws SQLException {
        Log entry = log.log();
        String blockHash = (entry.blockHash() != null) ? entry.blockHash().toHex() : "";
        try (Connection connection = this.dataSource.getConnection();
                PreparedStatement insert = connection.prepareStatement(INSERT)) {
            insert.setString(1, listenerId);
            insert.setString(2, blockHash);
            insert.setLong(3, log.logIndex());
            insert.setBoolean(4, log.removed());
            insert.setLong(5, log.blockNumber());
            insert.setString(6, (entry.transactionHash() != null) ? entry.transactionHash().toHex() : null);
            insert.setString(7, entry.address().toHex());
            insert.setString(8, entry.topics().stream().map(Hash::toHex).collect(Collectors.joining(",")));
            insert.setString(9, Hex.encode(entry.data()));
            insert.setInt(10, attempts);
            insert.setString(11, errorText(cause));
            insert.setLong(12, System.currentTimeMillis());
            insert.executeUpdate();
        }
        catch (SQLException ex) {
            if (!isDuplicate(ex)) {
                throw ex;
            }
            // delivered again after a restart, before the checkpoint had moved: the row is there already
        }
        logger.warn("@BraneEventListener '{}' failed {} times on the log {} of block {}; kept in {} and skipped",
                listenerId, attempts, log.logIndex(), log.blockNumber(), TABLE, cause);
        this.publisher.publishEvent(new BraneListenerFailedEvent(this, listenerId, log, cause, attempts));
    }

    private static String errorText(Exception cause) {
        String text = cause.getClass().getName() + ((cause.getMessage() != null) ? ": " + cause.getMessage() : "");
        return (text.length() > MAX_ERROR_LENGTH) ? text.substring(0, MAX_ERROR_LENGTH) : text;
    }

    /** SQLSTATE 23505, unique violation, in PostgreSQL and H2 alike. */
    private static boolean isDuplicate(SQLException ex) {
        return "23505".equals(ex.getSQLState());
    }
}
