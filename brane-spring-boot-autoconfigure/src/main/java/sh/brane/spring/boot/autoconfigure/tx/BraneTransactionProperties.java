package sh.brane.spring.boot.autoconfigure.tx;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** The transaction lifecycle: journal store, confirmations, tracking. */
@ConfigurationProperties("brane.tx")
public class BraneTransactionProperties {

    /** Which journal store: AUTO (JDBC over the application's DataSource when it has one, else in memory), JDBC, MEMORY. */
    private StoreType store = StoreType.AUTO;

    /** Whether the JDBC store creates or upgrades its tables at start-up (Flyway, history table brane_tx_schema_history). */
    private boolean migrate = true;

    /** Blocks (including the transaction's own) after which a transaction is CONFIRMED. */
    private int confirmations = 12;

    /** How often the tracker polls the node for each sending account. */
    private Duration pollInterval = Duration.ofSeconds(1);

    /** How long a transaction the node does not have may wait before its journalled bytes are broadcast again. */
    private Duration resendAfter = Duration.ofSeconds(30);

    /** How much a speed-up or cancel raises both fee fields, in percent (nodes require at least 10). */
    private int replacementBumpPercent = 10;

    /**
     * How many of one account's transactions may be on their way to the node at once (1..1024). 1 sends each after
     * the node answered the one before (one round trip per transaction; safe on every node). More overlaps the
     * round trips: only for nodes that queue a nonce arriving before the one below it (Geth, Reth, Nethermind,
     * Erigon, Anvil without auto-mining).
     */
    private int broadcastWindow = 1;

    /**
     * How long finished journal entries (CONFIRMED, FAILED, REPLACED, DROPPED, REJECTED) are kept before the tracker
     * removes them. Unset: the JDBC journal keeps every entry and the in-memory journal keeps them for 1h.
     */
    private Duration retention;

    public enum StoreType {
        AUTO, JDBC, MEMORY
    }

    public StoreType getStore() {
        return this.store;
    }

    public void setStore(StoreType store) {
        this.store = store;
    }

    public boolean isMigrate() {
        return this.migrate;
    }

    public void setMigrate(boolean migrate) {
        this.migrate = migrate;
    }

    public int getConfirmations() {
        return this.confirmations;
    }

    public void setConfirmations(int confirmations) {
        this.confirmations = confirmations;
    }

    public Duration getPollInterval() {
        return this.pollInterval;
    }

    public void setPollInterval(Duration pollInterval) {
        this.pollInterval = pollInterval;
    }

    public Duration getResendAfter() {
        return this.resendAfter;
    }

    public void setResendAfter(Duration resendAfter) {
        this.resendAfter = resendAfter;
    }

    public Duration getRetention() {
        return this.retention;
    }

    public void setRetention(Duration retention) {
        this.retention = retention;
    }

    public int getBroadcastWindow() {
        return this.broadcastWindow;
    }

    public void setBroadcastWindow(int broadcastWindow) {
        this.broadcastWindow = broadcastWindow;
    }

    public int getReplacementBumpPercent() {
        return this.replacementBumpPercent;
    }

    public void setReplacementBumpPercent(int replacementBumpPercent) {
        this.replacementBumpPercent = replacementBumpPercent;
    }
}
