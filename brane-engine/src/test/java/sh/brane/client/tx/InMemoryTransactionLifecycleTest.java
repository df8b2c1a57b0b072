package sh.brane.client.tx;

/** The money path with the in-memory store: one instance, not durable. */
class InMemoryTransactionLifecycleTest extends TransactionLifecycleTestBase {
    @Override
    TransactionStore newStore() {
        return new InMemoryTransactionStore();
    }
}
