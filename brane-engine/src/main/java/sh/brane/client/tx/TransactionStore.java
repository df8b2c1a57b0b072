package sh.brane.client.tx;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;

import sh.brane.core.tx.SignedTransaction;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;

/**
 * Nonces and the transaction journal behind one interface, so that allocating a nonce and journalling the
 * transaction signed with it are one atomic step.
 *
 * <p>Nonce protocol: an account's next nonce is seeded once from the node's pending count. An allocation
 * first takes the smallest <em>released</em> nonce of the account, else the next one; it calls the
 * {@link NonceSigner} and writes the SIGNED journal row in the same atomic step: when signing or the write fails
 * the allocation is undone, so no nonce is lost. A nonce is released again only when a node refused its
 * transaction with an answer that proves the bytes never entered a pool
 * ({@link TransactionRefusedException.Refusal#provesNotPooled()}) and no other journal entry holds the nonce. No lock is held across a network call: a remote signer's latency is the only wait inside an
 * allocation.
 *
 * <p>Implementations throw {@link JournalUnavailableException} when their storage fails.
 */
public interface TransactionStore {

    /**
     * Allocates the account's next nonce, signs with it and journals the result as {@link TxState#SIGNED}, all
     * or nothing.
     *
     * @param nodeNonce    reads the node's pending transaction count; called only when the store has never seen
     *                     the account on this chain
     * @param releasedOnly when true only a released nonce is taken (to fill a gap); none: empty result, nothing
     *                     signed
     */
    Optional<JournalEntry> allocateAndRecord(long chainId, Address from, String signer, LongSupplier nodeNonce,
            boolean releasedOnly, NonceSigner sign);

    /**
     * Group commit: allocates consecutive nonces for several transactions of one account, signs each and journals
     * them all as {@link TxState#SIGNED} in one atomic step (one database transaction for JDBC). Each slot fails or
     * succeeds on its own: a signer that throws (a ceiling, another chain) leaves its nonce free for the next slot,
     * and the others are still journalled. When the storage fails, every slot fails with
     * {@link JournalUnavailableException} and nothing is journalled.
     *
     * <p>This default allocates them one by one; stores override it to write them in one transaction.
     *
     * @return one {@link Allocation} per signer, in order
     */
    default List<Allocation> allocateAndRecordAll(long chainId, Address from, String signer, LongSupplier nodeNonce,
            List<NonceSigner> signs) {
        List<Allocation> out = new ArrayList<>(signs.size());
        for (NonceSigner sign : signs) {
            try {
                out.add(Allocation.of(allocateAndRecord(chainId, from, signer, nodeNonce, false, sign).orElseThrow()));
            } catch (JournalUnavailableException e) {
                throw e;
            } catch (RuntimeException e) {
                out.add(Allocation.failed(e));
            }
        }
        return out;
    }

    /**
     * As {@link #allocateAndRecordAll(long, Address, String, LongSupplier, List)}, with an idempotency key per slot
     * (null for none). In the same atomic step, under the account's allocation lock: a slot whose key is journalled
     * already (by this or another instance, or by an earlier slot of the group) is answered with
     * {@link Allocation#replayed(IdempotentEntry)}, nothing signed and no nonce taken; a new key is recorded with
     * the slot's SIGNED row, bound to it by a unique constraint on (chain id, account, key).
     *
     * <p>This default supports groups without keys only; both stores of this package override it.
     *
     * @param keys one per signer, in order, each null or a key
     */
    default List<Allocation> allocateAndRecordAll(long chainId, Address from, String signer, LongSupplier nodeNonce,
            List<NonceSigner> signs, List<IdempotencyKey> keys) {
        for (IdempotencyKey key : keys) {
            if (key != null) {
                throw new UnsupportedOperationException(getClass().getName() + " does not record idempotency keys;"
                        + " use JdbcTransactionStore or InMemoryTransactionStore, or send without a key");
            }
        }
        return allocateAndRecordAll(chainId, from, signer, nodeNonce, signs);
    }

    /**
     * The entry journalled under {@code key} for the account on the chain, with its payment's fingerprint; empty if
     * the key was never used or its entry was pruned (a key lives as long as its entry: see {@link #prune}).
     */
    default Optional<IdempotentEntry> findByKey(long chainId, Address from, IdempotencyKey key) {
        throw new UnsupportedOperationException(getClass().getName() + " does not record idempotency keys");
    }

    /**
     * Records that the node accepted {@code signed} (each still {@link TxState#SIGNED}): they become
     * {@link TxState#SENT} with their broadcast time, in one step. Entries another instance moved already are left
     * out of the result (their change was reported there).
     *
     * @return the entries that changed, after the change
     */
    default List<JournalEntry> markSent(List<JournalEntry> signed) {
        List<JournalEntry> out = new ArrayList<>(signed.size());
        for (JournalEntry e : signed) {
            transition(e.hash(), TxState.SIGNED, TxState.SENT, -1, true).ifPresent(out::add);
        }
        return out;
    }

    /**
     * Removes {@link TxState#isFinished() finished} entries last updated before {@code finishedBefore}: the
     * journal's retention. Unfinished entries and nonce counters are never removed. The idempotency keys of the
     * removed entries go with them: a key is answered for as long as the journal keeps its entry.
     *
     * @return how many entries were removed
     */
    int prune(Instant finishedBefore);

    /** Journals a replacement (speed-up, cancel) of {@code original}, at the same nonce, as SIGNED. */
    JournalEntry recordReplacement(JournalEntry original, SignedTransaction replacement, String signer);

    /**
     * Moves {@code hash} from {@code expected} to {@code next} if it is still in {@code expected}: several
     * instances follow the same journal, and only the one whose change wins reports it.
     *
     * @param blockNumber the inclusion block, or -1
     * @param broadcast   true if the bytes were just handed to a node (updates {@link JournalEntry#broadcastAt()})
     * @return the entry after the change, or empty if it was not in {@code expected}
     */
    Optional<JournalEntry> transition(Hash hash, TxState expected, TxState next, long blockNumber, boolean broadcast);

    /**
     * Records a node's refusal of {@code entry}: a compare-and-set from the state {@code entry} was read in, which
     * must be SIGNED or SENT, to REJECTED. An entry that has moved on since (another instance, the tracker) is left
     * as it is and nothing else changes.
     *
     * <p>When it became REJECTED: with {@code releaseNonce} its nonce is released for the next allocation, but only
     * if no other entry of the account at that nonce is anything but REJECTED (a replacement and its original share
     * a nonce: the one still pending holds it); without, the account's counter moves to at least
     * {@code nodePendingNonce} (-1: unknown, unchanged).
     *
     * @param releaseNonce true only when the refusal proves these bytes never entered any pool
     * @return true if the entry became REJECTED
     */
    boolean reject(JournalEntry entry, boolean releaseNonce, long nodePendingNonce);

    /**
     * Moves the account's next nonce to at least {@code nodePendingNonce} and forgets released nonces below it
     * (the chain used them).
     */
    void resync(long chainId, Address from, long nodePendingNonce);

    /**
     * Sets the account's next nonce to exactly {@code nodeNonce} and forgets every released nonce: for a chain
     * that forgot transactions the journal cannot restore.
     */
    void resetTo(long chainId, Address from, long nodeNonce);

    /** The account's entries that are not {@link TxState#isFinished() finished}, by nonce. */
    List<JournalEntry> unfinished(long chainId, Address from);

    /** The account's entries with {@code fromNonce <= nonce < toNonce}, by nonce. */
    List<JournalEntry> byNonce(long chainId, Address from, long fromNonce, long toNonce);

    Optional<JournalEntry> find(Hash hash);

    /** The nonce the next allocation would take when no nonce is released, or -1 if the account is unknown. */
    long nextNonce(long chainId, Address from);

    /**
     * Binds the journal's rows of {@code chainId} to the chain whose genesis block hash is {@code genesis}, if they
     * are bound to none yet, and returns the genesis they are bound to: {@code genesis} the first time, the first
     * one ever bound afterwards. Atomic across every instance sharing the store: the first binding wins.
     */
    Hash bindGenesis(long chainId, Hash genesis);

    /** The genesis block hash the journal's rows of {@code chainId} are bound to; empty before a sender first ran. */
    Optional<Hash> boundGenesis(long chainId);

    /** True if entries survive a restart of this process. */
    boolean isDurable();

    /**
     * One slot of {@link #allocateAndRecordAll}: the journalled entry, or why nothing was journalled for it.
     *
     * @param replayed set when the slot's idempotency key was journalled before: {@code entry} is that key's entry
     *                 (nothing new signed or journalled), and the caller must check the slot's payment against
     *                 {@link IdempotentEntry#fingerprint()}
     */
    record Allocation(JournalEntry entry, RuntimeException failure, IdempotentEntry replayed) {
        public Allocation(JournalEntry entry, RuntimeException failure) {
            this(entry, failure, null);
        }

        public static Allocation of(JournalEntry entry) {
            return new Allocation(java.util.Objects.requireNonNull(entry, "entry"), null);
        }

        public static Allocation failed(RuntimeException failure) {
            return new Allocation(null, java.util.Objects.requireNonNull(failure, "failure"));
        }

        /** The slot's key was journalled before, under {@code existing}. */
        public static Allocation replayed(IdempotentEntry existing) {
            return new Allocation(existing.entry(), null, existing);
        }
    }
}
