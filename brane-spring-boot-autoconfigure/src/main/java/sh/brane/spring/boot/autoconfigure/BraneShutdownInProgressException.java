package sh.brane.spring.boot.autoconfigure;

/**
 * A call made after the application began to shut down: the providers drain the calls already in flight (up to
 * {@code brane.shutdown.timeout}, within {@code spring.lifecycle.timeout-per-shutdown-phase}) and refuse new ones at
 * once, so the drain ends. Nothing was sent to the node.
 */
public class BraneShutdownInProgressException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    private final String method;

    BraneShutdownInProgressException(String chain, String method) {
        super("Brane provider of chain '" + chain + "' refused " + method + ": the application is shutting down and"
                + " only the calls already in flight are finished (brane.shutdown.timeout); nothing was sent");
        this.method = method;
    }

    /** The refused JSON-RPC method. */
    public String getMethod() {
        return this.method;
    }
}
