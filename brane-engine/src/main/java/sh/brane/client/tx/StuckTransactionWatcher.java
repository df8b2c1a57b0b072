package sh.brane.client.tx;

import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import sh.brane.client.BlockTag;
import sh.brane.client.FeeHistory;
import sh.brane.core.tx.Transaction;

/**
 * Replaces one account's pending transactions whose fees fell below what the next blocks need, as a
 * {@link StuckTransactionPolicy} says (opt-in: nothing replaces a transaction unless a watcher runs).
 *
 * <p>One pass: the account's SENT entries from the journal, the newest at each nonce; nothing more is asked of the
 * node when there is none. Otherwise one {@code eth_feeHistory} gives the market. Each nonce older than the
 * policy's minimum age whose fees are below the market is replaced through {@link TransactionSender#replace}: the
 * replacement is journalled before it is broadcast, reported as a state change and through
 * {@link TransactionListener#onStuckReplaced}. Past the policy's cancel deadline the nonce is cancelled instead.
 * A nonce is replaced again only after the policy's backoff. Several instances watching one journal may each
 * replace a nonce: every replacement is at the same nonce, so at most one of them is mined.
 */
public final class StuckTransactionWatcher implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StuckTransactionWatcher.class);

    private final TransactionSender sender;
    private final StuckTransactionPolicy policy;
    private final Clock clock;
    /** Replacements made per nonce still pending, and when the last one was. */
    private final Map<Long, Attempts> attempts = new HashMap<>();
    /** Transactions already reported through {@link TransactionListener#onStuck}, with the reason. */
    private final Set<String> reported = new HashSet<>();
    private ScheduledExecutorService timer;

    private record Attempts(int count, Instant last) {
    }

    /** What the next blocks need, read from {@code eth_feeHistory}. */
    record Market(BigInteger nextBaseFee, BigInteger tip) {
        ReplacementFees needed(int baseFeeMultiplier) {
            return new ReplacementFees(nextBaseFee.multiply(BigInteger.valueOf(baseFeeMultiplier)).add(tip), tip);
        }

        boolean outbids(ReplacementFees fees) {
            return fees.maxFeePerGas().compareTo(nextBaseFee.add(tip)) < 0
                    || fees.maxPriorityFeePerGas().compareTo(tip) < 0;
        }
    }

    StuckTransactionWatcher(TransactionSender sender, StuckTransactionPolicy policy) {
        this(sender, policy, Clock.systemUTC());
    }

    StuckTransactionWatcher(TransactionSender sender, StuckTransactionPolicy policy, Clock clock) {
        this.sender = Objects.requireNonNull(sender, "sender");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public StuckTransactionPolicy policy() {
        return policy;
    }

    /** Starts a pass every {@link StuckTransactionPolicy#checkInterval()} on a daemon thread. */
    public synchronized StuckTransactionWatcher start() {
        if (timer == null) {
            timer = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "brane-tx-stuck-" + sender.signer().name());
                t.setDaemon(true);
                return t;
            });
            long every = policy.checkInterval().toMillis();
            timer.scheduleWithFixedDelay(this::safePass, every, every, TimeUnit.MILLISECONDS);
        }
        return this;
    }

    private void safePass() {
        try {
            pass();
        } catch (RuntimeException e) {
            LOG.warn("the stuck-transaction pass for {} failed, trying again in {}: {}", sender.address(),
                    policy.checkInterval(), e.toString());
        }
    }

    /**
     * One pass over the account's pending transactions (what the timer runs).
     *
     * @return the replacements made
     */
    public synchronized List<JournalEntry> pass() {
        Map<Long, JournalEntry> newest = newestPendingByNonce();
        attempts.keySet().retainAll(newest.keySet());
        if (newest.isEmpty()) {
            return List.of();
        }
        Market market = market();
        Instant now = clock.instant();
        List<JournalEntry> made = new ArrayList<>();
        for (JournalEntry entry : newest.values()) {
            Instant firstBroadcast = firstBroadcast(entry.nonce());
            if (Duration.between(sentAt(entry), now).compareTo(policy.minimumAge()) < 0) {
                continue;
            }
            Attempts done = attempts.get(entry.nonce());
            if (done != null && Duration.between(done.last, now).compareTo(policy.backoff(done.count)) < 0) {
                continue;
            }
            Transaction tx = entry.decode().transaction();
            boolean cancel = policy.cancelAfter() != null && !Replacements.isCancel(tx, sender.address())
                    && Duration.between(firstBroadcast, now).compareTo(policy.cancelAfter()) >= 0;
            ReplacementFees fees = ReplacementFees.of(tx);
            if (!cancel && !market.outbids(fees)) {
                continue;
            }
            replace(entry, tx, market, cancel).ifPresent(replacement -> {
                made.add(replacement);
                attempts.merge(entry.nonce(), new Attempts(1, now),
                        (a, b) -> new Attempts(a.count + 1, now));
            });
        }
        return made;
    }

    private java.util.Optional<JournalEntry> replace(JournalEntry entry, Transaction tx, Market market,
            boolean cancel) {
        ReplacementFees current = ReplacementFees.of(tx);
        ReplacementFees least = current.bumped(ReplacementFees.minimumBumpPercent(tx));
        ReplacementFees target = market.needed(policy.baseFeeMultiplier()).atLeast(least)
                .cappedBy(sender.limits());
        if (!target.covers(least)) {
            reportOnce(entry, "its fees (" + current + ") are below the market (next base fee "
                    + market.nextBaseFee() + ", tip " + market.tip() + " wei) and the signer's ceilings (max fee "
                    + sender.limits().maxFeePerGas() + ", max priority fee " + sender.limits().maxPriorityFeePerGas()
                    + " wei) leave no room for the nodes' minimum raise to " + least);
            return java.util.Optional.empty();
        }
        String reason = cancel
                ? "pending longer than " + policy.cancelAfter() + ": cancelled at nonce " + entry.nonce()
                : "fees " + current + " below the market (next base fee " + market.nextBaseFee() + ", tip "
                        + market.tip() + " wei): replaced with " + target;
        try {
            JournalEntry replacement = sender.replace(entry.hash(), target, cancel);
            LOG.info("stuck transaction {} from {} (nonce {}): {}", entry.hash(), entry.from(), entry.nonce(), reason);
            sender.fireEach(l -> l.onStuckReplaced(entry, replacement, reason), "stuck " + entry.hash());
            return java.util.Optional.of(replacement);
        } catch (TransactionRefusedException | CeilingExceededException | IllegalArgumentException
                | IllegalStateException e) {
            reportOnce(entry, "its replacement was not made: " + e.getMessage());
            return java.util.Optional.empty();
        }
    }

    private void reportOnce(JournalEntry entry, String reason) {
        if (reported.add(entry.hash() + reason)) {
            LOG.warn("stuck transaction {} from {} (nonce {}): {}", entry.hash(), entry.from(), entry.nonce(), reason);
            sender.fireEach(l -> l.onStuck(entry, reason), "stuck " + entry.hash());
        }
        if (reported.size() > 10_000) {
            reported.clear();
        }
    }

    /** The newest SENT entry at each nonce: the one with the highest max fee (the latest replacement). */
    private Map<Long, JournalEntry> newestPendingByNonce() {
        Map<Long, JournalEntry> out = new HashMap<>();
        Comparator<JournalEntry> byFee = Comparator.comparing(e -> ReplacementFees.of(e.decode().transaction())
                .maxFeePerGas());
        for (JournalEntry e : sender.store().unfinished(sender.chainId(), sender.address())) {
            if (e.state() == TxState.SENT) {
                out.merge(e.nonce(), e, (a, b) -> byFee.compare(a, b) >= 0 ? a : b);
            }
        }
        return out;
    }

    private Instant firstBroadcast(long nonce) {
        Instant first = null;
        for (JournalEntry e : sender.store().byNonce(sender.chainId(), sender.address(), nonce, nonce + 1)) {
            Instant at = sentAt(e);
            first = first == null || at.isBefore(first) ? at : first;
        }
        return first == null ? clock.instant() : first;
    }

    private static Instant sentAt(JournalEntry e) {
        return e.broadcastAt() != null ? e.broadcastAt() : e.createdAt();
    }

    /** The next block's base fee and the median of the recent blocks' tips at the policy's percentile. */
    Market market() {
        FeeHistory history = sender.client().feeHistory(policy.feeHistoryBlocks(), BlockTag.LATEST,
                policy.tipPercentile());
        BigInteger base = history.nextBaseFee();
        if (base == null) {
            throw new IllegalStateException("the node's eth_feeHistory has no base fee: the stuck-transaction "
                    + "policy needs an EIP-1559 chain");
        }
        List<BigInteger> tips = new ArrayList<>();
        for (List<BigInteger> row : history.reward()) {
            if (!row.isEmpty()) {
                tips.add(row.get(0));
            }
        }
        tips.sort(null);
        BigInteger tip = tips.isEmpty() ? BigInteger.ZERO : tips.get(tips.size() / 2);
        if (tip.signum() == 0) {
            // empty recent blocks pay no tip; the node's suggestion is what a new transaction would offer
            tip = sender.client().maxPriorityFeePerGas();
        }
        return new Market(base, tip);
    }

    @Override
    public synchronized void close() {
        if (timer != null) {
            timer.shutdownNow();
            timer = null;
        }
    }
}
