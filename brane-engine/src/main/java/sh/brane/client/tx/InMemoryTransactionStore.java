package sh.brane.client.tx;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

import sh.brane.core.tx.SignedTransaction;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;

/**
 * The journal and nonces in this JVM's memory. <strong>Not durable and for one instance only</strong>: after a
 * restart nothing is re-broadcast and the nonce is read from the node again, and two processes sending from one
 * account with in-memory stores collide. Use {@link JdbcTransactionStore} for a service that must not lose a
 * transaction or runs more than one instance.
 *
 * <p>Each account has its own lock; it is held while the transaction is signed (a local key: microseconds), never
 * across a network call.
 *
 * <p>Bounded: finished entries (CONFIRMED, FAILED, REPLACED, DROPPED, REJECTED) last updated longer ago than the
 * retention ({@link #DEFAULT_RETENTION} unless given) are removed every {@value #PRUNE_EVERY} new entries and on
 * each {@link #prune} (a tracker calls it). Entries still followed are kept until they finish.
 */
public final class InMemoryTransactionStore implements TransactionStore {
    private record Key(long chainId, Address from) {
    }

    private static final class Account {
        long next = -1;
        final TreeSet<Long> released = new TreeSet<>();
    }

    private record KeyRef(long chainId, Address from, IdempotencyKey key) {
    }

    private final Map<Key, Account> accounts = new ConcurrentHashMap<>();
    /** Idempotency keys and what they were journalled for; written under the account's lock. */
    private final Map<KeyRef, IdempotentEntry> keyed = new ConcurrentHashMap<>();
    private final Map<Hash, JournalEntry> entries = new ConcurrentHashMap<>();
    /** The genesis block hash each chain id's entries were written on (see {@link #bindGenesis}). */
    private final Map<Long, Hash> genesis = new ConcurrentHashMap<>();
    /** Entries not finished, per account: what the lifecycle follows. */
    private final Map<Key, Map<Hash, JournalEntry>> open = new ConcurrentHashMap<>();
    /** How long finished entries stay when no retention is given. */
    public static final Duration DEFAULT_RETENTION = Duration.ofHours(1);
    /** Every this many new entries, finished entries older than the retention are removed. */
    static final int PRUNE_EVERY = 1024;

    private final Clock clock;
    private final Duration retention;
    private final AtomicLong puts = new AtomicLong();

    public InMemoryTransactionStore() {
        this(Clock.systemUTC());
    }

    public InMemoryTransactionStore(Clock clock) {
        this(clock, DEFAULT_RETENTION);
    }

    /** @param retention how long finished entries stay (at least 1 ms) */
    public InMemoryTransactionStore(Clock clock, Duration retention) {
        if (retention == null || retention.toMillis() < 1) {
            throw new IllegalArgumentException("the journal's retention must be at least 1 ms (e.g. PT1H), got "
                    + retention);
        }
        this.clock = clock;
        this.retention = retention;
    }

    private Account account(long chainId, Address from) {
        return accounts.computeIfAbsent(new Key(chainId, from), k -> new Account());
    }

    @Override
    public Optional<JournalEntry> allocateAndRecord(long chainId, Address from, String signer, LongSupplier nodeNonce,
            boolean releasedOnly, NonceSigner sign) {
        Account a = account(chainId, from);
        synchronized (a) {
            if (a.next < 0) {
                a.next = nodeNonce.getAsLong();
            }
            Long released = a.released.isEmpty() ? null : a.released.first();
            if (released == null && releasedOnly) {
                return Optional.empty();
            }
            long nonce = released != null ? released : a.next;
            SignedTransaction signed = sign.sign(nonce); // throws: nothing changed, the nonce stays free
            JournalEntry entry = JournalEntry.signed(signed, from, signer, null, clock.instant());
            takeRejectedPlace(entry);
            put(entry);
            if (released != null) {
                a.released.remove(released);
            } else {
                a.next = nonce + 1;
            }
            return Optional.of(entry);
        }
    }

    /** Under the account's lock, slot by slot: a known key is answered with its entry, a new one recorded. */
    @Override
    public List<Allocation> allocateAndRecordAll(long chainId, Address from, String signer, LongSupplier nodeNonce,
            List<NonceSigner> signs, List<IdempotencyKey> keys) {
        if (keys.size() != signs.size()) {
            throw new IllegalArgumentException(signs.size() + " signers but " + keys.size() + " idempotency keys");
        }
        Account a = account(chainId, from);
        synchronized (a) {
            List<Allocation> out = new ArrayList<>(signs.size());
            for (int i = 0; i < signs.size(); i++) {
                IdempotencyKey key = keys.get(i);
                KeyRef ref = key == null ? null : new KeyRef(chainId, from, key);
                Optional<IdempotentEntry> known = ref == null ? Optional.empty() : current(ref);
                if (known.isPresent()) {
                    out.add(Allocation.replayed(known.get()));
                    continue;
                }
                NonceSigner sign = signs.get(i);
                SignedTransaction[] signed = new SignedTransaction[1];
                try {
                    JournalEntry entry = allocateAndRecord(chainId, from, signer, nodeNonce, false,
                            nonce -> signed[0] = sign.sign(nonce)).orElseThrow();
                    if (ref != null) {
                        keyed.put(ref, new IdempotentEntry(key, IdempotencyKey.fingerprint(signed[0].transaction()),
                                entry));
                    }
                    out.add(Allocation.of(entry));
                } catch (JournalUnavailableException e) {
                    throw e;
                } catch (RuntimeException e) {
                    out.add(Allocation.failed(e));
                }
            }
            return out;
        }
    }

    @Override
    public Optional<IdempotentEntry> findByKey(long chainId, Address from, IdempotencyKey key) {
        return current(new KeyRef(chainId, from, key));
    }

    /** The key's record with its entry as the journal holds it now; empty (and forgotten) once the entry is pruned. */
    private Optional<IdempotentEntry> current(KeyRef ref) {
        IdempotentEntry known = keyed.get(ref);
        if (known == null) {
            return Optional.empty();
        }
        JournalEntry now = entries.get(known.entry().hash());
        if (now == null) {
            keyed.remove(ref, known);
            return Optional.empty();
        }
        return Optional.of(new IdempotentEntry(known.key(), known.fingerprint(), now));
    }

    @Override
    public JournalEntry recordReplacement(JournalEntry original, SignedTransaction replacement, String signer) {
        JournalEntry entry = JournalEntry.signed(replacement, original.from(), signer, original.hash(),
                clock.instant());
        takeRejectedPlace(entry);
        put(entry);
        return entry;
    }

    /**
     * A payment or replacement asked again unchanged after the node refused it (and its nonce was released) signs to
     * the same bytes (a deterministic signature, RFC 6979): it takes the REJECTED entry's place. An idempotency key
     * recorded for the refused entry names the same hash, so it now answers with the new entry: the same bytes.
     */
    private void takeRejectedPlace(JournalEntry entry) {
        entries.computeIfPresent(entry.hash(), (h, e) -> e.state() == TxState.REJECTED ? null : e);
    }

    private void put(JournalEntry entry) {
        if (entries.putIfAbsent(entry.hash(), entry) != null) {
            throw new IllegalStateException("transaction " + entry.hash() + " is already in the journal");
        }
        open.computeIfAbsent(new Key(entry.chainId(), entry.from()), k -> new ConcurrentHashMap<>())
                .put(entry.hash(), entry);
        if (puts.incrementAndGet() % PRUNE_EVERY == 0) {
            prune(clock.instant().minus(retention));
        }
    }

    @Override
    public int prune(Instant finishedBefore) {
        int removed = 0;
        for (JournalEntry e : entries.values()) {
            if (e.state().isFinished() && e.updatedAt().isBefore(finishedBefore)
                    && entries.remove(e.hash(), e)) {
                removed++;
            }
        }
        if (removed > 0) {
            keyed.values().removeIf(k -> !entries.containsKey(k.entry().hash()));
        }
        return removed;
    }

    /** How many entries the store holds (finished ones included until pruned). */
    public int size() {
        return entries.size();
    }

    @Override
    public Optional<JournalEntry> transition(Hash hash, TxState expected, TxState next, long blockNumber,
            boolean broadcast) {
        JournalEntry[] result = new JournalEntry[1];
        entries.computeIfPresent(hash, (h, e) -> {
            if (e.state() != expected) {
                return e;
            }
            result[0] = e.with(next, blockNumber, clock.instant(), broadcast);
            return result[0];
        });
        JournalEntry changed = result[0];
        if (changed == null) {
            return Optional.empty();
        }
        Map<Hash, JournalEntry> accountOpen = open.computeIfAbsent(new Key(changed.chainId(), changed.from()),
                k -> new ConcurrentHashMap<>());
        if (next.isFinished()) {
            accountOpen.remove(hash);
        } else {
            accountOpen.put(hash, changed);
        }
        return Optional.of(changed);
    }

    @Override
    public boolean reject(JournalEntry entry, boolean releaseNonce, long nodePendingNonce) {
        if (entry.state() != TxState.SIGNED && entry.state() != TxState.SENT) {
            return false;
        }
        Account a = account(entry.chainId(), entry.from());
        synchronized (a) {
            if (transition(entry.hash(), entry.state(), TxState.REJECTED, -1, false).isEmpty()) {
                return false; // it moved on: whoever moved it owns what happens to its nonce
            }
            if (releaseNonce) {
                if (entry.nonce() < a.next && !heldByAnother(entry)) {
                    a.released.add(entry.nonce());
                }
            } else {
                raise(a, nodePendingNonce);
            }
            return true;
        }
    }

    /** True if another entry of the account at {@code entry}'s nonce may hold it (anything but REJECTED). */
    private boolean heldByAnother(JournalEntry entry) {
        for (JournalEntry e : entries.values()) {
            if (e.nonce() == entry.nonce() && e.chainId() == entry.chainId() && e.from().equals(entry.from())
                    && !e.hash().equals(entry.hash()) && e.state() != TxState.REJECTED) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void resync(long chainId, Address from, long nodePendingNonce) {
        Account a = account(chainId, from);
        synchronized (a) {
            raise(a, nodePendingNonce);
        }
    }

    private static void raise(Account a, long nodePendingNonce) {
        a.next = Math.max(a.next, nodePendingNonce);
        a.released.headSet(nodePendingNonce).clear();
    }

    @Override
    public void resetTo(long chainId, Address from, long nodeNonce) {
        Account a = account(chainId, from);
        synchronized (a) {
            a.next = nodeNonce;
            a.released.clear();
        }
    }

    @Override
    public List<JournalEntry> unfinished(long chainId, Address from) {
        Map<Hash, JournalEntry> m = open.get(new Key(chainId, from));
        if (m == null) {
            return List.of();
        }
        List<JournalEntry> out = new ArrayList<>(m.values());
        out.sort(Comparator.comparingLong(JournalEntry::nonce).thenComparing(JournalEntry::createdAt));
        return out;
    }

    @Override
    public List<JournalEntry> byNonce(long chainId, Address from, long fromNonce, long toNonce) {
        List<JournalEntry> out = new ArrayList<>();
        for (JournalEntry e : entries.values()) {
            if (e.chainId() == chainId && e.from().equals(from) && e.nonce() >= fromNonce && e.nonce() < toNonce) {
                out.add(e);
            }
        }
        out.sort(Comparator.comparingLong(JournalEntry::nonce).thenComparing(JournalEntry::createdAt));
        return out;
    }

    @Override
    public Optional<JournalEntry> find(Hash hash) {
        return Optional.ofNullable(entries.get(hash));
    }

    @Override
    public long nextNonce(long chainId, Address from) {
        Account a = accounts.get(new Key(chainId, from));
        if (a == null) {
            return -1;
        }
        synchronized (a) {
            return a.next;
        }
    }

    @Override
    public Hash bindGenesis(long chainId, Hash genesisHash) {
        Hash bound = genesis.putIfAbsent(chainId, java.util.Objects.requireNonNull(genesisHash, "genesis hash"));
        return bound == null ? genesisHash : bound;
    }

    @Override
    public Optional<Hash> boundGenesis(long chainId) {
        return Optional.ofNullable(genesis.get(chainId));
    }

    @Override
    public boolean isDurable() {
        return false;
    }

    @Override
    public String toString() {
        return "InMemoryTransactionStore[" + entries.size() + " entries, not durable]";
    }
}
