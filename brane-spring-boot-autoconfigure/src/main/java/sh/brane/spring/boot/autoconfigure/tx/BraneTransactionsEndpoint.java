package sh.brane.spring.boot.autoconfigure.tx;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

import sh.brane.client.tx.JournalEntry;
import sh.brane.client.tx.StuckTransactionPolicy;
import sh.brane.client.tx.TransactionSender;
import sh.brane.core.types.Hash;

/**
 * {@code /actuator/brane}: the unconfirmed journalled transactions of every sending account and the genesis block its
 * chain's journal is bound to. Shows hashes, nonces, states and times (public once broadcast), never raw bytes or
 * anything about keys.
 */
@Endpoint(id = "brane")
public class BraneTransactionsEndpoint {
    /** At most this many entries per account, so that a large backlog cannot make a huge answer. */
    static final int MAX_ENTRIES_PER_ACCOUNT = 500;

    private final BraneTransactionSenders senders;

    public BraneTransactionsEndpoint(BraneTransactionSenders senders) {
        this.senders = senders;
    }

    @ReadOperation
    public BraneTransactions transactions() {
        Map<String, AccountTransactions> accounts = new LinkedHashMap<>();
        for (TransactionSender sender : this.senders.senders()) {
            List<JournalEntry> open = sender.store().unfinished(sender.chainId(), sender.address());
            List<Unconfirmed> shown = new ArrayList<>();
            for (JournalEntry e : open.subList(0, Math.min(open.size(), MAX_ENTRIES_PER_ACCOUNT))) {
                shown.add(new Unconfirmed(e.hash().toHex(), e.nonce(), e.state().name(),
                        e.blockNumber() >= 0 ? e.blockNumber() : null, e.createdAt().toString(),
                        e.broadcastAt() == null ? null : e.broadcastAt().toString(),
                        e.replaces() == null ? null : e.replaces().toHex()));
            }
            String genesis = sender.store().boundGenesis(sender.chainId()).map(Hash::toHex).orElse(null);
            StuckTransactionPolicy stuck = this.senders.stuckPolicy(sender.signer().name());
            accounts.put(sender.signer().name(), new AccountTransactions(sender.address().toHex(), sender.chainId(),
                    genesis, open.size(), shown, stuck == null ? null : stuck.toString()));
        }
        return new BraneTransactions(this.senders.store().isDurable() ? "durable" : "in-memory", accounts);
    }

    /** The endpoint's answer: per signer name. */
    public record BraneTransactions(String journal, Map<String, AccountTransactions> signers) {
    }

    /**
     * One sending account. {@code journalGenesis} is the genesis block hash the journal's rows of this chain id are
     * bound to (null until a sender first ran): a journal never replays or allocates on a chain with another genesis.
 * {@code stuckPolicy} describes the stuck-transaction policy in force for the signer, or is null when none runs.
     */
    public record AccountTransactions(String account, long chainId, String journalGenesis, int unconfirmed,
            List<Unconfirmed> transactions, String stuckPolicy) {
    }

    /** One unconfirmed entry; {@code replaces} is the hash it replaces at its nonce (a speed-up or cancel), or null. */
    public record Unconfirmed(String hash, long nonce, String state, Long block, String signedAt, String broadcastAt,
            String replaces) {
    }
}
