package sh.brane.benchmarks;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.web3j.crypto.Credentials;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.core.methods.response.EthSendTransaction;
import org.web3j.protocol.http.HttpService;
import org.web3j.tx.FastRawTransactionManager;

import sh.brane.client.BraneClient;
import sh.brane.client.NonceManager;
import sh.brane.client.tx.ChainIdGuard;
import sh.brane.client.tx.InMemoryTransactionStore;
import sh.brane.client.tx.JdbcTransactionStore;
import sh.brane.client.tx.SendLimits;
import sh.brane.client.tx.TransactionSender;
import sh.brane.client.tx.TransactionStore;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.types.Address;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.LocalPostgres;
import sh.brane.rpc.HttpProvider;
import sh.brane.signer.LocalSigner;

/**
 * Transfers per second from ONE account to a real Anvil (mining with {@code evm_mine} every 100 ms, see STACK.md
 * "Anvil under load"), 8 sending threads, fixed fees and gas so that only the nonce path differs. The score is
 * transactions accepted by the node ({@code eth_sendRawTransaction} answered), per second.
 * <ul>
 *   <li>{@code nonceLock}: the previous SigningClient path: {@link NonceManager#withNextNonce} holds the account's
 *       lock across signing and {@code eth_sendRawTransaction}, so one transaction per round trip.</li>
 *   <li>{@code memory}: {@link TransactionSender} over {@link InMemoryTransactionStore}: lock only around
 *       allocation and signing, many in flight.</li>
 *   <li>{@code h2}: {@link TransactionSender} over {@link JdbcTransactionStore} on an embedded H2 file database
 *       (concurrent sends committed as a group: one database transaction allocates and journals the group, the
 *       group is broadcast in nonce order, one database transaction records it SENT).</li>
 *   <li>{@code postgres}: the same on a PostgreSQL server started for the trial ({@link LocalPostgres}: the Debian
 *       package, fresh data directory, stopped by its PID in the teardown).</li>
 *   <li>{@code noJournal}: the floor of the node: an atomic counter, sign, {@code eth_sendRawTransaction}; no lock,
 *       no journal, no guard. Not a product path: it shows what Anvil admits with 8 single calls in flight.</li>
 *   <li>{@code web3jFast}: web3j's {@code FastRawTransactionManager} (local nonce counter, no journal).</li>
 * </ul>
 * {@code nodeDelayMs} puts the node at a distance ({@link DelayProxy}), {@code broadcastWindow} sets the
 * {@link TransactionSender}'s window. Each iteration also prints the CPU time per transfer of this JVM (client) and
 * of the Anvil process (node), read from the operating system, and the load average, as a line starting
 * {@code cpu-per-transfer}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(8)
@Fork(3)
@Warmup(iterations = 1, time = 3)
@Measurement(iterations = 2, time = 5)
public class TransferBenchmark {
    private static final long CHAIN_ID = Anvil.DEFAULT_CHAIN_ID;
    private static final BigInteger MAX_FEE = BigInteger.valueOf(100_000_000_000L);
    private static final BigInteger TIP = BigInteger.valueOf(1_000_000_000L);
    private static final Address TO = Address.of("0x00000000000000000000000000000000000b0b01");

    @Param({"nonceLock", "memory", "h2", "postgres", "noJournal", "web3jFast"})
    public String path;

    /**
     * How far the node is, one way, in milliseconds: 0 talks to Anvil directly; more puts a {@link DelayProxy}
     * process between every client of the trial (senders, web3j, the miner) and Anvil, so that a round trip to the
     * node takes at least twice this long, as to a node on another host.
     */
    @Param({"0", "2"})
    public int nodeDelayMs;

    /**
     * The {@link TransactionSender}'s broadcast window for {@code memory}, {@code h2} and {@code postgres} (other
     * paths ignore it): 1 waits for each answer before the next send, more overlaps the round trips.
     */
    @Param({"1"})
    public int broadcastWindow;

    private Anvil anvil;
    private HttpProvider provider;
    private BraneClient client;
    private PrivateKey key;
    private NonceManager nonces;
    private TransactionSender sender;
    private HikariDataSource pool;
    private Path h2Dir;
    private Web3j web3j;
    private FastRawTransactionManager fast;
    private ScheduledExecutorService miner;
    private LocalPostgres postgres;
    private DelayProxy.Running proxy;
    /** With {@code -Dbrane.bench.countJdbc=true}: counts the journal's database work (adds client CPU). */
    private JdbcCounter jdbc;
    private final AtomicLong counter = new AtomicLong();
    private final LongAdder ops = new LongAdder();
    private long clientCpuAtStart;
    private long nodeCpuAtStart;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        anvil = Anvil.builder().noMining().start();
        if (nodeDelayMs < 0 || nodeDelayMs > 1_000) {
            throw new IllegalArgumentException("nodeDelayMs must be 0..1000, got " + nodeDelayMs);
        }
        proxy = nodeDelayMs == 0 ? null : DelayProxy.start(anvil.port(), nodeDelayMs * 1_000L);
        String nodeUrl = proxy == null ? anvil.httpUrl() : proxy.httpUrl();
        provider = HttpProvider.create(nodeUrl);
        client = new BraneClient(provider, Duration.ofMillis(50));
        key = PrivateKey.fromHex(anvil.account(0).privateKey());
        switch (path) {
            case "nonceLock" -> nonces = new NonceManager(client, key.address());
            case "memory" -> sender = sender(new InMemoryTransactionStore());
            case "h2" -> {
                h2Dir = Files.createTempDirectory("brane-bench-h2");
                HikariConfig config = new HikariConfig();
                config.setJdbcUrl("jdbc:h2:file:" + h2Dir.resolve("journal"));
                config.setMaximumPoolSize(16);
                pool = new HikariDataSource(config);
                JdbcTransactionStore.migrate(pool);
                sender = sender(new JdbcTransactionStore(counted(pool)));
            }
            case "postgres" -> {
                try {
                    postgres = LocalPostgres.start();
                } catch (Exception e) {
                    throw new IllegalStateException("could not start PostgreSQL: " + e.getMessage(), e);
                }
                HikariConfig config = new HikariConfig();
                config.setJdbcUrl(postgres.jdbcUrl());
                config.setUsername("postgres");
                config.setMaximumPoolSize(16);
                pool = new HikariDataSource(config);
                JdbcTransactionStore.migrate(pool);
                sender = sender(new JdbcTransactionStore(counted(pool)));
            }
            case "noJournal" -> counter.set(client.getTransactionCount(key.address(), sh.brane.client.BlockTag.PENDING));
            case "web3jFast" -> {
                web3j = Web3j.build(new HttpService(nodeUrl));
                fast = new FastRawTransactionManager(web3j, Credentials.create(anvil.account(0).privateKey()),
                        CHAIN_ID);
            }
            default -> throw new IllegalArgumentException("path: " + path);
        }
        miner = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "bench-miner");
            t.setDaemon(true);
            return t;
        });
        miner.scheduleWithFixedDelay(() -> {
            try {
                client.provider().send("evm_mine", List.of());
            } catch (RuntimeException e) {
                // the next round mines
            }
        }, 100, 100, TimeUnit.MILLISECONDS);
    }

    private javax.sql.DataSource counted(javax.sql.DataSource dataSource) {
        if (!Boolean.getBoolean("brane.bench.countJdbc")) {
            return dataSource;
        }
        jdbc = new JdbcCounter(dataSource);
        return jdbc;
    }

    private TransactionSender sender(TransactionStore store) {
        return new TransactionSender(client, new LocalSigner("bench", key), ChainIdGuard.pinned(CHAIN_ID),
                SendLimits.NONE, store, TransactionSender.DEFAULT_REPLACEMENT_BUMP_PERCENT, broadcastWindow);
    }

    private static Eip1559Transaction transfer(long nonce) {
        return Eip1559Transaction.builder().chainId(CHAIN_ID).nonce(nonce).to(TO).value(1).gasLimit(21_000)
                .maxFeePerGas(MAX_FEE).maxPriorityFeePerGas(TIP).build();
    }

    @Setup(Level.Iteration)
    public void startCpu() {
        ops.reset();
        if (jdbc != null) {
            jdbc.reset();
        }
        clientCpuAtStart = clientCpu();
        nodeCpuAtStart = nodeCpu();
    }

    @TearDown(Level.Iteration)
    public void printCpu() {
        long n = Math.max(1, ops.sum());
        System.out.printf("%ncpu-per-transfer path=%s delay=%dms window=%d transfers=%d client=%.1f us node=%.1f us load=%s%n",
                path, nodeDelayMs, broadcastWindow, ops.sum(), (clientCpu() - clientCpuAtStart) / 1_000.0 / n,
                (nodeCpu() - nodeCpuAtStart) / 1_000.0 / n, loadAverage());
        if (jdbc != null) {
            System.out.printf("jdbc-per-transfer path=%s delay=%dms window=%d connections=%.3f statements=%.3f "
                    + "commits=%.3f (transfers per commit %.1f)%n", path, nodeDelayMs, broadcastWindow,
                    jdbc.connections.sum() / (double) n, jdbc.executions.sum() / (double) n,
                    jdbc.commits.sum() / (double) n, n / (double) Math.max(1, jdbc.commits.sum()));
        }
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (IOException e) {
            return "?";
        }
    }

    private static long clientCpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private long nodeCpu() {
        return ProcessHandle.of(anvil.pid()).flatMap(h -> h.info().totalCpuDuration()).map(Duration::toNanos)
                .orElse(0L);
    }

    @Benchmark
    public Object transfer() throws IOException {
        ops.increment();
        return switch (path) {
            case "nonceLock" -> nonces.withNextNonce(n -> client.sendRawTransaction(transfer(n).sign(key)));
            case "memory", "h2", "postgres" -> sender.send(TransferBenchmark::transfer).hash();
            case "noJournal" -> client.sendRawTransaction(transfer(counter.getAndIncrement()).sign(key));
            case "web3jFast" -> {
                EthSendTransaction sent = fast.sendEIP1559Transaction(CHAIN_ID, TIP, MAX_FEE,
                        BigInteger.valueOf(21_000), TO.toHex(), "", BigInteger.ONE);
                if (sent.hasError()) {
                    throw new IllegalStateException("web3j: " + sent.getError().getMessage());
                }
                yield sent.getTransactionHash();
            }
            default -> throw new IllegalStateException(path);
        };
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        miner.shutdownNow();
        if (web3j != null) {
            web3j.shutdown();
        }
        if (pool != null) {
            pool.close();
        }
        client.close();
        provider.close();
        if (proxy != null) {
            proxy.close();
        }
        anvil.close();
        if (postgres != null) {
            try {
                postgres.close();
            } catch (Exception e) {
                throw new IOException("could not stop PostgreSQL: " + e.getMessage(), e);
            }
        }
        if (h2Dir != null) {
            try (var files = Files.walk(h2Dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
