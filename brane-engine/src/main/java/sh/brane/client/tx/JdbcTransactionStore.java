package sh.brane.client.tx;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

import javax.sql.DataSource;

import sh.brane.core.tx.SignedTransaction;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;

/**
 * The journal and nonces in a relational database over a plain {@link DataSource} (tested on H2 and
 * PostgreSQL): durable, and shared by every instance of a service that points at the same database.
 *
 * <p>One database transaction allocates a nonce and writes the SIGNED journal row: it locks the account's nonce
 * row ({@code SELECT ... FOR UPDATE}), takes the smallest released nonce or the next one, signs, inserts the
 * journal row and commits. Instances on other machines wait on the row lock only for the signing, never for a
 * network call to the node. When signing or a write fails the transaction rolls back and the nonce stays free.
 *
 * <p>Concurrent sends of one account are committed as a group ({@link #allocateAndRecordAll}): one database
 * transaction allocates their nonces and writes their SIGNED rows, and one records them SENT.
 *
 * <p>Pruning ({@link #prune}) removes finished rows older than a retention the caller chooses; nothing is removed
 * unless it is called.
 *
 * <p>Over 400 lines on purpose: every SQL statement of the journal sits in this one class, next to the others it
 * must agree with.
 *
 * <p>The schema is created by {@link #migrate(DataSource)} (Flyway, history table {@value #HISTORY_TABLE},
 * separate from the application's own migrations).
 */
public final class JdbcTransactionStore implements TransactionStore {
    /** Flyway's history table for the journal's schema. */
    public static final String HISTORY_TABLE = "brane_tx_schema_history";
    private static final String COLUMNS = "hash, chain_id, account, nonce, signer, raw, state, block_number, replaces,"
            + " created_at, updated_at, broadcast_at";
    /** {@link #COLUMNS} qualified by the journal's alias {@code j}, for joins. */
    private static final String JOURNAL_COLUMNS_J = "j." + COLUMNS.replace(", ", ", j.");
    private static final String OPEN_STATES = "('SIGNED', 'SENT', 'INCLUDED')";
    private static final String FINISHED_STATES = "('CONFIRMED', 'REPLACED', 'DROPPED', 'FAILED', 'REJECTED')";

    private final DataSource dataSource;
    private final Clock clock;
    /** Accounts known to have a nonce row, to skip the seeding query. */
    private final Set<String> seeded = ConcurrentHashMap.newKeySet();

    public JdbcTransactionStore(DataSource dataSource) {
        this(dataSource, Clock.systemUTC());
    }

    public JdbcTransactionStore(DataSource dataSource, Clock clock) {
        if (dataSource == null) {
            throw new IllegalArgumentException("a JDBC transaction store needs a DataSource, got null");
        }
        this.dataSource = dataSource;
        this.clock = clock;
    }

    /**
     * Creates or upgrades the journal's tables with Flyway ({@code org.flywaydb:flyway-core}, plus
     * {@code flyway-database-postgresql} on PostgreSQL). Safe to run from several instances at once.
     */
    public static void migrate(DataSource dataSource) {
        org.flywaydb.core.Flyway.configure(JdbcTransactionStore.class.getClassLoader())
                .dataSource(dataSource)
                .locations("classpath:sh/brane/client/tx/db")
                .table(HISTORY_TABLE)
                // the application's schema may hold its own tables: start our history at 0 so V1 still runs
                .baselineOnMigrate(true)
                .baselineVersion("0")
                .load()
                .migrate();
    }

    @FunctionalInterface
    private interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    /** Runs {@code work} in one database transaction; storage failures become JournalUnavailableException. */
    private <T> T inTransaction(String what, Work<T> work) {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                T result = work.run(c);
                c.commit();
                return result;
            } catch (SQLException | RuntimeException | Error e) {
                try {
                    c.rollback();
                } catch (SQLException suppressed) {
                    e.addSuppressed(suppressed);
                }
                throw e;
            }
        } catch (SQLException e) {
            throw new JournalUnavailableException(what, e);
        }
    }

    @Override
    public Optional<JournalEntry> allocateAndRecord(long chainId, Address from, String signer, LongSupplier nodeNonce,
            boolean releasedOnly, NonceSigner sign) {
        String account = from.toHex();
        seed(chainId, account, nodeNonce);
        return inTransaction("allocating a nonce for " + account, c -> {
            long next = lockNext(c, chainId, account);
            Long released = null;
            try (PreparedStatement ps = c.prepareStatement("SELECT nonce FROM brane_tx_released_nonce WHERE chain_id = ?"
                    + " AND account = ? ORDER BY nonce LIMIT 1")) {
                ps.setLong(1, chainId);
                ps.setString(2, account);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        released = rs.getLong(1);
                    }
                }
            }
            if (released == null && releasedOnly) {
                return Optional.<JournalEntry>empty();
            }
            long nonce = released != null ? released : next;
            SignedTransaction signed = sign.sign(nonce); // throws: rolled back, the nonce stays free
            JournalEntry entry = JournalEntry.signed(signed, from, signer, null, clock.instant());
            takeRejectedPlace(c, List.of(entry));
            insert(c, entry);
            if (released != null) {
                try (PreparedStatement ps = c.prepareStatement("DELETE FROM brane_tx_released_nonce WHERE chain_id = ?"
                        + " AND account = ? AND nonce = ?")) {
                    ps.setLong(1, chainId);
                    ps.setString(2, account);
                    ps.setLong(3, nonce);
                    ps.executeUpdate();
                }
            } else {
                setNext(c, chainId, account, nonce + 1);
            }
            return Optional.of(entry);
        });
    }

    /**
     * One database transaction for the whole group: the account's nonce row is locked once, released nonces are
     * taken first, each slot is signed (a slot whose signer throws leaves its nonce to the next slot), the SIGNED
     * rows are inserted as one JDBC batch and the counter is written once.
     */
    @Override
    public List<Allocation> allocateAndRecordAll(long chainId, Address from, String signer, LongSupplier nodeNonce,
            List<NonceSigner> signs) {
        return allocateAndRecordAll(chainId, from, signer, nodeNonce, signs, java.util.Collections.nCopies(
                signs.size(), null));
    }

    /**
     * As {@link #allocateAndRecordAll(long, Address, String, LongSupplier, List)}; the keys are read after the
     * account's nonce row is locked, so an instance sees every key another instance committed before it got the
     * lock, and the primary key of {@code brane_tx_idempotency} refuses a second row for a key in any case.
     */
    @Override
    public List<Allocation> allocateAndRecordAll(long chainId, Address from, String signer, LongSupplier nodeNonce,
            List<NonceSigner> signs, List<IdempotencyKey> keys) {
        if (keys.size() != signs.size()) {
            throw new IllegalArgumentException(signs.size() + " signers but " + keys.size() + " idempotency keys");
        }
        String account = from.toHex();
        seed(chainId, account, nodeNonce);
        return inTransaction("allocating " + signs.size() + " nonces for " + account, c -> {
            long next = lockNext(c, chainId, account);
            java.util.Map<IdempotencyKey, IdempotentEntry> known = new java.util.HashMap<>();
            for (IdempotencyKey key : keys) {
                if (key != null && !known.containsKey(key)) {
                    findKeyIn(c, chainId, account, key).ifPresent(k -> known.put(key, k));
                }
            }
            List<IdempotentEntry> newKeys = new ArrayList<>();
            List<Long> released = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT nonce FROM brane_tx_released_nonce WHERE chain_id = ?"
                    + " AND account = ? ORDER BY nonce LIMIT " + signs.size())) {
                ps.setLong(1, chainId);
                ps.setString(2, account);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        released.add(rs.getLong(1));
                    }
                }
            }
            List<Allocation> out = new ArrayList<>(signs.size());
            List<JournalEntry> written = new ArrayList<>(signs.size());
            int usedReleased = 0;
            long counter = next;
            for (int i = 0; i < signs.size(); i++) {
                IdempotencyKey key = keys.get(i);
                IdempotentEntry earlier = key == null ? null : known.get(key);
                if (earlier != null) {
                    out.add(Allocation.replayed(earlier));
                    continue;
                }
                NonceSigner sign = signs.get(i);
                boolean fromReleased = usedReleased < released.size();
                long nonce = fromReleased ? released.get(usedReleased) : counter;
                try {
                    SignedTransaction signed = sign.sign(nonce);
                    JournalEntry entry = JournalEntry.signed(signed, from, signer, null, clock.instant());
                    out.add(Allocation.of(entry));
                    written.add(entry);
                    if (key != null) {
                        IdempotentEntry recorded = new IdempotentEntry(key,
                                IdempotencyKey.fingerprint(signed.transaction()), entry);
                        known.put(key, recorded);
                        newKeys.add(recorded);
                    }
                    if (fromReleased) {
                        usedReleased++;
                    } else {
                        counter++;
                    }
                } catch (JournalUnavailableException e) {
                    throw e;
                } catch (RuntimeException e) {
                    out.add(Allocation.failed(e)); // nothing written for it: the nonce goes to the next slot
                }
            }
            takeRejectedPlace(c, written);
            try (PreparedStatement ps = c.prepareStatement(INSERT)) {
                for (JournalEntry e : written) {
                    bind(ps, e);
                    ps.addBatch();
                }
                if (!written.isEmpty()) {
                    ps.executeBatch();
                }
            }
            if (!newKeys.isEmpty()) {
                insertKeys(c, chainId, account, newKeys);
            }
            if (usedReleased > 0) {
                try (PreparedStatement ps = c.prepareStatement("DELETE FROM brane_tx_released_nonce WHERE chain_id = ?"
                        + " AND account = ? AND nonce <= ?")) {
                    ps.setLong(1, chainId);
                    ps.setString(2, account);
                    ps.setLong(3, released.get(usedReleased - 1));
                    ps.executeUpdate();
                }
            }
            if (counter != next) {
                setNext(c, chainId, account, counter);
            }
            return out;
        });
    }

    /** One database transaction and one JDBC batch for the group's SIGNED to SENT updates. */
    @Override
    public List<JournalEntry> markSent(List<JournalEntry> signed) {
        if (signed.isEmpty()) {
            return List.of();
        }
        long now = clock.millis();
        return inTransaction("recording " + signed.size() + " transactions as SENT", c -> {
            int[] counts;
            try (PreparedStatement ps = c.prepareStatement("UPDATE brane_tx_journal SET state = 'SENT', updated_at = ?,"
                    + " broadcast_at = ? WHERE hash = ? AND state = 'SIGNED'")) {
                for (JournalEntry e : signed) {
                    ps.setLong(1, now);
                    ps.setLong(2, now);
                    ps.setString(3, e.hash().toHex());
                    ps.addBatch();
                }
                counts = ps.executeBatch();
            }
            Instant at = Instant.ofEpochMilli(now);
            List<JournalEntry> out = new ArrayList<>(signed.size());
            for (int i = 0; i < signed.size(); i++) {
                if (counts[i] == 1) {
                    out.add(signed.get(i).with(TxState.SENT, -1, at, true));
                } else if (counts[i] == java.sql.Statement.SUCCESS_NO_INFO) {
                    // a driver that does not count batch rows: read the row to know whether this update won
                    findIn(c, signed.get(i).hash()).filter(e -> e.state() == TxState.SENT
                            && e.updatedAt().equals(at)).ifPresent(out::add);
                }
            }
            return out;
        });
    }

    private void insertKeys(Connection c, long chainId, String account, List<IdempotentEntry> keys)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO brane_tx_idempotency (chain_id, account, idem_key,"
                + " hash, fingerprint, created_at) VALUES (?, ?, ?, ?, ?, ?)")) {
            long now = clock.millis();
            for (IdempotentEntry k : keys) {
                ps.setLong(1, chainId);
                ps.setString(2, account);
                ps.setString(3, k.key().value());
                ps.setString(4, k.entry().hash().toHex());
                ps.setString(5, k.fingerprint().toHex());
                ps.setLong(6, now);
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    @Override
    public Optional<IdempotentEntry> findByKey(long chainId, Address from, IdempotencyKey key) {
        return inTransaction("reading idempotency key '" + key.value() + "'",
                c -> findKeyIn(c, chainId, from.toHex(), key));
    }

    private static Optional<IdempotentEntry> findKeyIn(Connection c, long chainId, String account, IdempotencyKey key)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT k.fingerprint, " + JOURNAL_COLUMNS_J
                + " FROM brane_tx_idempotency k JOIN brane_tx_journal j ON j.hash = k.hash"
                + " WHERE k.chain_id = ? AND k.account = ? AND k.idem_key = ?")) {
            ps.setLong(1, chainId);
            ps.setString(2, account);
            ps.setString(3, key.value());
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(new IdempotentEntry(key, Hash.of(rs.getString(1)), read(rs)))
                        : Optional.empty();
            }
        }
    }

    @Override
    public int prune(Instant finishedBefore) {
        return inTransaction("pruning finished transactions", c -> {
            // a key lives as long as its entry
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM brane_tx_idempotency WHERE hash IN (SELECT hash"
                    + " FROM brane_tx_journal WHERE state IN " + FINISHED_STATES + " AND updated_at < ?)")) {
                ps.setLong(1, finishedBefore.toEpochMilli());
                ps.executeUpdate();
            }
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM brane_tx_journal WHERE state IN "
                    + FINISHED_STATES + " AND updated_at < ?")) {
                ps.setLong(1, finishedBefore.toEpochMilli());
                return ps.executeUpdate();
            }
        });
    }

    @Override
    public Hash bindGenesis(long chainId, Hash genesis) {
        Hash bound = boundGenesis(chainId).orElse(null);
        if (bound != null) {
            return bound;
        }
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO brane_tx_chain (chain_id, genesis_hash, bound_at)"
                    + " VALUES (?, ?, ?)")) {
                ps.setLong(1, chainId);
                ps.setString(2, genesis.toHex());
                ps.setLong(3, clock.millis());
                ps.executeUpdate();
            } catch (SQLException e) {
                // another instance bound it first (primary key): its row wins; anything else shows below
            }
        } catch (SQLException e) {
            throw new JournalUnavailableException("binding the journal to the genesis block of chain " + chainId, e);
        }
        bound = boundGenesis(chainId).orElse(null);
        if (bound == null) {
            throw new JournalUnavailableException("binding the journal to the genesis block of chain " + chainId,
                    new SQLException("no brane_tx_chain row for chain id " + chainId + " after inserting it"));
        }
        return bound;
    }

    @Override
    public Optional<Hash> boundGenesis(long chainId) {
        Hash bound = inTransaction("reading the genesis block the journal of chain " + chainId + " is bound to", c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT genesis_hash FROM brane_tx_chain WHERE chain_id = ?")) {
                ps.setLong(1, chainId);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Hash.of(rs.getString(1)) : null;
                }
            }
        });
        return Optional.ofNullable(bound);
    }

    /** Creates the account's nonce row from the node's count if it is missing; the node is asked outside any lock. */
    private void seed(long chainId, String account, LongSupplier nodeNonce) {
        String key = chainId + "/" + account;
        if (seeded.contains(key)) {
            return;
        }
        boolean exists = inTransaction("reading the nonce of " + account, c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM brane_tx_nonce WHERE chain_id = ? AND account = ?")) {
                ps.setLong(1, chainId);
                ps.setString(2, account);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next();
                }
            }
        });
        if (!exists) {
            long fromNode = nodeNonce.getAsLong();
            try (Connection c = dataSource.getConnection()) {
                c.setAutoCommit(true);
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO brane_tx_nonce (chain_id, account, next_nonce)"
                        + " VALUES (?, ?, ?)")) {
                    ps.setLong(1, chainId);
                    ps.setString(2, account);
                    ps.setLong(3, fromNode);
                    ps.executeUpdate();
                } catch (SQLException e) {
                    // another instance seeded it first (primary key): its row wins; anything else shows below
                }
            } catch (SQLException e) {
                throw new JournalUnavailableException("seeding the nonce of " + account, e);
            }
        }
        seeded.add(key);
    }

    private static long lockNext(Connection c, long chainId, String account) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT next_nonce FROM brane_tx_nonce WHERE chain_id = ? AND"
                + " account = ? FOR UPDATE")) {
            ps.setLong(1, chainId);
            ps.setString(2, account);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw new SQLException("no nonce row for " + account + " on chain " + chainId
                            + " (was the table emptied while running?)");
                }
                return rs.getLong(1);
            }
        }
    }

    private static void setNext(Connection c, long chainId, String account, long next) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE brane_tx_nonce SET next_nonce = ? WHERE chain_id = ? AND"
                + " account = ?")) {
            ps.setLong(1, next);
            ps.setLong(2, chainId);
            ps.setString(3, account);
            ps.executeUpdate();
        }
    }

    private static final String INSERT = "INSERT INTO brane_tx_journal (" + COLUMNS
            + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

    private static void insert(Connection c, JournalEntry e) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(INSERT)) {
            bind(ps, e);
            ps.executeUpdate();
        }
    }

    private static void bind(PreparedStatement ps, JournalEntry e) throws SQLException {
        ps.setString(1, e.hash().toHex());
        ps.setLong(2, e.chainId());
        ps.setString(3, e.from().toHex());
        ps.setLong(4, e.nonce());
        ps.setString(5, e.signer());
        ps.setBytes(6, e.raw());
        ps.setString(7, e.state().name());
        ps.setLong(8, e.blockNumber());
        ps.setString(9, e.replaces() == null ? null : e.replaces().toHex());
        ps.setLong(10, e.createdAt().toEpochMilli());
        ps.setLong(11, e.updatedAt().toEpochMilli());
        if (e.broadcastAt() == null) {
            ps.setNull(12, Types.BIGINT);
        } else {
            ps.setLong(12, e.broadcastAt().toEpochMilli());
        }
    }

    @Override
    public JournalEntry recordReplacement(JournalEntry original, SignedTransaction replacement, String signer) {
        JournalEntry entry = JournalEntry.signed(replacement, original.from(), signer, original.hash(),
                clock.instant());
        return inTransaction("journalling a replacement of " + original.hash(), c -> {
            takeRejectedPlace(c, List.of(entry));
            insert(c, entry);
            return entry;
        });
    }

    /**
     * A payment or replacement asked again unchanged after the node refused it (and its nonce was released) signs to
     * the same bytes (a deterministic signature, RFC 6979): it takes the REJECTED row's place. An idempotency key
     * recorded for the refused row names the same hash, so it now answers with the new row: the same bytes.
     */
    private static void takeRejectedPlace(Connection c, List<JournalEntry> entries) throws SQLException {
        if (entries.isEmpty()) {
            return;
        }
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM brane_tx_journal WHERE hash = ? AND"
                + " state = 'REJECTED'")) {
            for (JournalEntry e : entries) {
                ps.setString(1, e.hash().toHex());
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    @Override
    public Optional<JournalEntry> transition(Hash hash, TxState expected, TxState next, long blockNumber,
            boolean broadcast) {
        long now = clock.millis();
        return inTransaction("updating " + hash, c -> {
            int changed;
            try (PreparedStatement ps = c.prepareStatement("UPDATE brane_tx_journal SET state = ?, block_number = ?,"
                    + " updated_at = ?, broadcast_at = " + (broadcast ? "?" : "broadcast_at")
                    + " WHERE hash = ? AND state = ?")) {
                int i = 1;
                ps.setString(i++, next.name());
                ps.setLong(i++, blockNumber);
                ps.setLong(i++, now);
                if (broadcast) {
                    ps.setLong(i++, now);
                }
                ps.setString(i++, hash.toHex());
                ps.setString(i, expected.name());
                changed = ps.executeUpdate();
            }
            return changed == 1 ? findIn(c, hash) : Optional.<JournalEntry>empty();
        });
    }

    @Override
    public boolean reject(JournalEntry entry, boolean releaseNonce, long nodePendingNonce) {
        if (entry.state() != TxState.SIGNED && entry.state() != TxState.SENT) {
            return false;
        }
        String account = entry.from().toHex();
        return inTransaction("recording the refusal of " + entry.hash(), c -> {
            long next = lockNext(c, entry.chainId(), account);
            try (PreparedStatement ps = c.prepareStatement("UPDATE brane_tx_journal SET state = 'REJECTED',"
                    + " updated_at = ? WHERE hash = ? AND state = ?")) {
                ps.setLong(1, clock.millis());
                ps.setString(2, entry.hash().toHex());
                ps.setString(3, entry.state().name());
                if (ps.executeUpdate() != 1) {
                    return false; // it moved on: whoever moved it owns what happens to its nonce
                }
            }
            if (releaseNonce) {
                if (entry.nonce() < next && !heldByAnother(c, entry, account)) {
                    try (PreparedStatement ps = c.prepareStatement("INSERT INTO brane_tx_released_nonce (chain_id,"
                            + " account, nonce) VALUES (?, ?, ?)")) {
                        ps.setLong(1, entry.chainId());
                        ps.setString(2, account);
                        ps.setLong(3, entry.nonce());
                        ps.executeUpdate();
                    }
                }
            } else {
                raise(c, entry.chainId(), account, next, nodePendingNonce);
            }
            return true;
        });
    }

    /** True if another row of the account at {@code entry}'s nonce may hold it (anything but REJECTED). */
    private static boolean heldByAnother(Connection c, JournalEntry entry, String account) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM brane_tx_journal WHERE chain_id = ? AND"
                + " account = ? AND nonce = ? AND hash <> ? AND state <> 'REJECTED'")) {
            ps.setLong(1, entry.chainId());
            ps.setString(2, account);
            ps.setLong(3, entry.nonce());
            ps.setString(4, entry.hash().toHex());
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    private static void raise(Connection c, long chainId, String account, long next, long nodePendingNonce)
            throws SQLException {
        if (nodePendingNonce > next) {
            setNext(c, chainId, account, nodePendingNonce);
        }
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM brane_tx_released_nonce WHERE chain_id = ? AND"
                + " account = ? AND nonce < ?")) {
            ps.setLong(1, chainId);
            ps.setString(2, account);
            ps.setLong(3, nodePendingNonce);
            ps.executeUpdate();
        }
    }

    @Override
    public void resync(long chainId, Address from, long nodePendingNonce) {
        String account = from.toHex();
        seed(chainId, account, () -> nodePendingNonce);
        inTransaction("resynchronising the nonce of " + account, c -> {
            raise(c, chainId, account, lockNext(c, chainId, account), nodePendingNonce);
            return null;
        });
    }

    @Override
    public void resetTo(long chainId, Address from, long nodeNonce) {
        String account = from.toHex();
        seed(chainId, account, () -> nodeNonce);
        inTransaction("resetting the nonce of " + account, c -> {
            lockNext(c, chainId, account);
            setNext(c, chainId, account, nodeNonce);
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM brane_tx_released_nonce WHERE chain_id = ? AND"
                    + " account = ?")) {
                ps.setLong(1, chainId);
                ps.setString(2, account);
                ps.executeUpdate();
            }
            return null;
        });
    }

    @Override
    public List<JournalEntry> unfinished(long chainId, Address from) {
        return query("reading unfinished transactions", "SELECT " + COLUMNS + " FROM brane_tx_journal WHERE chain_id = ?"
                + " AND account = ? AND state IN " + OPEN_STATES + " ORDER BY nonce, created_at", chainId,
                from.toHex());
    }

    @Override
    public List<JournalEntry> byNonce(long chainId, Address from, long fromNonce, long toNonce) {
        return query("reading transactions by nonce", "SELECT " + COLUMNS + " FROM brane_tx_journal WHERE chain_id = ?"
                + " AND account = ? AND nonce >= ? AND nonce < ? ORDER BY nonce, created_at", chainId, from.toHex(),
                fromNonce, toNonce);
    }

    @Override
    public Optional<JournalEntry> find(Hash hash) {
        return inTransaction("reading " + hash, c -> findIn(c, hash));
    }

    private static Optional<JournalEntry> findIn(Connection c, Hash hash) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM brane_tx_journal WHERE hash = ?")) {
            ps.setString(1, hash.toHex());
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(read(rs)) : Optional.empty();
            }
        }
    }

    private List<JournalEntry> query(String what, String sql, Object... params) {
        return inTransaction(what, c -> {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                for (int i = 0; i < params.length; i++) {
                    ps.setObject(i + 1, params[i]);
                }
                List<JournalEntry> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(read(rs));
                    }
                }
                return out;
            }
        });
    }

    private static JournalEntry read(ResultSet rs) throws SQLException {
        String replaces = rs.getString("replaces");
        long broadcast = rs.getLong("broadcast_at");
        Instant broadcastAt = rs.wasNull() ? null : Instant.ofEpochMilli(broadcast);
        return new JournalEntry(Hash.of(rs.getString("hash")), rs.getLong("chain_id"),
                Address.of(rs.getString("account")), rs.getLong("nonce"), rs.getString("signer"), rs.getBytes("raw"),
                TxState.valueOf(rs.getString("state")), rs.getLong("block_number"),
                replaces == null ? null : Hash.of(replaces), Instant.ofEpochMilli(rs.getLong("created_at")),
                Instant.ofEpochMilli(rs.getLong("updated_at")), broadcastAt);
    }

    @Override
    public long nextNonce(long chainId, Address from) {
        return inTransaction("reading the nonce of " + from, c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT next_nonce FROM brane_tx_nonce WHERE chain_id = ? AND"
                    + " account = ?")) {
                ps.setLong(1, chainId);
                ps.setString(2, from.toHex());
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? rs.getLong(1) : -1L;
                }
            }
        });
    }

    @Override
    public boolean isDurable() {
        return true;
    }

    @Override
    public String toString() {
        return "JdbcTransactionStore";
    }
}
