package sh.brane.client.tx;

import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongFunction;
import java.util.function.LongSupplier;


import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.SubmissionUnknownException;
import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.tx.SignedTransaction;
import sh.brane.core.tx.Transaction;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.BraneRpcException;
import sh.brane.rpc.RpcErrorException;
import sh.brane.signer.Signer;

/**
 * The money path for one signer on one chain: guards, nonce allocation with the journal, broadcast, replacement.
 * <pre>
 * send(build) → nonce allocated, transaction built, chain id and ceilings checked, signed, journalled SIGNED
 *               (one atomic step in the store) → eth_sendRawTransaction (no lock held) → SENT
 * </pre>
 * A {@link TransactionTracker} follows the journal afterwards (inclusion, confirmations, replacement, lost
 * transactions, restarts). Thread-safe: many threads send at once and many transactions are in flight per account.
 *
 * <p>Longer than 400 lines on purpose: every step a signed transaction goes through (guards, allocation, broadcast,
 * refusal handling, replacement, events) is here, so the order of the steps and what each one guarantees read in
 * one place. The grouping of concurrent sends and the broadcast window are in {@link GroupSend}.
 */
public final class TransactionSender {
    private static final Logger LOG = LoggerFactory.getLogger(TransactionSender.class);
    /** Default fee bump of a replacement, in percent: Geth and Anvil require at least 10 on both fee fields. */
    public static final int DEFAULT_REPLACEMENT_BUMP_PERCENT = 10;
    /**
     * Default broadcast window: 1, each transaction of the account is handed to the node after the node answered
     * the one before, which every node admits in order (one round trip per transaction). See
     * {@link #TransactionSender(BraneClient, Signer, ChainIdGuard, SendLimits, TransactionStore, int, int)}.
     */
    public static final int DEFAULT_BROADCAST_WINDOW = 1;
    /** The largest broadcast window accepted. */
    public static final int MAX_BROADCAST_WINDOW = 1_024;

    private final BraneClient client;
    private final Signer signer;
    private final ChainIdGuard chain;
    private final SendLimits limits;
    private final TransactionStore store;
    private final int bumpPercent;
    private final List<TransactionListener> listeners = new CopyOnWriteArrayList<>();
    private final GroupSend group;
    /** Whether the node is the chain the journal belongs to: asked before signing and before every re-send. */
    private final ChainIdentity identity;

    public TransactionSender(BraneClient client, Signer signer, ChainIdGuard chain, SendLimits limits,
            TransactionStore store) {
        this(client, signer, chain, limits, store, DEFAULT_REPLACEMENT_BUMP_PERCENT);
    }

    /** @param bumpPercent how much a speed-up or cancel raises both fee fields, in percent (10..1000) */
    public TransactionSender(BraneClient client, Signer signer, ChainIdGuard chain, SendLimits limits,
            TransactionStore store, int bumpPercent) {
        this(client, signer, chain, limits, store, bumpPercent, DEFAULT_BROADCAST_WINDOW);
    }

    /**
     * @param bumpPercent     how much a speed-up or cancel raises both fee fields, in percent (10..1000)
     * @param broadcastWindow how many of the account's journalled transactions may be on their way to the node at
     *                        once (1..{@value #MAX_BROADCAST_WINDOW}). They are always handed to the transport in
     *                        nonce order. 1 waits for the node's answer before sending the next: one round trip
     *                        per transaction, and safe on every node. More overlaps the round trips, so a node
     *                        may receive a nonce before the one below it: use it only with nodes that queue such a
     *                        transaction until the gap is filled (Geth, Reth, Nethermind, Erigon, Anvil without
     *                        auto-mining). Anvil in its default auto-mining mode can leave such a transaction queued
     *                        forever.
     */
    public TransactionSender(BraneClient client, Signer signer, ChainIdGuard chain, SendLimits limits,
            TransactionStore store, int bumpPercent, int broadcastWindow) {
        this.client = Objects.requireNonNull(client, "client");
        this.signer = Objects.requireNonNull(signer, "signer");
        this.chain = Objects.requireNonNull(chain, "chain id guard (pin the chain id)");
        this.limits = Objects.requireNonNull(limits, "send limits (use SendLimits.NONE for none)");
        this.store = Objects.requireNonNull(store, "transaction store");
        if (bumpPercent < 10 || bumpPercent > 1000) {
            throw new IllegalArgumentException("the replacement fee bump must be 10..1000 percent (nodes refuse less "
                    + "than 10), got " + bumpPercent);
        }
        this.bumpPercent = bumpPercent;
        if (broadcastWindow < 1 || broadcastWindow > MAX_BROADCAST_WINDOW) {
            throw new IllegalArgumentException("the broadcast window must be 1.." + MAX_BROADCAST_WINDOW
                    + " transactions (1 waits for each answer), got " + broadcastWindow);
        }
        this.group = new GroupSend(this, broadcastWindow);
        this.identity = new ChainIdentity(client, chain, store, ChainIdentity.DEFAULT_MAX_AGE, System::nanoTime);
    }

    /** How many of the account's transactions may be on their way to the node at once (1: one at a time). */
    public int broadcastWindow() {
        return group.window();
    }

    public Address address() {
        return signer.address();
    }

    public long chainId() {
        return chain.chainId();
    }

    public Signer signer() {
        return signer;
    }

    public TransactionStore store() {
        return store;
    }

    public BraneClient client() {
        return client;
    }

    public SendLimits limits() {
        return limits;
    }

    public void addListener(TransactionListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    public void removeListener(TransactionListener listener) {
        listeners.remove(listener);
    }

    /** Checks the client's node (a fresh {@code eth_chainId}) against the pinned chain id. */
    public void verifyChainId() {
        verifyChainId(client.provider());
    }

    /**
     * Checks an endpoint against the pinned chain id: call it when an endpoint (re)joins the rotation.
     *
     * @throws ChainIdMismatchException if the endpoint is on another chain
     */
    public void verifyChainId(BraneProvider endpoint) {
        chain.verifyEndpoint(() -> {
            String hex = endpoint.send("eth_chainId", List.of()).asString();
            return Long.parseLong(hex.startsWith("0x") ? hex.substring(2) : hex, 16);
        });
    }

    /**
     * Asks the node now whether it is the journal's chain: its {@code eth_chainId} against the pinned one, and its
     * genesis block against the one the journal's rows of the pinned chain id were bound to (bound the first time).
     * A journal written on a devnet that was since reset, or on another network that reuses the chain id, must not
     * hand out its nonces or re-send its transactions there. The tracker asks before every pass that may re-send;
     * signing asks as {@link ChainIdentity#ensureVerified()} says.
     *
     * @throws ChainIdMismatchException      if the node reports another chain id (nothing signed or sent)
     * @throws JournalChainMismatchException if the journal was written on another chain (nothing signed or sent)
     */
    public void verifyGenesis() {
        identity.verify();
    }

    /** Whether the node is the journal's chain: the last verdict, for health checks. */
    public ChainIdentity chainIdentity() {
        return identity;
    }

    // ------------------------------------------------------------------ sending

    /**
     * Allocates a nonce, builds the transaction for it with {@code build}, checks chain id and ceilings, signs,
     * journals and broadcasts it.
     *
     * @param build returns the transaction for the nonce it is given; called once, inside the allocation
     * @return the journal entry, SENT (or SIGNED if the journal could not record the broadcast)
     * @throws CeilingExceededException   over a ceiling (nothing signed, the nonce stays free)
     * @throws ChainIdMismatchException   built for another chain (nothing signed)
     * @throws JournalUnavailableException the journal failed (nothing broadcast)
     * @throws TransactionRefusedException the node refused it (the nonce handled as {@link TransactionRefusedException.Refusal} says)
     * @throws SubmissionUnknownException no answer from the node, or one no node client gives (it may have been
     *                                    pooled); the entry stays SIGNED and the tracker re-broadcasts the same bytes
     */
    public JournalEntry send(LongFunction<Transaction> build) {
        Objects.requireNonNull(build, "build");
        return group.send(build);
    }

    /**
     * As {@link #send(LongFunction)}, journalling at most one transaction under {@code key} for this account and
     * chain: a key journalled before (by this or any instance sharing the journal, before or after a restart) is
     * answered with its journal entry as the journal holds it now (any state, REJECTED and FAILED included; a new
     * attempt needs a new key), and nothing is signed or broadcast again: the tracker follows and re-sends it.
     * Two concurrent sends of one key yield one transaction: the key is read and recorded under the account's
     * allocation lock, in the same atomic step as the SIGNED row, and the journal refuses a second row per key.
     *
     * <p>{@code build} is called with the journalled entry's nonce to check that the request is the same payment
     * (recipient, value, call data; fees and gas limit may differ between retries).
     *
     * @throws IdempotencyKeyConflictException the key was used for another payment (nothing signed)
     * @see #send(LongFunction) for the other outcomes
     */
    public JournalEntry send(IdempotencyKey key, LongFunction<Transaction> build) {
        Objects.requireNonNull(key, "idempotency key");
        Objects.requireNonNull(build, "build");
        // the common retry answers without the allocation lock; a key first seen here is checked again under it
        java.util.Optional<IdempotentEntry> known = findByKey(key);
        if (known.isPresent()) {
            return replayed(key, known.get(), build);
        }
        return group.send(build, key);
    }

    /** The entry journalled under {@code key} for this account and chain, if the journal holds it. */
    public java.util.Optional<IdempotentEntry> findByKey(IdempotencyKey key) {
        return store.findByKey(chain.chainId(), signer.address(), Objects.requireNonNull(key, "idempotency key"));
    }

    /** The entry of a key sent before, once {@code build} is shown to make the same payment. */
    JournalEntry replayed(IdempotencyKey key, IdempotentEntry known, LongFunction<Transaction> build) {
        JournalEntry entry = known.entry();
        if (!IdempotencyKey.fingerprint(build.apply(entry.nonce())).equals(known.fingerprint())) {
            throw new IdempotencyKeyConflictException(key, entry.hash());
        }
        LOG.debug("idempotency key '{}' answered with journalled transaction {} ({})", key, entry.hash(),
                entry.state());
        return entry;
    }

    /** The store's step for a group of concurrent sends (see {@link GroupSend}): one allocation, one commit. */
    List<TransactionStore.Allocation> signAll(List<GroupSend.Request> batch) {
        identity.ensureVerified();
        Address from = signer.address();
        List<NonceSigner> signs = new ArrayList<>(batch.size());
        List<IdempotencyKey> keys = new ArrayList<>(batch.size());
        boolean keyed = false;
        for (GroupSend.Request r : batch) {
            signs.add(nonce -> buildAndSign(r.build, nonce));
            keys.add(r.key);
            keyed |= r.key != null;
        }
        LongSupplier nodeNonce = () -> client.getTransactionCount(from, BlockTag.PENDING);
        return keyed ? store.allocateAndRecordAll(chain.chainId(), from, signer.name(), nodeNonce, signs, keys)
                : store.allocateAndRecordAll(chain.chainId(), from, signer.name(), nodeNonce, signs);
    }

    /** Allocation, signing and journalling without the broadcast (the tracker broadcasts SIGNED entries). */
    java.util.Optional<JournalEntry> sign(LongFunction<Transaction> build, boolean releasedOnly) {
        identity.ensureVerified();
        Address from = signer.address();
        return store.allocateAndRecord(chain.chainId(), from, signer.name(),
                () -> client.getTransactionCount(from, BlockTag.PENDING), releasedOnly,
                nonce -> buildAndSign(build, nonce));
    }

    private SignedTransaction buildAndSign(LongFunction<Transaction> build, long nonce) {
        Transaction tx = build.apply(nonce);
        if (tx.nonce() != nonce) {
            throw new IllegalArgumentException("the transaction was built with nonce " + tx.nonce()
                    + " but nonce " + nonce + " was allocated; build it with the nonce given");
        }
        return guardedSign(tx);
    }

    /** The guards, then the signature: nothing over a ceiling or for another chain is ever signed. */
    private SignedTransaction guardedSign(Transaction tx) {
        chain.checkSigning(tx);
        limits.check(tx);
        return signer.signTransaction(tx);
    }

    /** Hands a SIGNED entry's bytes to the node and records SENT. */
    JournalEntry broadcast(JournalEntry entry) {
        return settle(entry, tryPush(entry));
    }

    /** eth_sendRawTransaction of the journalled bytes; "already known" counts as accepted; a refusal is thrown. */
    void push(JournalEntry entry) {
        RuntimeException failure = tryPush(entry);
        if (failure != null) {
            throw failure;
        }
    }

    /**
     * Hands a SIGNED entry's bytes to the node without waiting for the answer; the future completes with null or
     * with the node's failure (an "already known" answer counts as accepted), and never fails itself.
     */
    java.util.concurrent.CompletableFuture<RuntimeException> pushAsync(JournalEntry entry) {
        java.util.concurrent.CompletableFuture<Hash> answer;
        try {
            answer = client.async().sendRawTransaction(entry.raw());
        } catch (RuntimeException e) {
            return java.util.concurrent.CompletableFuture.completedFuture(e);
        }
        return answer.handle((hash, failure) -> {
            if (failure == null) {
                if (!hash.equals(entry.hash())) {
                    LOG.warn("the node answered hash {} for journalled transaction {}", hash, entry.hash());
                }
                return null;
            }
            Throwable cause = failure instanceof java.util.concurrent.CompletionException && failure.getCause() != null
                    ? failure.getCause() : failure;
            if (cause instanceof RpcErrorException e && TransactionRefusedException.isAlreadyKnown(e.rpcMessage())) {
                return null;
            }
            return cause instanceof RuntimeException re ? re
                    : new java.util.concurrent.CompletionException(cause);
        });
    }

    /** After the node's answer to {@code entry} ({@code failure} null when accepted): records SENT or the refusal. */
    JournalEntry settle(JournalEntry entry, RuntimeException failure) {
        if (failure instanceof RpcErrorException e) {
            throw refused(entry, e);
        }
        if (failure instanceof BraneRpcException e) {
            // no answer (lost connection, timeout), or one that is no node's (a proxy's 502 or 429, a garbled body):
            // the node may have pooled it. The entry stays SIGNED with its nonce; the tracker looks it up and
            // re-sends the same bytes, and the caller is told not to pay again before looking it up
            identity.connectionTrouble(); // the node may come back as another chain
            throw new SubmissionUnknownException(entry.hash(), entry.nonce(), e);
        }
        if (failure != null) {
            throw failure;
        }
        try {
            return transition(entry, TxState.SENT, -1, 0, true, "accepted by the node").orElse(entry);
        } catch (JournalUnavailableException e) {
            // the transaction is out and its row exists (SIGNED): the tracker records SENT once the journal is back
            LOG.warn("transaction {} was broadcast but the journal could not record it as SENT: {}", entry.hash(),
                    e.getMessage());
            return entry;
        }
    }

    /**
     * eth_sendRawTransaction of the journalled bytes, waiting for the answer; "already known" counts as accepted.
     *
     * @return null when the node accepted it, else the failure (not thrown: {@link #settle} types it)
     */
    RuntimeException tryPush(JournalEntry entry) {
        try {
            Hash answered = client.sendRawTransaction(entry.raw());
            if (!answered.equals(entry.hash())) {
                LOG.warn("the node answered hash {} for journalled transaction {}", answered, entry.hash());
            }
            return null;
        } catch (RpcErrorException e) {
            return TransactionRefusedException.isAlreadyKnown(e.rpcMessage()) ? null : e;
        } catch (RuntimeException e) {
            return e;
        }
    }

    /**
     * Records that the node accepted {@code accepted} (SIGNED entries): SENT in one step of the store, reported to
     * the listeners. If the journal is down, they stay SIGNED (they are out; the tracker records SENT later).
     *
     * @return the entries that changed, by hash
     */
    java.util.Map<Hash, JournalEntry> recordSent(List<JournalEntry> accepted) {
        if (accepted.isEmpty()) {
            return java.util.Map.of();
        }
        List<JournalEntry> changed;
        try {
            changed = store.markSent(accepted);
        } catch (JournalUnavailableException e) {
            LOG.warn("{} transactions were broadcast but the journal could not record them as SENT: {}",
                    accepted.size(), e.getMessage());
            return java.util.Map.of();
        }
        java.util.Map<Hash, JournalEntry> out = new java.util.HashMap<>();
        for (JournalEntry after : changed) {
            out.put(after.hash(), after);
            fire(new TransactionStateChange(after, TxState.SIGNED, 0, "accepted by the node"));
        }
        return out;
    }

    /**
     * Records a refusal in the journal and the nonce counter; returns the typed error to throw.
     * <ul>
     * <li>An answer no client's text explains ({@link TransactionRefusedException.Refusal#OTHER}) may come after the
     * node pooled the bytes (a proxy's error): the entry stays SIGNED with its nonce and the caller gets
     * {@link SubmissionUnknownException}.</li>
     * <li>Otherwise the entry becomes REJECTED (if it has not moved on). Its nonce is released only when the answer
     * proves the bytes never entered a pool, they were never handed to a node before, and no other entry holds the
     * nonce (the store checks that: a refused speed-up or cancel leaves the nonce with its original, still
     * pending). When the nonce is taken, the counter follows the node's pending count.</li>
     * <li>An entry that moved on meanwhile (the tracker or another instance found it at the node) is not
     * overwritten, and the caller gets {@link SubmissionUnknownException}: the journal knows more than this answer.</li>
     * </ul>
     */
    RuntimeException refused(JournalEntry entry, RpcErrorException e) {
        TransactionRefusedException.Refusal refusal = TransactionRefusedException.classify(e.rpcMessage());
        if (refusal.mayBePooled()) {
            LOG.warn("the node answered transaction {} from {} nonce {} with an unrecognised error; it stays SIGNED "
                    + "with its nonce and the tracker looks it up: {}", entry.hash(), entry.from(), entry.nonce(),
                    e.rpcMessage());
            return new SubmissionUnknownException(entry.hash(), entry.nonce(), e);
        }
        long pending = -1;
        if (refusal.nonceTaken()) {
            try {
                pending = client.getTransactionCount(entry.from(), BlockTag.PENDING);
            } catch (RuntimeException readFailure) {
                LOG.warn("could not read the pending nonce of {} after a refusal: {}", entry.from(),
                        readFailure.getMessage());
            }
        }
        boolean release = refusal.provesNotPooled() && entry.broadcastAt() == null;
        boolean rejected = store.reject(entry, release, pending);
        if (!rejected) {
            LOG.warn("the node refused transaction {} from {} nonce {} ({}), but its journal entry has moved on; it is "
                    + "left as it is: {}", entry.hash(), entry.from(), entry.nonce(), refusal, e.rpcMessage());
            return new SubmissionUnknownException(entry.hash(), entry.nonce(), e);
        }
        if (pending >= 0) {
            fireResync(entry.from(), store.nextNonce(chain.chainId(), entry.from()), "the node refused nonce "
                    + entry.nonce() + " as " + refusal);
        }
        store.find(entry.hash()).ifPresent(after -> fire(new TransactionStateChange(after, entry.state(), 0,
                "refused by the node: " + refusal)));
        LOG.warn("the node refused transaction {} from {} nonce {} ({}): {}", entry.hash(), entry.from(),
                entry.nonce(), refusal, e.rpcMessage());
        return new TransactionRefusedException(e, refusal, entry.hash(), entry.nonce());
    }

    // ------------------------------------------------------------------ replacement

    /**
     * Replaces a stuck transaction by the same one with both fee fields raised by the configured bump (at least the
     * nodes' minimum for its type: 100% for a blob transaction, which keeps its blobs and doubles its blob fee too).
     *
     * @throws CeilingExceededException   if the bumped fees are over a ceiling (nothing signed)
     * @throws TransactionRefusedException if the node refused the replacement: the replacement alone is REJECTED, the
     *                                     original stays as it was and keeps its nonce
     */
    public JournalEntry speedUp(Hash hash) {
        return replace(hash, false);
    }

    /** Replaces a stuck transaction by a 0-value transfer to itself with bumped fees, so the nonce does nothing. */
    public JournalEntry cancel(Hash hash) {
        return replace(hash, true);
    }

    private JournalEntry replace(Hash hash, boolean cancel) {
        JournalEntry original = replaceable(hash);
        Transaction tx = original.decode().transaction();
        // never below the nodes' minimum for the type: 100% for a blob transaction whatever the configured bump
        return replace(original, ReplacementFees.of(tx).bumped(Math.max(bumpPercent,
                ReplacementFees.minimumBumpPercent(tx))), cancel);
    }

    /**
     * Replaces an unfinished transaction at its nonce with the fees given: the same transaction (a speed-up), or a
     * 0-value transfer to itself ({@code cancel}). The fees must beat the original's by the nodes' minimum
     * replacement bump ({@link ReplacementFees#minimumBumpPercent}), else a node would refuse the replacement.
     *
     * @throws IllegalArgumentException if {@code fees} is below that bump, or the transaction is not this sender's
     * @throws CeilingExceededException if {@code fees} is over a ceiling (nothing signed)
     */
    public JournalEntry replace(Hash hash, ReplacementFees fees, boolean cancel) {
        java.util.Objects.requireNonNull(fees, "fees");
        JournalEntry original = replaceable(hash);
        Transaction tx = original.decode().transaction();
        int minimum = ReplacementFees.minimumBumpPercent(tx);
        ReplacementFees least = ReplacementFees.of(tx).bumped(minimum);
        if (!fees.covers(least)) {
            throw new IllegalArgumentException("replacement fees " + fees + " for transaction " + hash + " are below"
                    + " the " + minimum + "% raise nodes require; use at least " + least);
        }
        return replace(original, fees, cancel);
    }

    private JournalEntry replaceable(Hash hash) {
        identity.ensureVerified();
        JournalEntry original = store.find(hash).orElseThrow(() -> new IllegalArgumentException("transaction " + hash
                + " is not in the journal; only journalled transactions can be replaced"));
        if (original.state().isFinished()) {
            throw new IllegalStateException("transaction " + hash + " is " + original.state()
                    + "; only an unfinished transaction can be replaced");
        }
        if (!original.from().equals(signer.address())) {
            throw new IllegalArgumentException("transaction " + hash + " is from " + original.from()
                    + ", this sender signs for " + signer.address());
        }
        return original;
    }

    private JournalEntry replace(JournalEntry original, ReplacementFees fees, boolean cancel) {
        Transaction tx = original.decode().transaction();
        Transaction replacement = Replacements.withFees(tx, fees, signer.address(), cancel);
        SignedTransaction signed = guardedSign(replacement);
        JournalEntry entry = store.recordReplacement(original, signed, signer.name());
        LOG.info("{} transaction {} (nonce {}) with {}", cancel ? "cancelling" : "speeding up", original.hash(),
                original.nonce(), entry.hash());
        return broadcast(entry);
    }

    /**
     * Signs and sends a 0-value transfer to itself at the account's smallest released nonce, if it has one: the
     * tracker uses it when a refused transaction left a hole that later transactions wait behind.
     */
    java.util.Optional<JournalEntry> fillReleasedNonce() {
        BigInteger tip = client.maxPriorityFeePerGas();
        BigInteger maxFee = client.gasPrice().shiftLeft(1).add(tip);
        Address self = signer.address();
        return sign(nonce -> Eip1559Transaction.builder().chainId(chain.chainId()).nonce(nonce).to(self).value(0)
                .gasLimit(21_000).maxPriorityFeePerGas(tip).maxFeePerGas(maxFee).build(), true).map(this::broadcast);
    }

    // ------------------------------------------------------------------ events

    java.util.Optional<JournalEntry> transition(JournalEntry entry, TxState next, long block, long confirmations,
            boolean broadcast, String reason) {
        java.util.Optional<JournalEntry> changed = store.transition(entry.hash(), entry.state(), next, block,
                broadcast);
        changed.ifPresent(after -> fire(new TransactionStateChange(after, entry.state(), confirmations, reason)));
        return changed;
    }

    void fire(TransactionStateChange change) {
        for (TransactionListener l : listeners) {
            try {
                l.onStateChange(change);
            } catch (RuntimeException e) {
                LOG.warn("transaction listener {} failed on {}: {}", l, change.entry().hash(), e.toString());
            }
        }
    }

    void fireResync(Address account, long next, String reason) {
        for (TransactionListener l : listeners) {
            try {
                l.onNonceResync(chain.chainId(), account, next, reason);
            } catch (RuntimeException e) {
                LOG.warn("transaction listener {} failed on a nonce resync: {}", l, e.toString());
            }
        }
    }

    /** Calls every listener with {@code call}; a listener that throws is logged and skipped. */
    void fireEach(java.util.function.Consumer<TransactionListener> call, String what) {
        for (TransactionListener l : listeners) {
            try {
                call.accept(l);
            } catch (RuntimeException e) {
                LOG.warn("transaction listener {} failed on {}: {}", l, what, e.toString());
            }
        }
    }

    /**
     * A watcher for this sender's account, not yet started, that replaces pending transactions whose fees fell
     * below the market, as {@code policy} says.
     */
    public StuckTransactionWatcher stuckWatcher(StuckTransactionPolicy policy) {
        return new StuckTransactionWatcher(this, policy);
    }

    void fireStranded(JournalEntry entry, String reason) {
        for (TransactionListener l : listeners) {
            try {
                l.onStranded(entry, reason);
            } catch (RuntimeException e) {
                LOG.warn("transaction listener {} failed on stranded {}: {}", l, entry.hash(), e.toString());
            }
        }
    }

    /** A tracker for this sender's account, not yet started, that keeps finished entries (no pruning). */
    public TransactionTracker tracker(int confirmations, Duration pollInterval, Duration resendAfter) {
        return new TransactionTracker(this, confirmations, pollInterval, resendAfter, null);
    }

    /**
     * A tracker for this sender's account, not yet started, that also removes finished entries (CONFIRMED, FAILED,
     * REPLACED, DROPPED, REJECTED) last updated longer than {@code retention} ago from the store.
     *
     * @param retention how long finished entries stay, or null to keep them
     */
    public TransactionTracker tracker(int confirmations, Duration pollInterval, Duration resendAfter,
            Duration retention) {
        return new TransactionTracker(this, confirmations, pollInterval, resendAfter, retention);
    }

    @Override
    public String toString() {
        return "TransactionSender[" + signer.name() + ", " + signer.address() + ", chain " + chain.chainId() + "]";
    }
}
