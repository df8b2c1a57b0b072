package sh.brane.spring.boot.autoconfigure.tx;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.DeprecatedConfigurationProperty;
import org.springframework.boot.sql.init.DatabaseInitializationMode;

import sh.brane.client.tx.StuckTransactionPolicy;

/** The transaction lifecycle: journal store, confirmations, tracking. */
@ConfigurationProperties("brane.tx")
public class BraneTransactionProperties {

    /**
     * Which journal store: MEMORY (not durable, one instance) or JDBC (the @BraneDataSource DataSource, else the
     * application's single one; durable and shared by instances). Unset: MEMORY, so the starter leaves the
     * application's database alone unless asked. AUTO (JDBC whenever there is a DataSource) is deprecated.
     */
    private StoreType store;

    /** Deprecated: whether the JDBC store creates or upgrades its tables with Flyway at start-up. */
    private Boolean migrate;

    /** The JDBC journal's schema (brane.tx.store=jdbc). */
    private final Jdbc jdbc = new Jdbc();

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
        /** Deprecated: JDBC when the application has a DataSource, else in memory (the former default). */
        AUTO,
        /** Durable, in the @BraneDataSource DataSource or the application's single one. */
        JDBC,
        /** In memory: lost at restart, one instance only. */
        MEMORY
    }

    /** The JDBC journal's schema: created by Boot's script initializer, or by the application's own migrations. */
    public static class Jdbc {

        /**
         * When Boot's script initializer creates the journal's tables (IF NOT EXISTS): EMBEDDED (an in-memory
         * database only), ALWAYS, NEVER (the application's Flyway/Liquibase runs
         * classpath:sh/brane/client/tx/schema-postgresql.sql or schema-h2.sql).
         */
        private DatabaseInitializationMode initializeSchema = DatabaseInitializationMode.EMBEDDED;

        /** Platform of the schema script when auto-detection from the DataSource fails, e.g. postgresql or h2. */
        private String platform;

        /** Location of the schema script; @@platform@@ is replaced by the platform. */
        private String schema = "classpath:sh/brane/client/tx/schema-@@platform@@.sql";

        public DatabaseInitializationMode getInitializeSchema() {
            return this.initializeSchema;
        }

        public void setInitializeSchema(DatabaseInitializationMode initializeSchema) {
            this.initializeSchema = initializeSchema;
        }

        public String getPlatform() {
            return this.platform;
        }

        public void setPlatform(String platform) {
            this.platform = platform;
        }

        public String getSchema() {
            return this.schema;
        }

        public void setSchema(String schema) {
            this.schema = schema;
        }
    }

    public StoreType getStore() {
        return this.store;
    }

    public void setStore(StoreType store) {
        this.store = store;
    }

    /**
     * The deprecated Flyway switch: set (true or false) without {@code brane.tx.store}, it still means a JDBC
     * journal, migrated with Flyway when true.
     *
     * @deprecated for {@code brane.tx.store=jdbc} with {@code brane.tx.jdbc.initialize-schema}
     */
    @Deprecated(forRemoval = true)
    @DeprecatedConfigurationProperty(replacement = "brane.tx.jdbc.initialize-schema",
            reason = "The journal's schema follows Boot's database initialization; set brane.tx.store=jdbc with "
                    + "brane.tx.jdbc.initialize-schema, or run sh/brane/client/tx/schema-<platform>.sql from your own "
                    + "Flyway or Liquibase")
    public Boolean getMigrate() {
        return this.migrate;
    }

    @Deprecated(forRemoval = true)
    public void setMigrate(Boolean migrate) {
        this.migrate = migrate;
    }

    public Jdbc getJdbc() {
        return this.jdbc;
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

    /** The stuck-transaction policy (opt-in): see {@link Stuck}. */
    private final Stuck stuck = new Stuck();

    public Stuck getStuck() {
        return this.stuck;
    }

    /**
     * Replacing pending transactions whose fees fell below what the next blocks need (read from
     * {@code eth_feeHistory}), with backoff, never above the signer's ceilings; optionally cancelling a nonce pending
     * past a deadline. Off unless {@code brane.tx.stuck.enabled=true}.
     */
    public static class Stuck {
        // the defaults are StuckTransactionPolicy.DEFAULTS', written as literals so that the metadata shows them
        /** Whether pending transactions priced out of the market are replaced automatically. */
        private boolean enabled;

        /** The signer names the policy applies to; empty: every signer. */
        private java.util.List<String> signers = new java.util.ArrayList<>();

        /** How often each account's pending transactions are looked at. */
        private Duration checkInterval = Duration.ofSeconds(15);

        /** How long a transaction is left alone after it was first broadcast. */
        private Duration minimumAge = Duration.ofSeconds(30);

        /** The percentile (0..100) of the recent blocks' tips taken as the market's tip. */
        private double tipPercentile = 50;

        /** How many recent blocks (1..1024) the market is read from. */
        private int feeHistoryBlocks = 10;

        /** A replacement's max fee is at least this many times (1..10) the next base fee, plus the tip. */
        private int baseFeeMultiplier = 2;

        /** The least time between two replacements of one nonce. */
        private Duration initialBackoff = Duration.ofSeconds(30);

        /** How much (1..10) that time grows after each replacement of the nonce. */
        private double backoffMultiplier = 2;

        /** The most time between two replacements of one nonce. */
        private Duration maxBackoff = Duration.ofMinutes(5);

        /** Cancel a nonce (a 0-value transfer to itself) pending this long since its first broadcast; unset: never. */
        private Duration cancelAfter;

        /**
         * The engine's policy for these properties.
         *
         * @throws org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException
         *         naming the property whose value is out of range
         */
        public StuckTransactionPolicy toPolicy() {
            try {
                return new StuckTransactionPolicy(this.checkInterval, this.minimumAge, this.tipPercentile,
                        this.feeHistoryBlocks, this.baseFeeMultiplier, this.initialBackoff, this.backoffMultiplier,
                        this.maxBackoff, this.cancelAfter);
            }
            catch (IllegalArgumentException | NullPointerException ex) {
                String message = String.valueOf(ex.getMessage());
                String field = message.split("[ (]", 2)[0];
                String property = "brane.tx.stuck." + field.replaceAll("([a-z])([A-Z])", "$1-$2").toLowerCase(
                        java.util.Locale.ROOT);
                throw new org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException(
                        property, message, "set " + property + " within its range (see the message)");
            }
        }

        /** True when the policy runs for the signer named {@code signer}. */
        public boolean appliesTo(String signer) {
            return this.enabled && (this.signers.isEmpty() || this.signers.contains(signer));
        }

        public boolean isEnabled() {
            return this.enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public java.util.List<String> getSigners() {
            return this.signers;
        }

        public void setSigners(java.util.List<String> signers) {
            this.signers = signers;
        }

        public Duration getCheckInterval() {
            return this.checkInterval;
        }

        public void setCheckInterval(Duration checkInterval) {
            this.checkInterval = checkInterval;
        }

        public Duration getMinimumAge() {
            return this.minimumAge;
        }

        public void setMinimumAge(Duration minimumAge) {
            this.minimumAge = minimumAge;
        }

        public double getTipPercentile() {
            return this.tipPercentile;
        }

        public void setTipPercentile(double tipPercentile) {
            this.tipPercentile = tipPercentile;
        }

        public int getFeeHistoryBlocks() {
            return this.feeHistoryBlocks;
        }

        public void setFeeHistoryBlocks(int feeHistoryBlocks) {
            this.feeHistoryBlocks = feeHistoryBlocks;
        }

        public int getBaseFeeMultiplier() {
            return this.baseFeeMultiplier;
        }

        public void setBaseFeeMultiplier(int baseFeeMultiplier) {
            this.baseFeeMultiplier = baseFeeMultiplier;
        }

        public Duration getInitialBackoff() {
            return this.initialBackoff;
        }

        public void setInitialBackoff(Duration initialBackoff) {
            this.initialBackoff = initialBackoff;
        }

        public double getBackoffMultiplier() {
            return this.backoffMultiplier;
        }

        public void setBackoffMultiplier(double backoffMultiplier) {
            this.backoffMultiplier = backoffMultiplier;
        }

        public Duration getMaxBackoff() {
            return this.maxBackoff;
        }

        public void setMaxBackoff(Duration maxBackoff) {
            this.maxBackoff = maxBackoff;
        }

        public Duration getCancelAfter() {
            return this.cancelAfter;
        }

        public void setCancelAfter(Duration cancelAfter) {
            this.cancelAfter = cancelAfter;
        }
    }
}
