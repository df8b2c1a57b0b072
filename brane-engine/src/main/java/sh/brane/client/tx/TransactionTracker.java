package sh.brane.client.tx;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.Receipt;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.rpc.ConnectionLostException;
import sh.brane.rpc.RpcErrorException;
import sh.brane.rpc.RpcTimeoutException;

/**
 * Follows one account's journal against the node, by polling (one pass every poll interval):
 * <ul>
 * <li>a transaction whose nonce the chain has used: its receipt makes it INCLUDED, then CONFIRMED after the
 * configured confirmations (FAILED if it reverted); REPLACED when another transaction took the nonce: no receipt,
 * the node does not know its hash, and the nonce has been used for as many blocks as a confirmation needs (see
 * {@link #replacedOnEvidence});</li>
 * <li>a transaction the node does not have (a crash between signing and broadcasting, a node restarted, a
 * mempool flushed): its journalled bytes are broadcast again, unchanged (DROPPED, then SENT again); if the node
 * refuses them it stays DROPPED, unless the node then holds the transaction (back to SENT);</li>
 * <li>a transaction the node holds at the account's next nonce without counting it as pending (its pool stranded
 * it): its bytes are broadcast once more and it is reported to the listeners ({@link TransactionListener#onStranded}),
 * once; it waits for a flush of the node's pool or a replacement;</li>
 * <li>an INCLUDED transaction whose nonce the node's count no longer covers and whose receipt is gone: its block
 * left the chain, back to SENT;</li>
 * <li>a node whose nonce is below the journal's lowest waiting transaction (the chain forgot transactions, e.g. a
 * development node restarted as a fresh chain): the gap is filled from the journal with the same bytes, or with a
 * transfer to itself at a released nonce; when the journal cannot fill it, the waiting transactions become
 * DROPPED and the account's nonce follows the node (logged and reported to listeners), once two passes in a row
 * found the same nonce missing.</li>
 * </ul>
 * Several instances may track the same journal: every change is a compare-and-set, reported by the winner only.
 */
public final class TransactionTracker implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(TransactionTracker.class);
    /** At most this many nonces of a gap are filled per pass, to bound one pass's work. */
    private static final int MAX_GAP_PER_PASS = 1_000;

    private final TransactionSender sender;
    private final BraneClient client;
    private final TransactionStore store;
    private final int confirmations;
    private final Duration pollInterval;
    private final Duration resendAfter;
    /** How long finished entries stay in the journal, or null to keep them (no pruning by this tracker). */
    private final Duration retention;
    private Instant lastPrune = Instant.EPOCH;
    /**
     * The head at which each open entry was first seen replaced (its nonce used, no receipt, its hash unknown to the
     * node), until that has lasted {@link #confirmations} blocks; only entries still open are kept.
     */
    private final Map<Hash, Long> replacedSince = new HashMap<>();
    /**
     * The nonce the last pass found missing at the node and could not fill, with the node's pending count then; null
     * if it found none. What waits behind such a nonce is dropped only when the next pass finds the same.
     */
    private Missing missingLastPass;
    /** The open entries already reported stranded by this tracker (each is reported once). */
    private final Set<Hash> strandedReported = new HashSet<>();
    private ScheduledExecutorService timer;

    /** A nonce missing at the node while the node's pending count was {@code pending}. */
    private record Missing(long nonce, long pending) {
    }

    TransactionTracker(TransactionSender sender, int confirmations, Duration pollInterval, Duration resendAfter,
            Duration retention) {
        if (confirmations < 1 || confirmations > 10_000) {
            throw new IllegalArgumentException("confirmations must be 1..10000 blocks, got " + confirmations);
        }
        if (pollInterval == null || pollInterval.toMillis() < 1) {
            throw new IllegalArgumentException("the poll interval must be at least 1 ms, got " + pollInterval);
        }
        if (resendAfter == null || resendAfter.isNegative()) {
            throw new IllegalArgumentException("resend-after must be zero or more, got " + resendAfter);
        }
        if (retention != null && retention.toMillis() < 1) {
            throw new IllegalArgumentException("the journal's retention must be at least 1 ms (e.g. P30D), or none to "
                    + "keep every entry, got " + retention);
        }
        this.retention = retention;
        this.sender = sender;
        this.client = sender.client();
        this.store = sender.store();
        this.confirmations = confirmations;
        this.pollInterval = pollInterval;
        this.resendAfter = resendAfter;
    }

    public int confirmations() {
        return confirmations;
    }

    /** Starts polling on a daemon thread; the first pass re-broadcasts what a previous run left unfinished. */
    public synchronized TransactionTracker start() {
        if (timer == null) {
            timer = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "brane-tx-tracker-" + sender.signer().name());
                t.setDaemon(true);
                return t;
            });
            timer.scheduleWithFixedDelay(this::safePoll, 0, pollInterval.toMillis(), TimeUnit.MILLISECONDS);
        }
        return this;
    }

    private void safePoll() {
        try {
            poll();
        } catch (RpcTimeoutException | ConnectionLostException e) {
            sender.chainIdentity().connectionTrouble();
            LOG.warn("transaction tracking for {} skipped a pass: {}", sender.address(), e.getMessage());
        } catch (JournalUnavailableException e) {
            LOG.warn("transaction tracking for {} skipped a pass: {}", sender.address(), e.getMessage());
        } catch (ChainIdentityException e) {
            // logged once by the chain identity; nothing of this journal is re-sent to that node
            LOG.debug("transaction tracking for {} stopped this pass: {}", sender.address(), e.getMessage());
        } catch (RuntimeException e) {
            LOG.error("transaction tracking for {} failed a pass", sender.address(), e);
        }
    }

    /** One pass over the account's unfinished transactions (the timer calls it; tests may call it directly). */
    public synchronized void poll() {
        prune();
        long chainId = sender.chainId();
        Address from = sender.address();
        Missing missingBefore = missingLastPass;
        missingLastPass = null;
        List<JournalEntry> open = store.unfinished(chainId, from);
        forgetFinished(open);
        if (open.isEmpty()) {
            return;
        }
        // asked at every pass, not remembered: the node may have been replaced by another chain with the same chain
        // id since the last pass, where the journal's signed bytes are valid too and would pay again
        sender.verifyGenesis();
        long head = client.blockNumber();
        long latest = client.getTransactionCount(from, BlockTag.LATEST);
        long pending = client.getTransactionCount(from, BlockTag.PENDING);

        // the node's pending count is its next contiguous nonce: a journal entry waiting above it with none of
        // ours at it means a hole (a nonce the chain forgot, or a released one) that strands everything behind it
        long lowestAbove = Long.MAX_VALUE;
        boolean oursAtPending = false;
        for (JournalEntry e : open) {
            if (e.nonce() == pending) {
                oursAtPending = true;
            } else if (e.nonce() > pending) {
                lowestAbove = Math.min(lowestAbove, e.nonce());
            }
        }
        if (!oursAtPending && lowestAbove != Long.MAX_VALUE && !old(open, lowestAbove).isEmpty()) {
            if (!fillGap(chainId, from, pending, lowestAbove, open, missingBefore)) {
                return;
            }
        }
        Instant staleBefore = Instant.now().minus(resendAfter);
        for (JournalEntry e : open) {
            if (e.nonce() < latest) {
                settle(e, head);
            } else {
                waiting(e, latest, pending, staleBefore);
            }
        }
    }

    /**
     * Removes finished entries older than the retention, at most once a minute (or once per retention when it is
     * shorter): the journal keeps what is followed and what the retention asks for, nothing more.
     */
    private void prune() {
        if (retention == null) {
            return;
        }
        Instant now = Instant.now();
        Duration every = retention.compareTo(Duration.ofMinutes(1)) < 0 ? retention : Duration.ofMinutes(1);
        if (now.isBefore(lastPrune.plus(every))) {
            return;
        }
        lastPrune = now;
        int removed = store.prune(now.minus(retention));
        if (removed > 0) {
            LOG.debug("pruned {} finished transactions older than {} from the journal", removed, retention);
        }
    }

    /** The open entries at {@code nonce} old enough that a missing predecessor is not just in flight. */
    private List<JournalEntry> old(List<JournalEntry> open, long nonce) {
        Instant staleBefore = Instant.now().minus(resendAfter);
        List<JournalEntry> out = new ArrayList<>();
        for (JournalEntry e : open) {
            if (e.nonce() == nonce && !e.createdAt().isAfter(staleBefore)) {
                out.add(e);
            }
        }
        return out;
    }

    /** The chain used the nonce: included (and how deep), reverted, or replaced. */
    private void settle(JournalEntry e, long head) {
        if (e.state() == TxState.INCLUDED && e.blockNumber() >= 0 && head - e.blockNumber() + 1 < confirmations) {
            return; // not deep enough yet; no need to ask for the receipt again
        }
        Optional<Receipt> receipt = client.getTransactionReceipt(e.hash());
        if (receipt.isEmpty()) {
            replacedOnEvidence(e, head);
            return;
        }
        replacedSince.remove(e.hash());
        Receipt r = receipt.get();
        long depth = head - r.blockNumber() + 1;
        if (!r.isSuccess()) {
            sender.transition(e, TxState.FAILED, r.blockNumber(), depth, false, "reverted in block " + r.blockNumber());
        } else if (depth >= confirmations) {
            sender.transition(e, TxState.CONFIRMED, r.blockNumber(), depth, false, depth + " confirmations");
        } else if (e.state() != TxState.INCLUDED || e.blockNumber() != r.blockNumber()) {
            sender.transition(e, TxState.INCLUDED, r.blockNumber(), depth, false, "included in block "
                    + r.blockNumber());
        }
    }

    /**
     * The nonce is used but the node has no receipt for this transaction. A node can count a block's nonces before
     * it serves that block's receipts (Anvil 1.7.1 did in 18 of 19,001 reads by a probe while it mined every 3 ms;
     * so can a load balancer whose nodes are a block apart), and REPLACED is final: a payment that went through must
     * never be reported as replaced, since a caller may pay again. So the entry becomes REPLACED only when the node
     * does not know its hash either, and has not for as many blocks as a confirmation needs (at once with one).
     */
    private void replacedOnEvidence(JournalEntry e, long head) {
        if (client.getTransactionByHash(e.hash()).isPresent()) {
            replacedSince.remove(e.hash()); // mined (its receipt not served yet) or still in a pool
            return;
        }
        long since = replacedSince.computeIfAbsent(e.hash(), h -> head);
        long depth = head - since + 1;
        if (depth < confirmations) {
            return;
        }
        replacedSince.remove(e.hash());
        sender.transition(e, TxState.REPLACED, -1, depth, false, "another transaction was mined at nonce "
                + e.nonce());
    }

    /** Drops what {@link #replacedSince} and {@link #strandedReported} hold for entries that are no longer open. */
    private void forgetFinished(List<JournalEntry> open) {
        if (replacedSince.isEmpty() && strandedReported.isEmpty()) {
            return;
        }
        Set<Hash> stillOpen = new HashSet<>();
        for (JournalEntry e : open) {
            stillOpen.add(e.hash());
        }
        replacedSince.keySet().retainAll(stillOpen);
        strandedReported.retainAll(stillOpen);
    }

    /** Not mined yet: make sure the node has it, by sending the journalled bytes again when it does not. */
    private void waiting(JournalEntry e, long latest, long pending, Instant staleBefore) {
        Instant last = e.broadcastAt() != null ? e.broadcastAt() : e.createdAt();
        if (last.isAfter(staleBefore)) {
            return; // just sent, or in flight in the sending thread
        }
        if (e.state() == TxState.INCLUDED) {
            if (client.getTransactionReceipt(e.hash()).isPresent()) {
                return; // still in a block: the nonce count came from a node behind the one that served the receipt
            }
            // its block left the chain (a reorganisation): back to waiting
            sender.transition(e, TxState.SENT, -1, 0, false, "its block " + e.blockNumber() + " left the chain");
            return;
        }
        if (e.state() == TxState.SENT && e.nonce() < pending) {
            return; // the node's pending count covers it: it is in the pool (or another one at its nonce is)
        }
        boolean known = client.getTransactionByHash(e.hash()).isPresent();
        if (known) {
            if (e.state() == TxState.SIGNED) {
                sender.transition(e, TxState.SENT, -1, 0, false, "found at the node");
            } else if (e.nonce() == latest) {
                stranded(e, latest); // here the pending count is the latest: nothing of the account is pending
            }
            return;
        }
        resend(e, e.state() == TxState.SIGNED ? "never acknowledged by a node (e.g. a crash before broadcasting)"
                : "the node lost it");
    }

    /**
     * The node holds {@code e} at the account's next nonce but does not count it as pending: it will not mine it.
     * Anvil 1.7.1 leaves transactions so now and then when they arrive out of nonce order while blocks are being
     * mined (a probe sending 1,000 transfers in swapped pairs from 4 threads while mining every millisecond stranded
     * one in 3 rounds of 10); bytes sent again are "already imported", and further blocks do not release it. A node
     * behind a load balancer whose other node holds the transaction looks the same, and there the bytes sent again
     * help. So they are sent once more, and the listeners are told, once: the remedy (a flush of the node's pool,
     * after which this tracker re-sends the journalled bytes, or a replacement with {@link TransactionSender#speedUp})
     * is the operator's, because signing anything new is not the tracker's to decide.
     */
    private void stranded(JournalEntry e, long nextNonce) {
        if (!strandedReported.add(e.hash())) {
            return;
        }
        String why = "the node holds it at the account's next nonce " + nextNonce + " but does not count it as "
                + "pending, so it is not mined";
        LOG.warn("transaction {} from {} is stranded in the node's pool: {}; it waits until the node's pool is "
                + "flushed (then it is re-sent from the journal) or it is replaced (speedUp)", e.hash(), e.from(), why);
        RuntimeException failure = sender.tryPush(e);
        if (failure != null) {
            LOG.warn("re-sending stranded transaction {} failed: {}", e.hash(), failure.getMessage());
        }
        sender.fireStranded(e, why);
    }

    /** Broadcasts the journalled bytes again; a refusal leaves the entry DROPPED unless the node holds it. */
    private void resend(JournalEntry e, String why) {
        JournalEntry current = e;
        if (e.state() == TxState.SENT) {
            Optional<JournalEntry> dropped = sender.transition(e, TxState.DROPPED, -1, 0, false, why);
            if (dropped.isEmpty()) {
                return; // another instance handled it
            }
            current = dropped.get();
        }
        LOG.warn("re-sending transaction {} from {} nonce {} from the journal (same bytes): {}", e.hash(), e.from(),
                e.nonce(), why);
        try {
            sender.push(current);
            sender.transition(current, TxState.SENT, -1, 0, true, "re-sent from the journal: " + why);
        } catch (RpcErrorException refusal) {
            if (client.getTransactionByHash(e.hash()).isPresent()) {
                // "nonce too low" for bytes the node holds: it was mined (or pooled) while it looked unknown (the
                // lookup was answered by a node a block behind). DROPPED is final, so back to waiting; the next pass
                // settles it
                LOG.warn("the node refused the journalled bytes of {} (nonce {}) but holds them: {}", e.hash(),
                        e.nonce(), refusal.rpcMessage());
                sender.transition(current, TxState.SENT, -1, 0, false, "found at the node after the re-send was "
                        + "refused: " + refusal.rpcMessage());
                return;
            }
            LOG.error("the node refused the journalled bytes of {} (nonce {}): {}; it stays DROPPED and is not "
                    + "re-signed", e.hash(), e.nonce(), refusal.rpcMessage());
            if (current.state() == TxState.SIGNED) {
                sender.transition(current, TxState.DROPPED, -1, 0, false, "the node refused the journalled bytes: "
                        + refusal.rpcMessage());
            }
        }
    }

    /**
     * Nonces [pending, lowestWaiting) are missing at the node while journal entries wait above them: fill them
     * from the journal, or a released nonce with a transfer to itself. Returns false when the gap cannot be filled:
     * the waiting entries are dropped and the nonce reset if the pass before found the same nonce missing at the same
     * pending count ({@code missingBefore}), else that is left to the next pass.
     */
    private boolean fillGap(long chainId, Address from, long pending, long lowestWaiting, List<JournalEntry> open,
            Missing missingBefore) {
        long to = Math.min(lowestWaiting, pending + MAX_GAP_PER_PASS);
        Map<Long, JournalEntry> best = new HashMap<>();
        for (JournalEntry e : store.byNonce(chainId, from, pending, to)) {
            if (e.state() == TxState.REJECTED) {
                continue;
            }
            JournalEntry seen = best.get(e.nonce());
            if (seen == null || rank(e) > rank(seen)) {
                best.put(e.nonce(), e);
            }
        }
        LOG.warn("the node's nonce for {} is {} but the journal waits at {}: the node lost transactions (or the chain "
                + "was reset); filling nonces {}..{} from the journal", from, pending, lowestWaiting, pending, to - 1);
        for (long n = pending; n < to; n++) {
            JournalEntry e = best.get(n);
            if (e != null) {
                refill(e);
                continue;
            }
            Optional<JournalEntry> filler = Optional.empty();
            try {
                filler = sender.fillReleasedNonce();
            } catch (RuntimeException fillFailure) {
                LOG.error("could not fill released nonce {} of {}: {}", n, from, fillFailure.toString());
            }
            if (filler.isPresent() && filler.get().nonce() == n) {
                continue;
            }
            Missing missing = new Missing(n, pending);
            if (!missing.equals(missingBefore)) {
                // dropping is final and resets the nonce: one read of a node a block behind (or a load balancer's
                // other node) must not do it, so the next pass has to see the same before anything is dropped
                missingLastPass = missing;
                LOG.warn("nonce {} of {} is missing at the node (pending count {}) and the journal has no transaction "
                        + "for it; if the next pass finds the same, what waits behind it is dropped", n, from, pending);
                return false;
            }
            abandon(chainId, from, pending, n, open);
            return false;
        }
        return true;
    }

    /** Which entry at one nonce to re-send: the one the chain had taken, else the newest replacement. */
    private static int rank(JournalEntry e) {
        return switch (e.state()) {
            case CONFIRMED, INCLUDED, FAILED -> 3;
            case SENT, SIGNED -> 2;
            case DROPPED, REPLACED -> 1;
            case REJECTED -> 0;
        };
    }

    private void refill(JournalEntry e) {
        try {
            sender.push(e);
            TxState target = TxState.SENT;
            String why = "the chain forgot it (nonce " + e.nonce() + " unused at the node); re-sent from the journal";
            if (e.state() != target) {
                sender.transition(e, target, -1, 0, true, why);
            }
        } catch (RpcErrorException refusal) {
            LOG.error("could not refill nonce {} of {} with journalled {}: {}", e.nonce(), e.from(), e.hash(),
                    refusal.rpcMessage());
        }
    }

    /** The gap cannot be filled: drop what waits behind it and let the nonce follow the node. */
    private void abandon(long chainId, Address from, long pending, long missing, List<JournalEntry> open) {
        String why = "nonce " + missing + " is missing at the node and the journal has no transaction for it";
        LOG.error("{} for {}: the {} waiting transactions behind it are DROPPED (never re-signed) and the account's "
                + "next nonce is reset to {}", why, from, open.size(), pending);
        for (JournalEntry e : open) {
            if (e.nonce() > missing) {
                sender.transition(e, TxState.DROPPED, -1, 0, false, why);
            }
        }
        store.resetTo(chainId, from, pending);
        sender.fireResync(from, pending, why);
    }

    @Override
    public synchronized void close() {
        if (timer != null) {
            timer.shutdownNow();
            timer = null;
        }
    }
}
