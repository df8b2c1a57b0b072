package sh.brane.benchmarks;

import sh.brane.devnet.Anvil;

/**
 * The JSON-RPC endpoint a benchmark talks to: {@code stub} ({@link StubRpcServer}, answers from memory, shows
 * the client's own cost) or {@code anvil} (a real Anvil 1.7.1 process started via {@link Anvil}). Both listen
 * only on 127.0.0.1 and are started and stopped by the benchmark.
 */
final class Node implements AutoCloseable {

    /** The answer both give to {@code eth_chainId}. */
    static final String CHAIN_ID_HEX = "0x7a69";

    private final StubRpcServer stub;
    private final Anvil anvil;

    private Node(StubRpcServer stub, Anvil anvil) {
        this.stub = stub;
        this.anvil = anvil;
    }

    static Node start(String kind) {
        return switch (kind) {
            case "stub" -> new Node(StubRpcServer.start(Integer.getInteger("brane.bench.stubThreads", 1)), null);
            // --silent: Anvil logs every call it answers, and the benchmark JVM's pump thread ("anvil-output") read
            // those lines, taking 14-17% of the machine in the Anvil batch rows (perf, 24 Nov 2026): a node's log is
            // not the client's cost, and that thread competed with the node for the 2 cores
            case "anvil" -> new Node(null, Anvil.builder().extraArgs("--silent").start());
            default -> throw new IllegalArgumentException("node must be stub or anvil, got " + kind);
        };
    }

    String httpUrl() {
        return stub != null ? stub.httpUrl() : anvil.httpUrl();
    }

    String wsUrl() {
        return stub != null ? stub.wsUrl() : anvil.wsUrl();
    }

    @Override
    public void close() {
        if (stub != null) {
            stub.close();
        }
        if (anvil != null) {
            anvil.close();
        }
    }
}
