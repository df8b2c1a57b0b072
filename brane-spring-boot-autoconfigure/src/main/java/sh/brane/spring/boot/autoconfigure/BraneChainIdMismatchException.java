package sh.brane.spring.boot.autoconfigure;

/**
 * A node that reports another chain than {@code brane.rpc.expected-chain-id} (or a chain's). Start-up does not wait
 * for a node, so the starter no longer throws it at start-up: the background check ({@code ChainIdCheck}) logs its
 * message as an ERROR and keeps the endpoint out of use. Its failure analyzer still explains it when thrown.
 */
public class BraneChainIdMismatchException extends RuntimeException {

    private final long expected;

    private final long actual;

    private final String endpoint;

    private final String property;

    BraneChainIdMismatchException(String endpoint, long expected, long actual) {
        this(endpoint, expected, actual, "brane.rpc.expected-chain-id");
    }

    /** @param property the property that pinned the chain: brane.rpc.expected-chain-id or a chain's */
    BraneChainIdMismatchException(String endpoint, long expected, long actual, String property) {
        super("Node '" + endpoint + "' reports chain id " + actual + " but " + property + " is " + expected);
        this.endpoint = endpoint;
        this.property = property;
        this.expected = expected;
        this.actual = actual;
    }

    public long getExpected() {
        return this.expected;
    }

    public long getActual() {
        return this.actual;
    }

    /** The property that pinned the chain: brane.rpc.expected-chain-id, or a chain's rpc.expected-chain-id. */
    public String getProperty() {
        return this.property;
    }

    /** The endpoint's configured name (never its URL). */
    public String getEndpoint() {
        return this.endpoint;
    }
}
