package sh.brane.spring.boot.autoconfigure.events;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.sql.init.DatabaseInitializationMode;

/** Log streams behind {@link BraneEventListener} methods: defaults, checkpoint store, and settings per stream. */
@ConfigurationProperties("brane.events")
public class BraneEventsProperties {

    /**
     * Which checkpoint store: MEMORY (a restart reads again from each stream's from-block) or JDBC (the
     * @BraneDataSource DataSource, else the application's single one). Unset: MEMORY, so the starter leaves the
     * application's database alone unless asked. AUTO (JDBC whenever there is a DataSource) is deprecated.
     */
    private StoreType store;

    /** The JDBC checkpoint store's schema (brane.events.store=jdbc). */
    private final Jdbc jdbc = new Jdbc();

    /** Confirmations before a block's logs are delivered (the block itself counts as one). */
    private int confirmations = 12;

    /** How often each stream polls the head while no newHeads subscription is live (an HTTP node). */
    private Duration pollInterval = Duration.ofSeconds(1);

    /**
     * How often each stream polls the head while a newHeads subscription wakes it (a WebSocket node): a safety net
     * bounding how long a subscription that went silent can delay delivery.
     */
    private Duration subscribedPollInterval = Duration.ofSeconds(30);

    /** Blocks per eth_getLogs while backfilling (halved while the node refuses a range as too large). */
    private int chunkSize = 2000;

    /** Recent blocks remembered to detect reorganisations and deliver removals. */
    private int reorgWindow = 128;

    /** How long a consuming instance keeps a stream after it stops renewing; another takes over after it. */
    private Duration leaseTtl = Duration.ofSeconds(15);

    /**
     * Whether listener containers start with the application context (a listener's own
     * {@code @BraneEventListener(autoStartup)} wins); one not started is started through the registry.
     */
    private boolean autoStartup = true;

    /** What a listener container does when its method throws. */
    private final Listener listener = new Listener();

    /**
     * Settings per stream id (chain, contract, address, from-block, confirmations, poll-interval), as on
     * {@code @BraneEventListener}.
     */
    private Map<String, Stream> streams = new LinkedHashMap<>();

    public enum StoreType {
        /** Deprecated: JDBC when the application has a DataSource (migrated with Flyway), else in memory. */
        AUTO,
        /** Durable, in the @BraneDataSource DataSource or the application's single one. */
        JDBC,
        /** In memory: a restart reads again from each stream's from-block. */
        MEMORY
    }

    /** The JDBC checkpoint table's schema: created by Boot's script initializer, or by the application's migrations. */
    public static class Jdbc {

        /**
         * When Boot's script initializer creates the checkpoint table (IF NOT EXISTS): EMBEDDED (an in-memory
         * database only), ALWAYS, NEVER (the application's Flyway/Liquibase runs
         * classpath:sh/brane/client/events/schema-postgresql.sql or schema-h2.sql).
         */
        private DatabaseInitializationMode initializeSchema = DatabaseInitializationMode.EMBEDDED;

        /** Platform of the schema script when auto-detection from the DataSource fails, e.g. postgresql or h2. */
        private String platform;

        /** Location of the schema script; @@platform@@ is replaced by the platform. */
        private String schema = "classpath:sh/brane/client/events/schema-@@platform@@.sql";

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

    public Jdbc getJdbc() {
        return this.jdbc;
    }

    public static class Stream {
        /** The chain to read (a name under brane.chains); default the one BraneClient. */
        private String chain;
        /** The @BraneContract bean whose event the stream reads. */
        private String contract;
        /** The emitting contract's address. */
        private String address;
        /** The first block without a checkpoint: a number or latest. */
        private String fromBlock;
        /** Confirmations before delivery. */
        private Integer confirmations;
        /** How often the head is polled. */
        private Duration pollInterval;

        public String getChain() {
            return this.chain;
        }

        public void setChain(String chain) {
            this.chain = chain;
        }

        public String getContract() {
            return this.contract;
        }

        public void setContract(String contract) {
            this.contract = contract;
        }

        public String getAddress() {
            return this.address;
        }

        public void setAddress(String address) {
            this.address = address;
        }

        public String getFromBlock() {
            return this.fromBlock;
        }

        public void setFromBlock(String fromBlock) {
            this.fromBlock = fromBlock;
        }

        public Integer getConfirmations() {
            return this.confirmations;
        }

        public void setConfirmations(Integer confirmations) {
            this.confirmations = confirmations;
        }

        public Duration getPollInterval() {
            return this.pollInterval;
        }

        public void setPollInterval(Duration pollInterval) {
            this.pollInterval = pollInterval;
        }
    }

    public Listener getListener() {
        return this.listener;
    }

    /** Listener containers: retries of a failing method, then the recoverer. */
    public static class Listener {

        /** Retries of a listener method that throws, with exponential back-off, before the recoverer gets the log. */
        private final Retry retry = new Retry();

        /**
         * What becomes of a log once its retries are spent: LOG (an ERROR line and a BraneListenerFailedEvent, then
         * skip) or JDBC (a row in brane_event_dead_letter of the events' database, then skip). A BraneLogRecoverer
         * bean replaces either.
         */
        private RecovererType recoverer = RecovererType.LOG;

        /**
         * Location of the dead-letter table's script (recoverer=jdbc), run as brane.events.jdbc.initialize-schema
         * says; @@platform@@ is replaced by the platform (h2, postgresql).
         */
        private String deadLetterSchema = "classpath:sh/brane/client/events/dead-letter-schema-@@platform@@.sql";

        public Retry getRetry() {
            return this.retry;
        }

        public RecovererType getRecoverer() {
            return this.recoverer;
        }

        public void setRecoverer(RecovererType recoverer) {
            this.recoverer = recoverer;
        }

        public String getDeadLetterSchema() {
            return this.deadLetterSchema;
        }

        public void setDeadLetterSchema(String deadLetterSchema) {
            this.deadLetterSchema = deadLetterSchema;
        }
    }

    /** The recoverer of {@code brane.events.listener.recoverer}. */
    public enum RecovererType {
        /** An ERROR line and a BraneListenerFailedEvent, then the log is skipped. */
        LOG,
        /** A row in brane_event_dead_letter of the events' database, a BraneListenerFailedEvent, then the skip. */
        JDBC
    }

    /** Spring's {@code ExponentialBackOff} between calls of a failing listener method with the same log. */
    public static class Retry {

        /**
         * Calls of the method with one log, the first included, before the log goes to the recoverer (1: no retry).
         */
        private int maxAttempts = 10;

        /** Wait before the second call. */
        private Duration initialInterval = Duration.ofSeconds(1);

        /** Factor applied to the wait after each further failure (1: a fixed interval). */
        private double multiplier = 2.0;

        /** Longest wait between two calls. */
        private Duration maxInterval = Duration.ofSeconds(30);

        public int getMaxAttempts() {
            return this.maxAttempts;
        }

        public void setMaxAttempts(int maxAttempts) {
            this.maxAttempts = maxAttempts;
        }

        public Duration getInitialInterval() {
            return this.initialInterval;
        }

        public void setInitialInterval(Duration initialInterval) {
            this.initialInterval = initialInterval;
        }

        public double getMultiplier() {
            return this.multiplier;
        }

        public void setMultiplier(double multiplier) {
            this.multiplier = multiplier;
        }

        public Duration getMaxInterval() {
            return this.maxInterval;
        }

        public void setMaxInterval(Duration maxInterval) {
            this.maxInterval = maxInterval;
        }
    }

    public StoreType getStore() {
        return this.store;
    }

    public void setStore(StoreType store) {
        this.store = store;
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

    public Duration getSubscribedPollInterval() {
        return this.subscribedPollInterval;
    }

    public void setSubscribedPollInterval(Duration subscribedPollInterval) {
        this.subscribedPollInterval = subscribedPollInterval;
    }

    public int getChunkSize() {
        return this.chunkSize;
    }

    public void setChunkSize(int chunkSize) {
        this.chunkSize = chunkSize;
    }

    public int getReorgWindow() {
        return this.reorgWindow;
    }

    public void setReorgWindow(int reorgWindow) {
        this.reorgWindow = reorgWindow;
    }

    public Duration getLeaseTtl() {
        return this.leaseTtl;
    }

    public void setLeaseTtl(Duration leaseTtl) {
        this.leaseTtl = leaseTtl;
    }

    public boolean isAutoStartup() {
        return this.autoStartup;
    }

    public void setAutoStartup(boolean autoStartup) {
        this.autoStartup = autoStartup;
    }

    public Map<String, Stream> getStreams() {
        return this.streams;
    }

    public void setStreams(Map<String, Stream> streams) {
        this.streams = streams;
    }
}
