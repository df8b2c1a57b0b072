package sh.brane.spring.boot.autoconfigure.events;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** Log streams behind {@link BraneEventListener} methods: defaults, checkpoint store, and settings per stream. */
@ConfigurationProperties("brane.events")
public class BraneEventsProperties {

    /** Which checkpoint store: AUTO (JDBC over the application's DataSource when it has one, else in memory), JDBC, MEMORY. */
    private StoreType store = StoreType.AUTO;

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

    /** Whether listener streams start with the application context. */
    private boolean autoStartup = true;

    /**
     * Settings per stream id (chain, contract, address, from-block, confirmations, poll-interval), as on
     * {@code @BraneEventListener}.
     */
    private Map<String, Stream> streams = new LinkedHashMap<>();

    public enum StoreType {
        AUTO, JDBC, MEMORY
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
