package sh.brane.client.events;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;
import java.util.function.Function;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sh.brane.client.BraneClient;
import sh.brane.client.Log;
import sh.brane.client.LogFilter;
import sh.brane.client.contract.BoundContract;
import sh.brane.client.contract.EventBinding;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.rpc.InvalidOptionException;

/**
 * Configures a {@link LogStream}: what to read (addresses, topics, or one typed event), from where, how many
 * confirmations, and where its checkpoint lives. Every bad value is refused with an {@link InvalidOptionException}
 * naming the option and the allowed range.
 *
 * @param <E> what the handler receives: an event record, or {@link Log}
 */
public final class LogStreamBuilder<E> {
    private static final Logger LOG = LoggerFactory.getLogger(LogStream.class);

    final BraneClient client;
    String name = "logs";
    final List<Address> addresses = new ArrayList<>();
    List<List<Hash>> topics = List.of();
    Function<Log, E> decoder;
    String eventName;
    long fromBlock = 0;
    boolean fromLatest;
    int confirmations = 1;
    Duration pollInterval = Duration.ofSeconds(1);
    Duration subscribedPollInterval = Duration.ofSeconds(30);
    int chunkSize = 2_000;
    int reorgWindow = 128;
    int maxRememberedLogs = 50_000;
    CheckpointStore store;
    String owner;
    Duration leaseTtl = Duration.ofSeconds(15);
    boolean subscribe = true;
    ThreadFactory threadFactory;
    Consumer<Exception> onError = e -> LOG.warn("log stream: {}", e.getMessage());

    LogStreamBuilder(BraneClient client, Function<Log, E> decoder) {
        if (client == null) {
            throw new IllegalArgumentException("a log stream needs a BraneClient, got null");
        }
        this.client = client;
        this.decoder = decoder;
    }

    private <T> LogStreamBuilder<T> retyped(Function<Log, T> decoder, String eventName) {
        LogStreamBuilder<T> b = new LogStreamBuilder<>(client, decoder);
        b.name = name;
        b.addresses.addAll(addresses);
        b.topics = topics;
        b.eventName = eventName;
        b.fromBlock = fromBlock;
        b.fromLatest = fromLatest;
        b.confirmations = confirmations;
        b.pollInterval = pollInterval;
        b.subscribedPollInterval = subscribedPollInterval;
        b.chunkSize = chunkSize;
        b.reorgWindow = reorgWindow;
        b.maxRememberedLogs = maxRememberedLogs;
        b.store = store;
        b.owner = owner;
        b.leaseTtl = leaseTtl;
        b.subscribe = subscribe;
        b.threadFactory = threadFactory;
        b.onError = onError;
        return b;
    }

    /** The stream's name: the key of its checkpoint and lease (one per consumer of a stream). */
    public LogStreamBuilder<E> name(String name) {
        if (name == null || name.isBlank() || name.length() > 200) {
            throw new InvalidOptionException("name", String.valueOf(name), "must be 1..200 characters");
        }
        this.name = name;
        return this;
    }

    /** Emitting contracts (several are alternatives); none: any contract. */
    public LogStreamBuilder<E> address(Address... contracts) {
        addresses.addAll(List.of(contracts));
        return this;
    }

    /** Addresses and topics from {@code filter} (its block range, if any, is ignored: see {@link #fromBlock}). */
    public LogStreamBuilder<E> filter(LogFilter filter) {
        addresses.addAll(filter.addresses());
        topics = filter.topics();
        return this;
    }

    /** Only logs of {@code binding}'s event (topic 0), decoded into its record. */
    public <T extends Record> LogStreamBuilder<T> event(EventBinding<T> binding) {
        if (binding.event().anonymous()) {
            throw new InvalidOptionException("event", binding.event().signature(),
                    "must not be anonymous (a stream selects an event by its topic 0)");
        }
        List<List<Hash>> t = new ArrayList<>(topics.isEmpty() ? List.of() : topics);
        if (t.isEmpty()) {
            t.add(List.of(binding.event().topic0()));
        } else {
            t.set(0, List.of(binding.event().topic0()));
        }
        LogStreamBuilder<T> b = retyped(binding::decode, binding.event().signature());
        b.topics = java.util.Collections.unmodifiableList(t);
        return b;
    }

    /** {@code type}'s event of {@code contract} (a bound contract interface), at its address. */
    public <T extends Record> LogStreamBuilder<T> event(BoundContract contract, Class<T> type) {
        return address(contract.contractAddress()).event(EventBinding.of(type, contract.contractAbi()));
    }

    /** The first block to read when the store has no checkpoint yet (default 0). */
    public LogStreamBuilder<E> fromBlock(long block) {
        if (block < 0) {
            throw new InvalidOptionException("fromBlock", Long.toString(block), "must be 0 or more");
        }
        this.fromBlock = block;
        this.fromLatest = false;
        return this;
    }

    /** Without a checkpoint, start after the block confirmed at start-up (skip history). */
    public LogStreamBuilder<E> fromLatest() {
        this.fromLatest = true;
        return this;
    }

    /** A block's logs are delivered once it has this many confirmations, its own block counting as one (default 1). */
    public LogStreamBuilder<E> confirmations(int confirmations) {
        if (confirmations < 1 || confirmations > 10_000) {
            throw new InvalidOptionException("confirmations", Integer.toString(confirmations),
                    "must be 1..10000 blocks (1: deliver at the head)");
        }
        this.confirmations = confirmations;
        return this;
    }

    /**
     * How often the head is polled while no {@code newHeads} subscription is live (HTTP, or a WebSocket between a
     * lost subscription and its renewal). Default 1 s.
     */
    public LogStreamBuilder<E> pollInterval(Duration interval) {
        this.pollInterval = interval(interval, "pollInterval");
        return this;
    }

    /**
     * How often the head is polled while a {@code newHeads} subscription is live: a safety net only (heads wake the
     * stream at once), bounding how long a subscription that went silent without an error can delay delivery.
     * Default 30 s.
     */
    public LogStreamBuilder<E> subscribedPollInterval(Duration interval) {
        this.subscribedPollInterval = interval(interval, "subscribedPollInterval");
        return this;
    }

    private static Duration interval(Duration interval, String option) {
        if (interval == null || interval.toMillis() < 1 || interval.compareTo(Duration.ofHours(1)) > 0) {
            throw new InvalidOptionException(option, String.valueOf(interval), "must be 1 ms..1 h");
        }
        return interval;
    }

    /** Blocks per {@code eth_getLogs} while backfilling (halved while the node refuses). Default 2,000. */
    public LogStreamBuilder<E> chunkSize(int blocks) {
        if (blocks < 1 || blocks > ChunkedLogFetcher.MAX_CHUNK) {
            throw new InvalidOptionException("chunkSize", Integer.toString(blocks),
                    "must be 1.." + ChunkedLogFetcher.MAX_CHUNK + " blocks");
        }
        this.chunkSize = blocks;
        return this;
    }

    /**
     * How many recent blocks (and at most how many of their logs) are remembered to detect reorganisations and
     * report removals. Default 128 blocks, 50,000 logs.
     */
    public LogStreamBuilder<E> reorgWindow(int blocks, int maxLogs) {
        if (blocks < 2 || blocks > 10_000) {
            throw new InvalidOptionException("reorgWindow", Integer.toString(blocks), "must be 2..10000 blocks");
        }
        if (maxLogs < 1 || maxLogs > 1_000_000) {
            throw new InvalidOptionException("reorgWindowLogs", Integer.toString(maxLogs), "must be 1..1000000 logs");
        }
        this.reorgWindow = blocks;
        this.maxRememberedLogs = maxLogs;
        return this;
    }

    /**
     * Where the checkpoint and lease live (default: in memory). {@code leaseTtl}: how long an instance that stopped
     * renewing keeps the stream; another takes over within it plus the smaller of a poll interval and a third of it
     * (the lease is renewed, and tried by waiting instances, every third of it, whatever the poll interval).
     */
    public LogStreamBuilder<E> checkpoints(CheckpointStore store, Duration leaseTtl) {
        if (store == null) {
            throw new IllegalArgumentException("checkpoint store must not be null");
        }
        if (leaseTtl == null || leaseTtl.toMillis() < 100 || leaseTtl.compareTo(Duration.ofHours(1)) > 0) {
            throw new InvalidOptionException("leaseTtl", String.valueOf(leaseTtl), "must be 100 ms..1 h");
        }
        this.store = store;
        this.leaseTtl = leaseTtl;
        return this;
    }

    /** This instance's name in the lease (default: host, process id and a random suffix). */
    public LogStreamBuilder<E> owner(String owner) {
        if (owner == null || owner.isBlank() || owner.length() > 200) {
            throw new InvalidOptionException("owner", String.valueOf(owner), "must be 1..200 characters");
        }
        this.owner = owner;
        return this;
    }

    /**
     * Whether to follow the head live over a {@code newHeads} subscription when the provider can subscribe (default
     * true); false polls every {@link #pollInterval} on any provider.
     */
    public LogStreamBuilder<E> subscribeToHeads(boolean subscribe) {
        this.subscribe = subscribe;
        return this;
    }

    /**
     * Makes the stream's one thread (default: a platform daemon thread named {@code brane-log-stream-<name>}); for
     * example {@code Thread.ofVirtual().name("brane-log-stream-" + name).factory()} to run on a virtual thread.
     */
    public LogStreamBuilder<E> threadFactory(ThreadFactory factory) {
        if (factory == null) {
            throw new IllegalArgumentException("threadFactory must not be null (leave it unset for the default)");
        }
        this.threadFactory = factory;
        return this;
    }

    /**
     * Receives what goes wrong without stopping the stream: {@link UndecodableLogException} (the log is skipped),
     * a handler's exception (delivered again later), node and store failures (retried), {@link LeaseLostException},
     * {@link ReorgBeyondWindowException}, {@link LogsNotYetAvailableException} (the stream waits for the block). Default: a WARN log line.
     */
    public LogStreamBuilder<E> onError(Consumer<Exception> onError) {
        this.onError = onError;
        return this;
    }

    /** The stream, not yet started. */
    public LogStream<E> build(LogHandler<E> handler) {
        if (handler == null) {
            throw new IllegalArgumentException("a log stream needs a handler, got null");
        }
        if (store == null) {
            store = new InMemoryCheckpointStore();
        }
        if (owner == null) {
            owner = ManagementFactory.getRuntimeMXBean().getName() + "-" + UUID.randomUUID().toString().substring(0, 8);
        }
        return new LogStream<>(this, handler);
    }
}
