package sh.brane.spring.boot.autoconfigure.tx;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

import sh.brane.client.BraneClient;
import sh.brane.client.tx.ChainIdGuard;
import sh.brane.client.tx.InMemoryTransactionStore;
import sh.brane.client.tx.JdbcTransactionStore;
import sh.brane.client.tx.SendLimits;
import sh.brane.client.tx.StuckTransactionPolicy;
import sh.brane.client.tx.StuckTransactionWatcher;
import sh.brane.client.tx.TransactionListener;
import sh.brane.client.tx.TransactionSender;
import sh.brane.client.tx.TransactionStore;
import sh.brane.client.tx.TransactionTracker;
import sh.brane.signer.Signer;
import sh.brane.spring.boot.autoconfigure.BraneChainIdVerdicts;

/**
 * Builds one {@link TransactionSender} per signer over the context's {@link TransactionStore} and listeners, and
 * runs their trackers while the context runs (the first pass after start-up re-broadcasts what a previous run left
 * unfinished). Signer configurations call {@link #sender} for each signer they create.
 */
public final class BraneTransactionSenders implements SmartLifecycle {
    private static final Logger logger = LoggerFactory.getLogger(BraneTransactionSenders.class);

    private final TransactionStore store;
    private final List<TransactionListener> listeners;
    private final BraneTransactionProperties properties;
    private final List<TransactionSender> senders = new CopyOnWriteArrayList<>();
    private final List<TransactionTracker> trackers = new CopyOnWriteArrayList<>();
    private final List<StuckTransactionWatcher> watchers = new CopyOnWriteArrayList<>();
    private final StuckTransactionPolicy stuckPolicy;
    private volatile boolean running;
    /** Endpoints found on another chain at start-up (and closed), or null when nothing checks them. */
    private volatile BraneChainIdVerdicts chainIdVerdicts;

    BraneTransactionSenders(TransactionStore store, List<TransactionListener> listeners,
            BraneTransactionProperties properties) {
        this.store = store;
        this.listeners = List.copyOf(listeners);
        this.properties = properties;
        this.stuckPolicy = properties.getStuck().isEnabled() ? properties.getStuck().toPolicy() : null;
    }

    /**
     * The money path for {@code signer}, pinned to {@code chainId} and held to {@code limits}; its tracker runs
     * while the context runs.
     */
    public TransactionSender sender(BraneClient client, Signer signer, long chainId, SendLimits limits) {
        TransactionSender sender = new TransactionSender(client, signer, ChainIdGuard.pinned(chainId), limits,
                this.store, this.properties.getReplacementBumpPercent(), this.properties.getBroadcastWindow());
        this.listeners.forEach(sender::addListener);
        BraneChainIdVerdicts verdicts = this.chainIdVerdicts;
        if (verdicts != null) {
            sender.chainIdentity().addVerdictSource(() -> verdicts.mismatchFor(chainId));
        }
        TransactionTracker tracker = sender.tracker(this.properties.getConfirmations(),
                this.properties.getPollInterval(), this.properties.getResendAfter(), this.properties.getRetention());
        this.senders.add(sender);
        this.trackers.add(tracker);
        StuckTransactionWatcher watcher = this.properties.getStuck().appliesTo(signer.name())
                ? sender.stuckWatcher(this.stuckPolicy) : null;
        if (watcher != null) {
            this.watchers.add(watcher);
        }
        if (this.running) {
            tracker.start();
            if (watcher != null) {
                watcher.start();
            }
        }
        if (this.store.isDurable()) {
            logger.info("Brane transactions for signer '{}' ({}) on chain {}: durable journal, {} confirmations",
                    signer.name(), signer.address(), chainId, this.properties.getConfirmations());
        }
        else {
            logger.warn("Brane transactions for signer '{}' ({}) on chain {}: in-memory journal, not durable: a restart "
                    + "forgets unfinished transactions and their nonces; set brane.tx.store=jdbc for a journal in the "
                    + "database", signer.name(), signer.address(), chainId);
        }
        if (watcher != null) {
            logger.info("Brane stuck-transaction policy for signer '{}': {}", signer.name(), this.stuckPolicy);
        }
        return sender;
    }

    /** The stuck-transaction policy in force for {@code signer}, or null when none runs for it. */
    public StuckTransactionPolicy stuckPolicy(String signer) {
        return this.properties.getStuck().appliesTo(signer) ? this.stuckPolicy : null;
    }

    /**
     * Senders built from now on refuse to sign, with a typed {@code ChainIdMismatchException}, while an endpoint
     * expected on their chain was found on another one at start-up (its provider is closed then, so asking the node
     * would only fail as a lost connection).
     */
    void chainIdVerdicts(BraneChainIdVerdicts verdicts) {
        this.chainIdVerdicts = verdicts;
    }

    /** Every sender built so far (for the Actuator endpoint). */
    public List<TransactionSender> senders() {
        return List.copyOf(this.senders);
    }

    public TransactionStore store() {
        return this.store;
    }

    /** The journal's kind for health and info: {@code jdbc}, {@code memory}, or the store's class for one of the application's. */
    public String journalKind() {
        return journalKind(this.store);
    }

    public static String journalKind(TransactionStore store) {
        if (store instanceof JdbcTransactionStore) {
            return "jdbc";
        }
        if (store instanceof InMemoryTransactionStore) {
            return "memory";
        }
        return store.getClass().getSimpleName();
    }

    @Override
    public void start() {
        this.running = true;
        this.trackers.forEach(TransactionTracker::start);
        this.watchers.forEach(StuckTransactionWatcher::start);
    }

    @Override
    public void stop() {
        this.running = false;
        this.trackers.forEach(TransactionTracker::close);
        this.watchers.forEach(StuckTransactionWatcher::close);
    }

    @Override
    public boolean isRunning() {
        return this.running;
    }
}
