package sh.brane.spring.boot.autoconfigure.tx;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

import sh.brane.client.tx.JournalEntry;
import sh.brane.client.tx.TransactionListener;
import sh.brane.client.tx.TransactionStateChange;
import sh.brane.core.types.Address;

/**
 * {@code brane.tx.transitions} (counter; tags {@code state}, {@code signer}, {@code chain}),
 * {@code brane.tx.nonce.resyncs} (counter; tags {@code chain}) and {@code brane.tx.stranded} (counter; tags
 * {@code signer}, {@code chain}), {@code brane.tx.stuck} (counter; tags {@code outcome}: replaced or blocked,
 * {@code signer}, {@code chain}). {@code chain} is the chain's configured name, as on every brane meter. Tags are
 * bounded: eight states, the configured signer names, the configured chains; never a hash, an address or a reason
 * text.
 */
final class MicrometerTransactionListener implements TransactionListener {
    private final MeterRegistry registry;

    private final ChainNames chains;

    MicrometerTransactionListener(MeterRegistry registry, ChainNames chains) {
        this.registry = registry;
        this.chains = chains;
    }

    @Override
    public void onStateChange(TransactionStateChange change) {
        Counter.builder("brane.tx.transitions")
                .description("Journalled transactions entering a lifecycle state")
                .tag("state", change.state().name())
                .tag("signer", change.entry().signer())
                .tag("chain", this.chains.of(change.entry().chainId()))
                .register(this.registry)
                .increment();
    }

    @Override
    public void onNonceResync(long chainId, Address account, long nextNonce, String reason) {
        Counter.builder("brane.tx.nonce.resyncs")
                .description("Nonce counters moved to follow the node (refusals, chains that forgot transactions)")
                .tag("chain", this.chains.of(chainId))
                .register(this.registry)
                .increment();
    }

    @Override
    public void onStranded(JournalEntry entry, String reason) {
        Counter.builder("brane.tx.stranded")
                .description("Transactions the node held at the account's next nonce without mining them")
                .tag("signer", entry.signer())
                .tag("chain", this.chains.of(entry.chainId()))
                .register(this.registry)
                .increment();
    }

    @Override
    public void onStuckReplaced(JournalEntry original, JournalEntry replacement, String reason) {
        stuck(original, "replaced");
    }

    @Override
    public void onStuck(JournalEntry entry, String reason) {
        stuck(entry, "blocked");
    }

    private void stuck(JournalEntry entry, String outcome) {
        Counter.builder("brane.tx.stuck")
                .description("Pending transactions priced out of the market: replaced by the stuck-transaction policy, "
                        + "or blocked (the ceilings leave no room, or the node refused the replacement)")
                .tag("outcome", outcome)
                .tag("signer", entry.signer())
                .tag("chain", this.chains.of(entry.chainId()))
                .register(this.registry)
                .increment();
    }
}
