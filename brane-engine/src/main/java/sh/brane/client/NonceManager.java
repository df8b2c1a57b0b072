package sh.brane.client;

import java.util.concurrent.locks.ReentrantLock;

import sh.brane.client.tx.InMemoryTransactionStore;
import sh.brane.core.types.Address;

/**
 * Hands out the nonces of one account to many sending threads: a local counter seeded from
 * {@code eth_getTransactionCount(pending)}. Each nonce is held while its transaction is signed and submitted,
 * so submissions from one account reach the node in nonce order, with no gaps and no duplicates. When a
 * submission fails (rejected, or its outcome unknown after a timeout) the counter is dropped and re-read from
 * the node before the next send. Share one manager between all senders of an account in this process.
 */
public final class NonceManager {
    private final BraneClient client;
    private final Address account;
    private final ReentrantLock lock = new ReentrantLock();
    private long next = -1;
    private InMemoryTransactionStore store;

    public NonceManager(BraneClient client, Address account) {
        this.client = client;
        this.account = account;
    }

    /** Submits something with the next nonce. */
    @FunctionalInterface
    public interface NonceUse<T> {
        T apply(long nonce);
    }

    /**
     * Runs {@code use} with the next nonce, holding it exclusively; on success the counter moves on, on any
     * exception it is resynchronised from the node before the next use.
     */
    public <T> T withNextNonce(NonceUse<T> use) {
        lock.lock();
        try {
            if (next < 0) {
                next = client.getTransactionCount(account, BlockTag.PENDING);
            }
            T result;
            try {
                result = use.apply(next);
            } catch (RuntimeException | Error e) {
                next = -1;
                throw e;
            }
            next++;
            return result;
        } finally {
            lock.unlock();
        }
    }

    /** Forgets the local counter: the next send reads the pending count from the node again. */
    public void resync() {
        lock.lock();
        try {
            next = -1;
        } finally {
            lock.unlock();
        }
    }

    /** The in-memory journal and nonce counter shared by the SigningClients built with this manager. */
    synchronized InMemoryTransactionStore sharedStore() {
        if (store == null) {
            store = new InMemoryTransactionStore();
        }
        return store;
    }

    public Address account() {
        return account;
    }
}
