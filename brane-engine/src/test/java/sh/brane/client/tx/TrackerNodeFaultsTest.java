package sh.brane.client.tx;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.junit.WithAnvil;
import sh.brane.rpc.HttpProvider;
import sh.brane.signer.LocalSigner;
import sh.brane.testing.StaleAnswers;
import sh.brane.testing.StaleAnswers.Stale;

/**
 * Nodes that misbehave in ways a real one does.
 * <ul>
 * <li>Answers that lag one another: a node counts a block's nonces before it serves the block's receipts (Anvil does,
 * now and then, while it mines), or answers from a node a block behind (a load balancer). The tracker, reading it,
 * must never report a mined transfer as REPLACED or DROPPED: those states are final, and a caller who sees them may
 * pay again. Between the tracker and a real Anvil sits a loopback forwarder ({@link StaleAnswers}) that gives a chosen
 * stale answer to a chosen call a chosen number of times; everything else reaches Anvil unchanged.</li>
 * <li>A pool that strands a transaction: the node holds it at the account's next nonce and never mines it. The tracker
 * reports it and, once the pool is flushed, sends the journalled bytes again.</li>
 * </ul>
 */
@WithAnvil(args = "--no-mining", accounts = 11)
class TrackerNodeFaultsTest {
    private static final BigInteger GWEI = BigInteger.valueOf(1_000_000_000L);

    static Anvil anvil;
    private static StaleAnswers forwarder;

    @BeforeAll
    static void start() throws IOException {
        forwarder = StaleAnswers.to(anvil.httpUrl());
    }

    @AfterEach
    void noStaleAnswersLeft() {
        forwarder.clear();
    }

    @AfterAll
    static void stop() {
        if (forwarder != null) {
            forwarder.close();
        }
    }

    private static TransactionSender sender(BraneClient client, int account) {
        PrivateKey key = PrivateKey.fromHex(anvil.account(account).privateKey());
        return new TransactionSender(client, new LocalSigner("lag", key), ChainIdGuard.pinned(Anvil.DEFAULT_CHAIN_ID),
                SendLimits.NONE, new InMemoryTransactionStore());
    }

    /** One account's sender, its recorded events and its tracker, over a provider of its own. */
    private record Account(HttpProvider provider, BraneClient client, TransactionSender s,
            TransactionLifecycleTestBase.Recorder events, TransactionTracker tracker) implements AutoCloseable {

        /** Dev account {@code index}, through the forwarder or straight to Anvil. */
        static Account of(int index, boolean viaForwarder, int confirmations, Duration resendAfter) {
            HttpProvider provider = HttpProvider.create(viaForwarder
                    ? forwarder.url() : anvil.httpUrl());
            BraneClient client = new BraneClient(provider, Duration.ofSeconds(5));
            TransactionSender s = sender(client, index);
            TransactionLifecycleTestBase.Recorder events = new TransactionLifecycleTestBase.Recorder();
            s.addListener(events);
            return new Account(provider, client, s, events,
                    s.tracker(confirmations, Duration.ofMillis(50), resendAfter));
        }

        TxState state(JournalEntry e) {
            return s.store().find(e.hash()).orElseThrow().state();
        }

        @Override
        public void close() {
            client.close();
            provider.close();
        }
    }

    private static JournalEntry transfer(TransactionSender s, long value, long maxFeeGwei) {
        return s.send(n -> TransactionLifecycleTestBase.transfer(n, TransactionLifecycleTestBase.BOB, value,
                GWEI.multiply(BigInteger.valueOf(maxFeeGwei))));
    }

    private static void mine(BraneClient client) {
        client.provider().send("evm_mine", List.of());
    }

    @Test
    void aMinedTransferWhoseReceiptTheNodeDoesNotServeYetIsNeverReportedReplaced() {
        try (Account a = Account.of(5, true, 1, Duration.ofSeconds(5))) {
            JournalEntry paid = transfer(a.s(), 7, 20);
            mine(a.client());

            Stale noReceipt = forwarder.answer("eth_getTransactionReceipt", paid.hash().toHex(), "null", 3);
            for (int pass = 0; pass < 3; pass++) {
                a.tracker().poll();
                assertThat(a.state(paid)).as("pass %d", pass).isEqualTo(TxState.SENT);
            }
            assertThat(noReceipt.given).as("the forwarder hid the receipt on every pass").hasValue(3);

            a.tracker().poll(); // the receipt is served again
            assertThat(a.state(paid)).isEqualTo(TxState.CONFIRMED);
            assertThat(a.events().statesOf(paid.hash())).doesNotContain(TxState.REPLACED).endsWith(TxState.CONFIRMED);
        }
    }

    @Test
    void aReplacedTransferIsReportedOnlyOnceTheReplacementHasTheConfirmationsAConfirmedOneWouldNeed() {
        try (Account a = Account.of(6, false, 3, Duration.ofSeconds(5))) {
            JournalEntry unwanted = transfer(a.s(), 1_000, 20);
            JournalEntry cancel = a.s().cancel(unwanted.hash());

            mine(a.client()); // the cancel is in a block: its nonce is used, the unwanted transfer is unknown
            for (int blocks = 1; blocks < 3; blocks++) {
                a.tracker().poll();
                assertThat(a.state(unwanted)).as("after %d blocks", blocks).isNotEqualTo(TxState.REPLACED);
                assertThat(a.state(cancel)).isNotEqualTo(TxState.CONFIRMED);
                mine(a.client());
            }
            a.tracker().poll();
            assertThat(a.state(unwanted)).isEqualTo(TxState.REPLACED);
            assertThat(a.state(cancel)).isEqualTo(TxState.CONFIRMED);
        }
    }

    @Test
    void aMinedTransferTheNodeLooksNotToHoldIsResentAndTheRefusalDoesNotDropIt() {
        try (Account a = Account.of(7, true, 1, Duration.ZERO)) {
            JournalEntry paid = transfer(a.s(), 9, 20);
            mine(a.client());

            // one pass read from a node a block behind: the account's nonce unused, the transfer unknown; the re-sent
            // bytes reach the real node, which has mined them and refuses them
            String account = a.s().address().toHex().substring(2);
            String nonce = "\"0x" + Long.toHexString(paid.nonce()) + "\"";
            Stale counts = forwarder.answer("eth_getTransactionCount", account, nonce, 2);
            Stale unknown = forwarder.answer("eth_getTransactionByHash", paid.hash().toHex(), "null", 1);
            a.tracker().poll();
            assertThat(counts.given).hasValue(2);
            assertThat(unknown.given).hasValue(1);
            assertThat(a.state(paid)).isEqualTo(TxState.SENT);

            a.tracker().poll();
            assertThat(a.state(paid)).isEqualTo(TxState.CONFIRMED);
            assertThat(a.events().statesOf(paid.hash())).endsWith(TxState.DROPPED, TxState.SENT, TxState.CONFIRMED);
        }
    }

    @Test
    void anIncludedTransferIsNotSentBackToWaitingByOneStaleNonceCount() {
        try (Account a = Account.of(8, true, 3, Duration.ZERO)) {
            JournalEntry paid = transfer(a.s(), 11, 20);
            mine(a.client());
            a.tracker().poll();
            assertThat(a.state(paid)).isEqualTo(TxState.INCLUDED);

            // one pass whose nonce counts come from a node a block behind: the receipt is still served
            String nonce = "\"0x" + Long.toHexString(paid.nonce()) + "\"";
            String account = a.s().address().toHex().substring(2);
            Stale counts = forwarder.answer("eth_getTransactionCount", account, nonce, 2);
            a.tracker().poll();
            assertThat(counts.given).hasValue(2);
            assertThat(a.state(paid)).isEqualTo(TxState.INCLUDED);

            mine(a.client());
            mine(a.client());
            a.tracker().poll();
            assertThat(a.state(paid)).isEqualTo(TxState.CONFIRMED);
            assertThat(a.events().statesOf(paid.hash())).containsExactly(TxState.SENT, TxState.INCLUDED,
                    TxState.CONFIRMED);
        }
    }

    @Test
    void aTransferWhoseBlockReallyLeftTheChainGoesBackToWaitingAndIsSentAgain() {
        try (Account a = Account.of(9, false, 3, Duration.ZERO)) {
            String beforeTheBlock = a.client().provider().send("evm_snapshot", List.of()).asString();
            JournalEntry paid = transfer(a.s(), 13, 20);
            mine(a.client());
            a.tracker().poll();
            assertThat(a.state(paid)).isEqualTo(TxState.INCLUDED);

            // the block leaves the chain (and Anvil's pool forgets the transfer): receipt and nonce both gone
            assertThat(a.client().provider().send("evm_revert", List.of(beforeTheBlock)).asBoolean()).isTrue();
            a.tracker().poll();
            assertThat(a.state(paid)).isEqualTo(TxState.SENT);
            a.tracker().poll(); // the node does not hold it: the journalled bytes go again
            for (int i = 0; i < 3; i++) {
                mine(a.client());
            }
            a.tracker().poll();
            assertThat(a.state(paid)).isEqualTo(TxState.CONFIRMED);
            assertThat(a.events().statesOf(paid.hash())).containsSubsequence(TxState.INCLUDED, TxState.SENT,
                    TxState.DROPPED, TxState.SENT, TxState.CONFIRMED);
        }
    }

    @Test
    void aTransferTheNodeHoldsButNeverMinesIsReportedOnceAndSentAgainOnceThePoolIsFlushed() {
        try (Account a = Account.of(10, false, 1, Duration.ZERO)) {
            List<JournalEntry> stranded = new CopyOnWriteArrayList<>();
            a.s().addListener(new TransactionListener() {
                @Override
                public void onStateChange(TransactionStateChange change) {
                }

                @Override
                public void onStranded(JournalEntry entry, String reason) {
                    stranded.add(entry);
                }
            });
            String from = a.s().address().toHex();
            long next = a.client().getTransactionCount(a.s().address(), BlockTag.LATEST);
            // the journal one nonce ahead of the node: the node queues the transfer until nonce `next` is used
            a.s().store().resetTo(Anvil.DEFAULT_CHAIN_ID, a.s().address(), next + 1);
            JournalEntry paid = transfer(a.s(), 15, 20);
            assertThat(paid.nonce()).isEqualTo(next + 1);
            // the chain's nonce moves past `next` without a transaction: nothing releases the queued transfer (the
            // state Anvil's pool is left in, now and then, by transfers arriving out of order while it mines)
            a.client().provider().send("anvil_setNonce", List.of(from, "0x" + Long.toHexString(next + 1)));
            mine(a.client());
            assertThat(a.client().getTransactionCount(a.s().address(), BlockTag.PENDING)).isEqualTo(next + 1);
            assertThat(a.client().getTransactionByHash(paid.hash())).as("the node holds it").isPresent();

            a.tracker().poll();
            assertThat(stranded).extracting(JournalEntry::hash).containsExactly(paid.hash());
            mine(a.client());
            a.tracker().poll();
            assertThat(stranded).as("reported once").hasSize(1);
            assertThat(a.state(paid)).as("still waiting: nothing is final about it").isEqualTo(TxState.SENT);

            // the operator flushes the node's pool: the tracker sends the journalled bytes again, and they are mined
            a.client().provider().send("anvil_removePoolTransactions", List.of(from));
            a.tracker().poll();
            mine(a.client());
            a.tracker().poll();
            assertThat(a.state(paid)).isEqualTo(TxState.CONFIRMED);
            assertThat(a.events().statesOf(paid.hash())).containsExactly(TxState.SENT, TxState.DROPPED, TxState.SENT,
                    TxState.CONFIRMED);
        }
    }
}
