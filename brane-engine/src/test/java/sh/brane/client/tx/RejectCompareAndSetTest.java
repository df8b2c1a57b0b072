package sh.brane.client.tx;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.types.Address;

/**
 * A refusal recorded in the journal ({@link TransactionStore#reject}) never overwrites an entry that has moved on,
 * and hands a nonce out again only when nothing else of the journal holds it. In memory and on H2 alike.
 */
class RejectCompareAndSetTest {
    private static final PrivateKey KEY = PrivateKey.fromHex(
            "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
    private static final Address FROM = KEY.address();

    static List<Supplier<TransactionStore>> stores() {
        return List.of(InMemoryTransactionStore::new, () -> {
            HikariConfig config = new HikariConfig();
            config.setJdbcUrl("jdbc:h2:mem:reject-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
            config.setMaximumPoolSize(2);
            HikariDataSource ds = new HikariDataSource(config);
            JdbcTransactionStore.migrate(ds);
            return new JdbcTransactionStore(ds);
        });
    }

    private static JournalEntry signed(TransactionStore store, long value) {
        return store.allocateAndRecord(1, FROM, "test", () -> 0, false, nonce -> transfer(nonce, value, 2).sign(KEY))
                .orElseThrow();
    }

    private static Eip1559Transaction transfer(long nonce, long value, long maxFee) {
        return Eip1559Transaction.builder().chainId(1).nonce(nonce).to(FROM).value(value).gasLimit(21_000)
                .maxFeePerGas(maxFee).maxPriorityFeePerGas(1).build();
    }

    @ParameterizedTest
    @MethodSource("stores")
    void aRefusalOfAnEntryThatMovedOnChangesNothing(Supplier<TransactionStore> make) {
        TransactionStore store = make.get();
        JournalEntry read = signed(store, 1); // read SIGNED, then the tracker found it at the node
        store.transition(read.hash(), TxState.SIGNED, TxState.SENT, -1, true);

        assertThat(store.reject(read, true, -1)).as("not rejected").isFalse();
        assertThat(store.find(read.hash()).orElseThrow().state()).isEqualTo(TxState.SENT);
        assertThat(signed(store, 2).nonce()).as("the nonce was not released").isEqualTo(1);
    }

    @ParameterizedTest
    @MethodSource("stores")
    void aRefusedReplacementLeavesTheNonceWithItsOriginal(Supplier<TransactionStore> make) {
        TransactionStore store = make.get();
        JournalEntry original = signed(store, 1);
        store.transition(original.hash(), TxState.SIGNED, TxState.SENT, -1, true);
        JournalEntry replacement = store.recordReplacement(original, transfer(0, 1, 3).sign(KEY), "test");

        assertThat(store.reject(replacement, true, -1)).isTrue();
        assertThat(store.find(replacement.hash()).orElseThrow().state()).isEqualTo(TxState.REJECTED);
        assertThat(store.find(original.hash()).orElseThrow().state()).isEqualTo(TxState.SENT);
        assertThat(signed(store, 2).nonce()).as("the original holds nonce 0").isEqualTo(1);
    }

    @ParameterizedTest
    @MethodSource("stores")
    void aRefusalThatProvesNothingWasPooledReleasesTheNonceOnce(Supplier<TransactionStore> make) {
        TransactionStore store = make.get();
        JournalEntry refused = signed(store, 1);

        assertThat(store.reject(refused, true, -1)).isTrue();
        assertThat(store.reject(refused, true, -1)).as("a second report changes nothing").isFalse();
        assertThat(signed(store, 2).nonce()).as("released and reused").isEqualTo(0);
        assertThat(signed(store, 3).nonce()).as("released once only").isEqualTo(1);
    }

    @ParameterizedTest
    @MethodSource("stores")
    void onlySignedOrSentEntriesCanBeRejected(Supplier<TransactionStore> make) {
        TransactionStore store = make.get();
        JournalEntry e = signed(store, 1);
        JournalEntry included = store.transition(e.hash(), TxState.SIGNED, TxState.INCLUDED, 5, false).orElseThrow();

        assertThat(store.reject(included, true, -1)).isFalse();
        assertThat(store.find(e.hash()).orElseThrow().state()).isEqualTo(TxState.INCLUDED);
        assertThat(signed(store, 2).nonce()).isEqualTo(1);
    }

    /** Deterministic signatures: the same replacement asked again after a refusal has the refused one's hash. */
    @ParameterizedTest
    @MethodSource("stores")
    void theSameReplacementAskedAgainAfterARefusalIsJournalledAgain(Supplier<TransactionStore> make) {
        TransactionStore store = make.get();
        JournalEntry original = signed(store, 1);
        JournalEntry refused = store.recordReplacement(original, transfer(0, 1, 3).sign(KEY), "test");
        assertThat(store.reject(refused, true, -1)).isTrue();

        JournalEntry again = store.recordReplacement(original, transfer(0, 1, 3).sign(KEY), "test");
        assertThat(again.hash()).isEqualTo(refused.hash());
        assertThat(store.find(again.hash()).orElseThrow().state()).isEqualTo(TxState.SIGNED);
        assertThat(store.unfinished(1, FROM)).extracting(JournalEntry::hash).contains(again.hash());
    }
}
