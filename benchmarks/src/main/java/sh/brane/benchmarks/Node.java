package sh.brane.benchmarks;

import sh.brane.devnet.Anvil;

/**
 * The JSON-RPC endpoint a benchmark talks to: {@code stub} ({@link StubRpcServer}, answers from memory, shows
 * the client's own cost), {@code anvil} (a real Anvil 1.7.1 process started via {@link Anvil}) or {@code remote} (the
 * same Anvil behind a {@link DelayProxy} adding 1 ms each way, reached by the host name {@code localhost}, as a node
 * on another host). All listen only on this machine and are started and stopped by the benchmark.
 */
final class Node implements AutoCloseable {

    /** The answer both give to {@code eth_chainId}. */
    static final String CHAIN_ID_HEX = "0x7a69";

    private final StubRpcServer stub;
    private final Anvil anvil;
    private final DelayProxy.Running proxy;

    private Node(StubRpcServer stub, Anvil anvil, DelayProxy.Running proxy) {
        this.stub = stub;
        this.anvil = anvil;
        this.proxy = proxy;
    }

    static Node start(String kind) {
        return switch (kind) {
            case "stub" -> new Node(StubRpcServer.start(Integer.getInteger("brane.bench.stubThreads", 1)), null, null);
            // --silent: Anvil logs every call it answers, and the benchmark JVM's pump thread ("anvil-output") read
            // those lines, taking 14-17% of the machine in the Anvil batch rows (perf, 24 Nov 2026): a node's log is
            // not the client's cost, and that thread competed with the node for the 2 cores
            case "anvil" -> new Node(null, Anvil.builder().extraArgs("--silent").start(), null);
            case "remote" -> remote();
            default -> throw new IllegalArgumentException("node must be stub, anvil or remote, got " + kind);
        };
    }

    private static Node remote() {
        Anvil anvil = Anvil.builder().extraArgs("--silent").start();
        try {
            return new Node(null, anvil, DelayProxy.start(anvil.port(), ServicePatternsBenchmark.REMOTE_DELAY_MICROS));
        } catch (java.io.IOException e) {
            anvil.close();
            throw new java.io.UncheckedIOException(e);
        }
    }

    String httpUrl() {
        return stub != null ? stub.httpUrl() : proxy != null ? proxy.httpUrl() : anvil.httpUrl();
    }

    String wsUrl() {
        return stub != null ? stub.wsUrl() : proxy != null ? proxy.wsUrl() : anvil.wsUrl();
    }

    @Override
    public void close() {
        if (stub != null) {
            stub.close();
        }
        if (proxy != null) {
            proxy.close();
        }
        if (anvil != null) {
            anvil.close();
        }
    }
}
