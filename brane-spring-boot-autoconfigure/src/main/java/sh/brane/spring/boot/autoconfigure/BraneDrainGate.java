package sh.brane.spring.boot.autoconfigure;

/**
 * Whether the providers still take new calls: closed by {@link BraneProviderLifecycle} when shutdown begins, open
 * again when the context starts again (a stopped context may be restarted, as the test framework's cache does).
 */
public final class BraneDrainGate {

    private volatile boolean refusing;

    /** Refuses every new call from now on. */
    void refuse() {
        this.refusing = true;
    }

    /** Takes new calls again. */
    void admit() {
        this.refusing = false;
    }

    /** Whether new calls are refused. */
    public boolean isRefusing() {
        return this.refusing;
    }
}
