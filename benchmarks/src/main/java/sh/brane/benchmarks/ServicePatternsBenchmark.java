package sh.brane.benchmarks;

import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.Web3jService;
import org.web3j.protocol.core.DefaultBlockParameterName;
import org.web3j.protocol.http.HttpService;
import org.web3j.protocol.websocket.WebSocketService;

import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.core.types.Address;
import sh.brane.devnet.Anvil;
import sh.brane.rpc.BraneProvider;
import sh.brane.rpc.HttpConfig;
import sh.brane.rpc.HttpProvider;
import sh.brane.rpc.WebSocketConfig;
import sh.brane.rpc.WebSocketProvider;

/**
 * What a Spring service's handlers do with a node, Brane (default settings) against web3j, over HTTP and WebSocket,
 * against a local Anvil ({@code node=local}) and the same Anvil behind {@link DelayProxy} with 1 ms each way,
 * reached by the host name {@code localhost} rather than a loopback literal ({@code node=remote}). Sample-time mode:
 * JMH reports the mean and the percentiles (p99) of each pattern; {@code -prof gc} adds bytes per operation and
 * {@link CallCpu} the process CPU per operation.
 *
 * <ul>
 *   <li>{@code oneRead}: one blocking {@code eth_getBalance}.</li>
 *   <li>{@code joinThenFanOut}: one call joined, then two started and composed with
 *       {@code CompletableFuture.allOf}; {@code joinThenFanOutWithTimeout} gives the two a per-request timeout
 *       ({@code sendAsync(method, params, Duration)}), the seeds' advice for time-sensitive calls.</li>
 *   <li>{@code startWorkJoin}: a call started, 0.5 ms of the caller's own work, then joined.</li>
 *   <li>{@code tenReads}: ten reads started through the asynchronous client, then all joined.</li>
 *   <li>{@code sixteenThreads}: 16 threads each making blocking reads on one shared client.</li>
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ServicePatternsBenchmark {
    /** One-way delay of the remote node, in microseconds. */
    static final long REMOTE_DELAY_MICROS = 1_000;
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final long OWN_WORK_NANOS = 500_000;

    @Param({"local", "remote"})
    public String node;

    @Param({"http", "ws"})
    public String transport;

    private Anvil anvil;
    private DelayProxy.Running proxy;
    private BraneProvider provider;
    private BraneClient brane;
    private Web3jService w3Service;
    private Web3j web3j;
    private final ScheduledExecutorService w3Scheduler = java.util.concurrent.Executors
            .newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "web3j-poll");
                t.setDaemon(true);
                return t;
            });
    private Address account;
    private String accountHex;
    private List<Object> balanceParams;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        anvil = Anvil.builder().extraArgs("--silent").start();
        int port = anvil.port();
        if (node.equals("remote")) {
            proxy = DelayProxy.start(anvil.port(), REMOTE_DELAY_MICROS);
            port = proxy.port();
        } else if (!node.equals("local")) {
            throw new IllegalArgumentException("node must be local or remote, got " + node);
        }
        String host = node.equals("remote") ? "localhost" : "127.0.0.1";
        accountHex = anvil.account(1).address();
        account = Address.of(accountHex);
        balanceParams = List.of(accountHex, "latest");
        switch (transport) {
            case "http" -> {
                String url = "http://" + host + ":" + port;
                provider = HttpProvider.create(HttpConfig.builder(url).build());
                w3Service = new HttpService(url);
            }
            case "ws" -> {
                String url = "ws://" + host + ":" + port;
                provider = WebSocketProvider.create(WebSocketConfig.builder(url).build());
                WebSocketService ws = new WebSocketService(url, false);
                ws.connect();
                w3Service = ws;
            }
            default -> throw new IllegalArgumentException("transport must be http or ws, got " + transport);
        }
        brane = new BraneClient(provider);
        web3j = Web3j.build(w3Service, 15_000, w3Scheduler);
        CallCpu cpu = new CallCpu();
        Twins.same("eth_getBalance", braneOneRead(cpu), web3jOneRead(cpu));
        Twins.same("join then fan out", braneJoinThenFanOut(cpu), web3jJoinThenFanOut(cpu));
        Twins.same("join then fan out with a timeout", braneJoinThenFanOutWithTimeout(cpu),
                web3jJoinThenFanOut(cpu));
        Twins.same("start, work, join", braneStartWorkJoin(cpu), web3jStartWorkJoin(cpu));
        Twins.same("ten reads", braneTenReads(cpu), web3jTenReads(cpu));
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        if (brane != null) {
            brane.close();
        }
        if (provider != null) {
            provider.close();
        }
        if (web3j != null) {
            if (w3Service instanceof WebSocketService ws) {
                Web3jThreads.shutdown(web3j, ws, w3Scheduler);
            } else {
                Web3jThreads.shutdown(web3j, w3Scheduler);
            }
        }
        if (proxy != null) {
            proxy.close();
        }
        if (anvil != null) {
            anvil.close();
        }
    }

    // ------------------------------------------------------------------ one read

    @Benchmark
    public BigInteger braneOneRead(CallCpu cpu) {
        cpu.begin();
        try {
            return brane.getBalance(account);
        } finally {
            cpu.end();
        }
    }

    @Benchmark
    public BigInteger web3jOneRead(CallCpu cpu) throws Exception {
        cpu.begin();
        try {
            return web3j.ethGetBalance(accountHex, DefaultBlockParameterName.LATEST).send().getBalance();
        } finally {
            cpu.end();
        }
    }

    // ------------------------------------------------------------------ one joined, two fanned out

    @Benchmark
    public BigInteger braneJoinThenFanOut(CallCpu cpu) {
        cpu.begin();
        try {
            long head = brane.blockNumber();
            CompletableFuture<BigInteger> a = brane.async().getBalance(account, BlockTag.number(head));
            CompletableFuture<BigInteger> b = brane.async().getBalance(account, BlockTag.LATEST);
            CompletableFuture.allOf(a, b).join();
            return a.join().add(b.join());
        } finally {
            cpu.end();
        }
    }

    @Benchmark
    public BigInteger braneJoinThenFanOutWithTimeout(CallCpu cpu) {
        cpu.begin();
        try {
            long head = brane.blockNumber();
            var a = provider.sendAsync("eth_getBalance", List.of(accountHex, "0x" + Long.toHexString(head)), TIMEOUT);
            var b = provider.sendAsync("eth_getBalance", balanceParams, TIMEOUT);
            CompletableFuture.allOf(a, b).join();
            return quantity(a.join().asString()).add(quantity(b.join().asString()));
        } finally {
            cpu.end();
        }
    }

    @Benchmark
    public BigInteger web3jJoinThenFanOut(CallCpu cpu) {
        cpu.begin();
        try {
            BigInteger head = web3j.ethBlockNumber().send().getBlockNumber();
            var a = web3j.ethGetBalance(accountHex,
                    org.web3j.protocol.core.DefaultBlockParameter.valueOf(head)).sendAsync();
            var b = web3j.ethGetBalance(accountHex, DefaultBlockParameterName.LATEST).sendAsync();
            CompletableFuture.allOf(a, b).join();
            return a.join().getBalance().add(b.join().getBalance());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } finally {
            cpu.end();
        }
    }

    // ------------------------------------------------------------------ start, own work, join

    @Benchmark
    public BigInteger braneStartWorkJoin(CallCpu cpu) {
        cpu.begin();
        try {
            CompletableFuture<BigInteger> started = brane.async().getBalance(account);
            ownWork();
            return started.join();
        } finally {
            cpu.end();
        }
    }

    @Benchmark
    public BigInteger web3jStartWorkJoin(CallCpu cpu) {
        cpu.begin();
        try {
            var started = web3j.ethGetBalance(accountHex, DefaultBlockParameterName.LATEST).sendAsync();
            ownWork();
            return started.join().getBalance();
        } finally {
            cpu.end();
        }
    }

    // ------------------------------------------------------------------ ten reads

    @Benchmark
    public BigInteger braneTenReads(CallCpu cpu) {
        cpu.begin();
        try {
            @SuppressWarnings("unchecked")
            CompletableFuture<BigInteger>[] reads = new CompletableFuture[10];
            for (int i = 0; i < reads.length; i++) {
                reads[i] = brane.async().getBalance(account);
            }
            BigInteger sum = BigInteger.ZERO;
            for (CompletableFuture<BigInteger> r : reads) {
                sum = sum.add(r.join());
            }
            return sum;
        } finally {
            cpu.end();
        }
    }

    @Benchmark
    public BigInteger web3jTenReads(CallCpu cpu) {
        cpu.begin();
        try {
            @SuppressWarnings("unchecked")
            CompletableFuture<org.web3j.protocol.core.methods.response.EthGetBalance>[] reads =
                    new CompletableFuture[10];
            for (int i = 0; i < reads.length; i++) {
                reads[i] = web3j.ethGetBalance(accountHex, DefaultBlockParameterName.LATEST).sendAsync();
            }
            BigInteger sum = BigInteger.ZERO;
            for (var r : reads) {
                sum = sum.add(r.join().getBalance());
            }
            return sum;
        } finally {
            cpu.end();
        }
    }

    // ------------------------------------------------------------------ 16 threads, one client

    @Benchmark
    @Threads(16)
    public BigInteger braneSixteenThreads(CallCpu cpu) {
        return braneOneRead(cpu);
    }

    @Benchmark
    @Threads(16)
    public BigInteger web3jSixteenThreads(CallCpu cpu) throws Exception {
        return web3jOneRead(cpu);
    }

    /** Half a millisecond of the caller's own work, on its CPU (a handler validating, mapping, logging). */
    private static void ownWork() {
        long until = System.nanoTime() + OWN_WORK_NANOS;
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
    }

    private static BigInteger quantity(String hex) {
        return new BigInteger(hex.substring(2), 16);
    }
}
