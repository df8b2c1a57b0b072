package sh.brane.spring.boot.autoconfigure;

/** Thrown at start-up when the node reports another chain than {@code brane.rpc.expected-chain-id}. */
public class BraneChainIdMismatchException extends RuntimeException {

    private final long expected;

    private final long actual;

    private final String endpoint;

    BraneChainIdMismatchException(String endpoint, long expected, long actual) {
        super("Node '" + endpoint + "' reports chain id " + actual + " but brane.rpc.expected-chain-id is "
                + expected);
        this.endpoint = endpoint;
        this.expected = expected;
        this.actual = actual;
    }

    public long getExpected() {
        return this.expected;
    }

    public long getActual() {
        return this.actual;
    }

    /** The endpoint's configured name (never its URL). */
    public String getEndpoint() {
        return this.endpoint;
    }
}
