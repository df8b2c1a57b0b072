package sh.brane.client.tx;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import sh.brane.client.Block;
import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.core.types.Hash;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.EndpointStatus;

/**
 * Whether the node a sender talks to is the chain its journal belongs to: its {@code eth_chainId} is the pinned one,
 * and its genesis block (block 0's hash) is the one the journal was first bound to. A node can be replaced under a
 * running service by a fresh chain with the same chain id (a devnet restarted, a load balancer pointed elsewhere);
 * the journal's signed transactions are valid there too, so re-sending them would pay again.
 *
 * <p>When it is asked: {@link #verify()} always asks the node (the tracker, before every pass that may re-send
 * anything); {@link #ensureVerified()} (before every signature) asks again when the last answer is older than the
 * maximum age, when the provider's endpoints changed their connected or in-rotation state since (a reconnect, an
 * endpoint leaving or returning to a fallback's rotation), or after a call failed for a transport reason
 * ({@link #connectionTrouble()}: a node that went away may come back as another chain). A reconnect between two
 * looks shows as a new {@link EndpointStatus#connectionEpoch() connection epoch}; the maximum age covers what no
 * connection shows (a transport that does not count its connections, a load balancer that switches its upstream
 * behind a kept-alive connection).
 *
 * <p>A mismatch is kept as the verdict ({@link #mismatch()}, for health) and thrown to every caller until the node is
 * the right chain again: asked at most once per maximum age meanwhile.
 */
public final class ChainIdentity {
    private static final Logger LOG = LoggerFactory.getLogger(ChainIdentity.class);

    /**
     * How long a verdict is trusted when nothing in the provider's status changed: a busy sender asks about once a
     * second (two small calls), and a replaced node can get at most this long of signatures before it is noticed.
     */
    public static final Duration DEFAULT_MAX_AGE = Duration.ofSeconds(1);

    private final BraneClient client;
    private final ChainIdGuard chain;
    private final TransactionStore store;
    private volatile long maxAgeNanos;
    private final LongSupplier nanoTime;
    private final ReentrantLock asking = new ReentrantLock();

    /** When the node last answered both questions (System.nanoTime), valid only while {@link #checked}. */
    private volatile long checkedAt;
    private volatile boolean checked;
    /** The provider's endpoints' (connected, in rotation, connection epoch) when the node last answered. */
    private volatile List<Object> statusAtCheck = List.of();
    private volatile ChainIdentityException mismatch;
    /** Verdicts found elsewhere (a start-up check that closed the endpoint): asked before the node. */
    private final List<Supplier<Optional<? extends ChainIdentityException>>> outside =
            new java.util.concurrent.CopyOnWriteArrayList<>();

    ChainIdentity(BraneClient client, ChainIdGuard chain, TransactionStore store, Duration maxAge,
            LongSupplier nanoTime) {
        this.client = Objects.requireNonNull(client, "client");
        this.chain = Objects.requireNonNull(chain, "chain");
        this.store = Objects.requireNonNull(store, "store");
        setMaxAge(maxAge);
        this.nanoTime = nanoTime;
    }

    /**
     * How long a verdict is trusted before a signature asks the node again ({@link #DEFAULT_MAX_AGE} by default);
     * zero asks before every signature (two more calls per send).
     */
    public void setMaxAge(Duration maxAge) {
        if (maxAge == null || maxAge.isNegative() || maxAge.compareTo(Duration.ofHours(1)) > 0) {
            throw new IllegalArgumentException("the chain identity's maximum age must be 0 (ask before every "
                    + "signature) to 1 hour, got " + maxAge);
        }
        this.maxAgeNanos = maxAge.toNanos();
    }

    /** How long a verdict is trusted before a signature asks the node again. */
    public Duration maxAge() {
        return Duration.ofNanos(maxAgeNanos);
    }

    /** The pinned chain id. */
    public long chainId() {
        return chain.chainId();
    }

    /**
     * Asks the node now: its chain id, then its genesis block against the journal's binding (bound on first use).
     *
     * @throws ChainIdentityException if the node is another chain (also kept as {@link #mismatch()})
     * @throws RuntimeException       the transport's or the journal's failure when the node or the journal did not
     *                                answer (no verdict: the next call asks again)
     */
    public void verify() {
        asking.lock();
        try {
            ask();
        } finally {
            asking.unlock();
        }
    }

    /**
     * Returns when the node was found to be the journal's chain within the maximum age, with no change in the
     * provider's status since; asks it again otherwise.
     *
     * @throws ChainIdentityException the verdict when the node is another chain
     */
    public void ensureVerified() {
        if (!fresh()) {
            asking.lock();
            try {
                if (!fresh()) {
                    ask();
                    return;
                }
            } finally {
                asking.unlock();
            }
        }
        ChainIdentityException found = mismatch;
        if (found != null) {
            throw found;
        }
    }

    /**
     * Adds a verdict found outside this sender, asked before the node at every check: e.g. a start-up check that
     * found an endpoint on another chain and closed it, after which the node cannot be asked (every call would fail
     * as a lost connection, which a caller would retry).
     */
    public void addVerdictSource(Supplier<Optional<? extends ChainIdentityException>> source) {
        outside.add(Objects.requireNonNull(source, "source"));
    }

    /**
     * The typed verdict behind a call that failed for a transport reason, when one is known from outside (an endpoint
     * closed for being on another chain: every call to it fails as a lost connection), else {@code failure} itself.
     */
    public RuntimeException explain(RuntimeException failure) {
        for (Supplier<Optional<? extends ChainIdentityException>> source : outside) {
            Optional<? extends ChainIdentityException> found = source.get();
            if (found.isPresent()) {
                return found.get();
            }
        }
        return failure;
    }

    /** A call to the node failed for a transport reason: ask again before the next signature. */
    public void connectionTrouble() {
        checked = false;
    }

    /** The last verdict: the node found on another chain, or empty (the right chain, or not asked yet). */
    public Optional<ChainIdentityException> mismatch() {
        return Optional.ofNullable(mismatch);
    }

    private boolean fresh() {
        return checked && nanoTime.getAsLong() - checkedAt < maxAgeNanos && statusAtCheck.equals(status());
    }

    private void ask() {
        List<Object> status = status();
        checked = false;
        try {
            for (Supplier<Optional<? extends ChainIdentityException>> source : outside) {
                Optional<? extends ChainIdentityException> found = source.get();
                if (found.isPresent()) {
                    throw found.get();
                }
            }
            chain.verifyEndpoint(this::nodeChainId);
            Hash nodeGenesis = client.getBlockByNumber(BlockTag.number(0), false).map(Block::hash)
                    .orElseThrow(() -> new IllegalStateException("the node answered no genesis block (block 0) for "
                            + "chain id " + chain.chainId() + ", so the journal cannot be bound to its chain; nothing "
                            + "was signed. Use a node that serves block 0"));
            Hash bound = store.bindGenesis(chain.chainId(), nodeGenesis);
            if (!bound.equals(nodeGenesis)) {
                throw new JournalChainMismatchException(chain.chainId(), bound, nodeGenesis);
            }
        } catch (ChainIdentityException e) {
            record(e, status);
            throw e;
        }
        if (mismatch != null) {
            LOG.warn("the node is on chain id {} with the journal's genesis block again: signing resumes",
                    chain.chainId());
        }
        mismatch = null;
        record(null, status);
    }

    private void record(ChainIdentityException found, List<Object> status) {
        if (found != null && (mismatch == null || !mismatch.getMessage().equals(found.getMessage()))) {
            LOG.error("{}; nothing is signed, sent or re-sent until the node is chain id {} with the journal's "
                    + "genesis block again", found.getMessage(), chain.chainId());
        }
        mismatch = found;
        statusAtCheck = status;
        checkedAt = nanoTime.getAsLong();
        checked = true;
    }

    private long nodeChainId() {
        String hex = client.provider().send("eth_chainId", List.of()).asString();
        return Long.parseLong(hex.startsWith("0x") ? hex.substring(2) : hex, 16);
    }

    /**
     * Each endpoint's (connected, in rotation, connection epoch): a change means a connection opened (a reconnect,
     * seen even when it happened between two looks) or a change of rotation since.
     */
    private List<Object> status() {
        BraneProvider provider = client.provider();
        List<EndpointStatus> all = provider.status();
        List<Object> out = new ArrayList<>(all.size() * 3);
        for (EndpointStatus s : all) {
            out.add(s.connected());
            out.add(s.inRotation());
            out.add(s.connectionEpoch());
        }
        return out;
    }

    @Override
    public String toString() {
        ChainIdentityException found = mismatch;
        return "ChainIdentity[chain " + chain.chainId() + (found != null ? ", mismatch" : checked ? ", verified" : "")
                + "]";
    }
}
