package sh.brane.client.events;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sh.brane.client.Block;
import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.Log;
import sh.brane.core.types.Hash;

/**
 * Event ingestion that survives reorganisations and restarts. From its checkpoint (or its start block) the stream
 * backfills with chunked {@code eth_getLogs} (a range the node refuses as too large is split in half), then follows
 * the head block by block: live, woken by a {@code newHeads} subscription when the provider can subscribe
 * ({@link sh.brane.rpc.BraneProvider#canSubscribe()}), with a slow safety poll; by polling otherwise. A block's logs
 * are delivered once it has the configured confirmations. Each block followed is checked against its parent
 * hash, and its logs are asked by its hash, so a node behind the one that served the header cannot pass an empty
 * answer for it ({@link BlockLogs}); when the chain reorganises, the logs delivered from abandoned blocks are
 * delivered again as removals (newest first) and the stream goes on along the new chain. Delivery is at least once: the checkpoint (block number and
 * hash) is committed after the handler returned for the block's logs, so after a crash, an error or a takeover the
 * logs after the last checkpoint are delivered again, and never those before it.
 *
 * <p>Exactly one instance consumes a stream at a time: each holds the stream's lease in the {@link CheckpointStore}
 * while it runs (renewed on every pass) and the others wait; when the holder dies another takes over once the lease
 * expired. Memory is bounded: one {@code eth_getLogs} answer at a time, and a window of recent blocks with their
 * delivered logs ({@link LogStreamBuilder#reorgWindow}).
 *
 * <pre>{@code
 * LogStream<Erc20.Transfer> deposits = LogStream.builder(client).name("usdc-deposits")
 *         .event(usdc, Erc20.Transfer.class).fromBlock(19_000_000).confirmations(12)
 *         .checkpoints(new JdbcCheckpointStore(dataSource), Duration.ofSeconds(15))
 *         .build(log -> ledger.apply(log.event(), log.removed()));
 * deposits.start();
 * }</pre>
 *
 * <p><b>Why {@code newHeads} as a trigger, not a {@code logs} subscription.</b> A head notification only wakes the
 * stream; what it then reads is what a poll reads: every block from the last delivered one to the head, each checked
 * against its parent hash, and the range's logs with {@code eth_getLogs}. So there is one path for confirmations,
 * reorganisations and checkpoints, whichever transport pushes or does not. A {@code logs} subscription would need a
 * second one: its {@code removed: true} notifications carry no parent hashes, say nothing about blocks without logs
 * (so neither confirmations nor a reorganisation of an empty block can be counted from them), and what was missed
 * across a reconnect is unknown, which ends in an {@code eth_getLogs} catch-up anyway. The cost of the trigger: one
 * {@code eth_blockNumber}, one {@code eth_getBlockByNumber} per new block and one {@code eth_getLogs} per wake-up.
 * A gap (a reconnect) or the subscription's death also wakes the stream, which catches up from its checkpoint; a
 * subscription that stays silent (a node that stopped pushing) is covered by the safety poll
 * ({@link LogStreamBuilder#subscribedPollInterval}), so it delays the stream at most that long, never stalls it.
 *
 * <p>Over 400 lines on purpose: the cursor, the window of recent blocks and the lease form one state machine driven
 * by the stream's one thread; backfill, follow and unwind each read and move all three.
 *
 * @param <E> the event record, or {@link Log}
 */
public final class LogStream<E> implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LogStream.class);
    private static final long JOIN_MILLIS = 10_000;

    private final LogStreamBuilder<E> config;
    private final LogHandler<E> handler;
    private final BraneClient client;
    private final CheckpointStore store;
    private final ChunkedLogFetcher fetcher;
    private final BlockLogs blockLogs;
    private final RecentBlocks<E> recent;
    private final HeadSubscription heads;
    private final LogStreamStats stats = new LogStreamStats();
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition woken = lock.newCondition();
    private boolean wake;
    private volatile boolean running;
    private volatile boolean paused;
    private volatile boolean leased;
    private volatile Checkpoint cursor;
    /** A resumed checkpoint whose block the node did not hold yet: compared with the chain's once it does. */
    private boolean checkpointUnverified;
    /** The newest remembered block as the last pass found it missing, below what the stream remembers; or null. */
    private TipMissing tipMissing;
    private Thread thread;

    LogStream(LogStreamBuilder<E> config, LogHandler<E> handler) {
        this.config = config;
        this.handler = handler;
        this.client = config.client;
        this.store = config.store;
        this.fetcher = new ChunkedLogFetcher(client, config.addresses, config.topics, config.chunkSize);
        this.blockLogs = new BlockLogs(config.name, fetcher, stats, this::report);
        this.recent = new RecentBlocks<>(config.reorgWindow, config.maxRememberedLogs);
        this.heads = config.subscribe ? new HeadSubscription(config.name, client.provider(), this::wake) : null;
    }

    /** A stream of raw logs; {@link LogStreamBuilder#event} makes it a stream of event records. */
    public static LogStreamBuilder<Log> builder(BraneClient client) {
        return new LogStreamBuilder<>(client, Function.identity());
    }

    /** Starts consuming on a thread of its own (once it holds the lease). */
    public synchronized LogStream<E> start() {
        if (thread != null) {
            throw new IllegalStateException("log stream '" + config.name + "' was already started");
        }
        running = true;
        thread = config.threadFactory == null
                ? Thread.ofPlatform().name("brane-log-stream-" + config.name).daemon().unstarted(this::run)
                : config.threadFactory.newThread(this::run);
        thread.start();
        return this;
    }

    /**
     * Stops delivering after the block being delivered (its checkpoint committed), keeping the lease so no other
     * instance takes the stream over; {@link #resume()} goes on from there.
     */
    public void pause() {
        paused = true;
    }

    /** Delivers again after {@link #pause()}, at once. */
    public void resume() {
        paused = false;
        wake();
    }

    /** True between {@link #pause()} and {@link #resume()}. */
    public boolean isPaused() {
        return paused;
    }

    /**
     * Renews this instance's lease, for a handler that holds a delivery longer than the lease's time to live (a retry
     * with backoff): the stream renews it only between deliveries. Thread-safe.
     *
     * @throws LeaseLostException if another instance holds the stream now (the delivery should end: the other one
     *                            delivers from the last checkpoint)
     */
    public void keepLease() {
        if (!store.tryAcquire(config.name, config.owner, config.leaseTtl)) {
            throw new LeaseLostException(config.name, config.owner);
        }
    }

    /** The stream's name (its checkpoint's key). */
    public String name() {
        return config.name;
    }

    /** True while this instance holds the stream's lease and consumes it. */
    public boolean isConsuming() {
        return leased && running;
    }

    /** The last block delivered (committed or about to be), or empty before the first pass. */
    public Optional<Checkpoint> position() {
        return Optional.ofNullable(cursor);
    }

    /** Counters and positions of this stream (for metrics). */
    public LogStreamStats stats() {
        return stats;
    }

    /** True while a {@code newHeads} subscription wakes the stream (it then polls only as a safety net). */
    public boolean isSubscribed() {
        return heads != null && heads.isLive();
    }

    /** {@code eth_getLogs} requests sent (splits included). */
    public int logRequests() {
        return fetcher.requests();
    }

    private void wake() {
        lock.lock();
        try {
            wake = true;
            woken.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Whether something woke the stream since the last call (a head, a gap, an unwind, close), clearing it. */
    private boolean takeWake() {
        lock.lock();
        try {
            boolean was = wake;
            wake = false;
            return was;
        } finally {
            lock.unlock();
        }
    }

    private void sleep(long nanos) {
        lock.lock();
        try {
            while (!wake && running && nanos > 0) {
                nanos = woken.awaitNanos(nanos);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        } finally {
            lock.unlock();
        }
    }

    /**
     * The stream's thread. A pass runs when something woke it or the poll is due: {@code pollInterval} without a live
     * subscription, {@code subscribedPollInterval} with one. The lease is renewed every third of its time to live in
     * any case, so a long poll interval never lets a live consumer's lease expire; a waiting instance tries it every
     * third of its time to live and no more often, whatever wakes it.
     */
    private void run() {
        long nextPoll = System.nanoTime();
        long nextLeaseTry = nextPoll;
        while (running) {
            if (heads != null) {
                heads.ensure();
            }
            if (!leased) {
                // a standby tries the lease every third of its time to live, not at block rate: new heads and short
                // polls would otherwise cost the shared store one write per block per waiting instance
                long wait = nextLeaseTry - System.nanoTime();
                if (wait > 0) {
                    takeWake();
                    sleep(wait);
                    continue;
                }
                nextLeaseTry = System.nanoTime() + config.leaseTtl.toNanos() / 3;
            }
            boolean due = takeWake() || System.nanoTime() - nextPoll >= 0;
            if (due) {
                nextPoll = System.nanoTime() + (isSubscribed() ? config.subscribedPollInterval : config.pollInterval)
                        .toNanos();
            }
            try {
                boolean wasLeased = leased;
                if (holdLease() && (due || !wasLeased) && !paused) {
                    pass();
                }
            } catch (LeaseLostException e) {
                leased = false;
                report(e);
            } catch (RuntimeException e) {
                report(e);
            } catch (Error e) {
                LOG.error("log stream '{}' stopped", config.name, e);
                throw e;
            }
            sleep(Math.min(nextPoll - System.nanoTime(), config.leaseTtl.toNanos() / 3));
        }
    }

    /** Takes or renews the lease; on taking it, (re)loads the checkpoint. */
    private boolean holdLease() {
        boolean held = store.tryAcquire(config.name, config.owner, config.leaseTtl);
        if (!held) {
            if (leased) {
                leased = false;
                report(new LeaseLostException(config.name, config.owner));
            }
            return false;
        }
        if (!leased) {
            loadCheckpoint();
            leased = true;
            LOG.info("log stream '{}': instance '{}' consumes from block {}", config.name, config.owner,
                    cursor == null ? "latest" : cursor.blockNumber() + 1);
        }
        return true;
    }

    private void loadCheckpoint() {
        recent.clear();
        checkpointUnverified = false;
        Optional<Checkpoint> saved = store.load(config.name);
        if (saved.isEmpty()) {
            cursor = config.fromLatest ? null : new Checkpoint(config.fromBlock - 1, null);
            return;
        }
        Checkpoint cp = saved.get();
        cursor = cp;
        stats.checkpoint(cp.blockNumber());
        checkpointUnverified = cp.blockHash() != null && cp.blockNumber() >= 0;
        if (checkpointUnverified && !verifyCheckpoint()) {
            report(new CheckpointAheadOfChainException(config.name, cp.blockNumber(), client.blockNumber()));
        }
    }

    /**
     * Compares the checkpoint's block with the chain's once the node holds it, and remembers it as the parent of the
     * next block. Returns false while the node has no such block: it is behind (syncing, a lagging fallback) or holds
     * another chain. Treating that absence as a reorganisation would move the checkpoint back below a block whose
     * logs were delivered (delivered again once the node catches up); waiting costs nothing.
     */
    private boolean verifyCheckpoint() {
        Checkpoint cp = cursor;
        Optional<Block> canonical = client.getBlockByNumber(BlockTag.number(cp.blockNumber()), false);
        if (canonical.isEmpty()) {
            return false;
        }
        if (!canonical.get().hash().equals(cp.blockHash())) {
            stats.reorg();
            report(new ReorgBeyondWindowException(config.name, cp.blockNumber(), cp.blockHash(), canonical.get().hash()));
            cursor = new Checkpoint(cp.blockNumber(), canonical.get().hash());
        }
        recent.add(new RecentBlocks.Entry<>(cursor.blockNumber(), cursor.blockHash(), List.of()));
        checkpointUnverified = false;
        return true;
    }

    /** Delivers every block that has its confirmations, backfilling in chunks far from the head. */
    private void pass() {
        long head = client.blockNumber();
        stats.head(head);
        long target = head - (config.confirmations - 1);
        if (cursor == null) {
            cursor = new Checkpoint(Math.max(-1, target), null); // fromLatest: start after what is confirmed now
        }
        if (checkpointUnverified && (head < cursor.blockNumber() || !verifyCheckpoint())) {
            return; // the node does not hold the checkpoint's block yet: nothing after it to deliver either
        }
        if (cursor.blockHash() == null && cursor.blockNumber() >= 0 && cursor.blockNumber() <= head) {
            // a fresh start: remember the block before the first one, so a reorganisation of the first blocks
            // is unwound down to it rather than reported as beyond the window
            Block before = client.getBlockByNumber(BlockTag.number(cursor.blockNumber()), false).orElse(null);
            if (before != null) {
                recent.clear();
                recent.add(new RecentBlocks.Entry<>(before.number(), before.hash(), List.of()));
                commit(new Checkpoint(before.number(), before.hash()));
            }
        }
        if (target <= cursor.blockNumber()) {
            checkTip(head); // no new block to deliver: the ones delivered may still have been replaced
            return;
        }
        tipMissing = null;
        while (running && !paused && target > cursor.blockNumber()) {
            long next = cursor.blockNumber() + 1;
            long behind = target - next + 1;
            boolean moved = behind > recent.capacity()
                    ? backfill(next, Math.min(target - recent.capacity(), next + fetcher.chunk() - 1))
                    : follow(next, target);
            if (!moved) {
                return; // the chain moved while we read it, or the node cannot give a block's logs yet: next pass
            }
            if (!store.tryAcquire(config.name, config.owner, config.leaseTtl)) {
                throw new LeaseLostException(config.name, config.owner);
            }
        }
    }

    /**
     * Unwinds if the newest remembered block is no longer the chain's. Another block at its height (a same-height
     * fork): at once. No block at its height: the node may be behind (a balancer's other node, a syncing fallback)
     * rather than on a shorter chain, and removals are final to the handler (an indexer deletes what it stored, a
     * payments service may take a deposit back), so the node's own head block decides: one the stream remembers
     * under another hash means another chain (a node restarted as a fresh chain), unwound at once; the same hash
     * means the same chain, only shorter or behind, which waits (a chain that did get shorter is unwound when it grows
     * again: another block at that height, or a next block whose parent is not the remembered one). A head below
     * what the stream remembers cannot be compared: it is unwound when two passes in a row find the same.
     */
    private void checkTip(long head) {
        RecentBlocks.Entry<E> newest = recent.newest();
        if (newest == null || newest.hash() == null || newest.number() < 0) {
            return;
        }
        Optional<Block> canonical = client.getBlockByNumber(BlockTag.number(newest.number()), false);
        if (canonical.isPresent()) {
            tipMissing = null;
            if (!canonical.get().hash().equals(newest.hash())) {
                unwind();
            }
            return;
        }
        Hash remembered = head >= 0 && head < newest.number() ? recent.hashAt(head) : null;
        if (remembered != null) {
            tipMissing = null;
            Optional<Block> atHead = client.getBlockByNumber(BlockTag.number(head), false);
            if (atHead.isPresent() && !atHead.get().hash().equals(remembered)) {
                unwind();
            }
            return;
        }
        TipMissing now = new TipMissing(newest.number(), head);
        if (!now.equals(tipMissing)) {
            tipMissing = now;
            return;
        }
        tipMissing = null;
        unwind();
    }

    /** The newest remembered block's height, missing at the node when the node's head was {@code head}. */
    private record TipMissing(long number, long head) {
    }

    /**
     * Blocks far below the head, taken as final: their logs delivered answer by answer (a range the node refuses as
     * too large is split, and each piece delivered and checkpointed before the next is asked, so memory holds one
     * answer), the checkpoint moved to {@code to}. The last block's logs are asked by its hash, not in the range: a
     * node that does not hold it answers an error, read as "not yet" (false, nothing past the last piece committed),
     * where a range query answered by a replica behind would have said "no logs". The blocks before it come from range
     * answers, which a replica could only get short by lagging the whole reorganisation window behind the head.
     */
    private boolean backfill(long from, long to) {
        Block end = client.getBlockByNumber(BlockTag.number(to), false)
                .orElseThrow(() -> new IllegalStateException("the node has no block " + to + " below its head"));
        List<Log> last = blockLogs.read(blockLogs.ask(end), end);
        if (last == null) {
            return false;
        }
        if (to > from && !fetcher.fetch(from, to - 1, this::deliverPiece)) {
            return false; // paused or closed between two answers: each delivered one is committed
        }
        for (Log log : last) {
            deliver(log);
        }
        recent.clear();
        recent.add(new RecentBlocks.Entry<>(to, end.hash(), List.of()));
        commit(new Checkpoint(to, end.hash()));
        return true;
    }

    /** One backfill answer: delivered, then committed (if it held logs) so a restart does not ask it again. */
    private boolean deliverPiece(long from, long to, List<Log> logs) {
        for (Log log : logs) {
            deliver(log);
        }
        if (!logs.isEmpty()) {
            commit(new Checkpoint(to, null)); // final blocks: the hash is read again if the stream resumes here
        } else {
            cursor = new Checkpoint(to, null);
        }
        return running && !paused;
    }

    /**
     * Blocks near the head, each checked against its parent. Returns false if the chain changed while it was read.
     */
    private boolean follow(long from, long to) {
        List<CompletableFuture<Optional<Block>>> asked = new ArrayList<>();
        for (long n = from; n <= to; n++) {
            asked.add(client.async().getBlockByNumber(BlockTag.number(n), false));
        }
        List<Block> blocks = new ArrayList<>(asked.size());
        for (CompletableFuture<Optional<Block>> f : asked) {
            Optional<Block> b;
            try {
                b = f.join();
            } catch (CompletionException e) {
                throw e.getCause() instanceof RuntimeException cause ? cause : e; // the node's error, as itself
            }
            if (b.isEmpty()) {
                break; // a node behind a balancer may not have it yet
            }
            blocks.add(b.get());
        }
        if (blocks.isEmpty()) {
            return false;
        }
        Hash parent = recent.isEmpty() ? null : recent.newest().hash();
        for (int i = 0; i < blocks.size(); i++) {
            Block b = blocks.get(i);
            if (parent != null && !b.header().parentHash().equals(parent)) {
                if (i == 0) {
                    unwind();
                }
                return false;
            }
            parent = b.hash();
        }
        // each block's logs by its hash (EIP-234), asked together: an empty answer then means "no logs" from a node
        // that holds that very block, never "not there yet" from a replica behind the node that served the header
        List<CompletableFuture<List<Log>>> logsAsked = new ArrayList<>(blocks.size());
        for (Block b : blocks) {
            logsAsked.add(blockLogs.ask(b));
        }
        for (int i = 0; i < blocks.size(); i++) {
            Block b = blocks.get(i);
            List<Log> logs = running && !paused ? blockLogs.read(logsAsked.get(i), b) : null;
            if (logs == null) {
                for (int j = i + 1; j < logsAsked.size(); j++) {
                    logsAsked.get(j).exceptionally(e -> null); // answered or not, no longer read
                }
                if (i > 0) {
                    commit(cursor);
                }
                return false; // nothing past the previous block: looked at again on the next pass
            }
            List<StreamedLog<E>> delivered = new ArrayList<>();
            for (Log log : logs) {
                StreamedLog<E> s = deliver(log);
                if (s != null) {
                    delivered.add(s);
                }
            }
            recent.add(new RecentBlocks.Entry<>(b.number(), b.hash(), List.copyOf(delivered)));
            cursor = new Checkpoint(b.number(), b.hash());
            if (!delivered.isEmpty() || i == blocks.size() - 1) {
                commit(cursor);
            }
        }
        return true;
    }

    /**
     * The newest remembered block is no longer the parent of the chain's next block: walks back to the newest block
     * the chain still holds, delivering the logs of each abandoned block as removals (newest first) and moving the
     * checkpoint back with it.
     */
    private void unwind() {
        boolean counted = false;
        boolean replacedSeen = false;
        while (!recent.isEmpty()) {
            RecentBlocks.Entry<E> e = recent.newest();
            Optional<Block> canonical = client.getBlockByNumber(BlockTag.number(e.number()), false);
            if (canonical.isPresent() && canonical.get().hash().equals(e.hash())) {
                return;
            }
            if (canonical.isEmpty() && replacedSeen) {
                // below a block the chain replaced, a block the node does not have is not known to be gone: the fork
                // may be just above it, and this answer from a node behind (a balancer's other node). Removals are
                // final to the handler, so it is left to the tip check, which waits for the node to show it or not
                wake();
                return;
            }
            replacedSeen |= canonical.isPresent();
            if (!counted) {
                counted = true;
                stats.reorg();
            }
            List<StreamedLog<E>> delivered = e.delivered();
            for (int i = delivered.size() - 1; i >= 0; i--) {
                handle(delivered.get(i).asRemoved());
                stats.removed();
            }
            recent.removeNewest();
            if (recent.isEmpty()) {
                Hash now = canonical.map(Block::hash).orElse(null);
                report(new ReorgBeyondWindowException(config.name, e.number(), e.hash(), now));
                cursor = new Checkpoint(e.number() - 1, null);
            } else {
                cursor = new Checkpoint(recent.newest().number(), recent.newest().hash());
            }
            commit(cursor);
            LOG.info("log stream '{}': block {} ({}) left the chain; {} logs delivered as removed", config.name,
                    e.number(), e.hash(), delivered.size());
            // the new chain's blocks may all be there already, announced by heads that woke this very pass: the
            // stream looks again at once rather than at the next head (on a quiet chain, the safety poll's)
            wake();
        }
    }

    /** Decodes and hands one log over; null if it did not decode (reported, skipped). */
    private StreamedLog<E> deliver(Log log) {
        E value;
        try {
            value = config.decoder.apply(log);
        } catch (RuntimeException e) {
            stats.decodeFailure();
            report(new UndecodableLogException(log, config.eventName == null ? "a log" : config.eventName, e));
            return null;
        }
        StreamedLog<E> s = new StreamedLog<>(value, log, false);
        handle(s);
        stats.delivered();
        return s;
    }

    private void handle(StreamedLog<E> s) {
        try {
            handler.onLog(s);
        } catch (RuntimeException e) {
            throw new LogHandlerException(config.name, s, e);
        } catch (Exception e) {
            throw new LogHandlerException(config.name, s, e);
        }
    }

    private void commit(Checkpoint checkpoint) {
        store.commit(config.name, config.owner, checkpoint);
        cursor = checkpoint;
        stats.checkpoint(checkpoint.blockNumber());
    }

    private void report(Exception e) {
        try {
            config.onError.accept(e);
        } catch (RuntimeException ignored) {
            LOG.warn("log stream '{}': the error handler failed on {}", config.name, e.getMessage(), ignored);
        }
    }

    /** Stops consuming, waits for the current delivery to end, and gives the lease up. */
    @Override
    public void close() {
        Thread t;
        synchronized (this) {
            running = false;
            t = thread;
        }
        wake();
        if (heads != null) {
            heads.close();
        }
        if (t != null && t != Thread.currentThread()) {
            try {
                t.join(TimeUnit.MILLISECONDS.toMillis(JOIN_MILLIS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (leased) {
            leased = false;
            try {
                store.release(config.name, config.owner);
            } catch (RuntimeException e) {
                LOG.warn("log stream '{}': could not release its lease: {}", config.name, e.getMessage());
            }
        }
    }

    @Override
    public String toString() {
        return "LogStream[" + config.name + ", owner=" + config.owner + ", at=" + cursor + "]";
    }
}
