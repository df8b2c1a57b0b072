package sh.brane.client.tx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.math.BigInteger;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.SubmissionUnknownException;
import sh.brane.client.tx.TransactionRefusedException.Refusal;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.types.Address;
import sh.brane.devnet.Anvil;
import sh.brane.devnet.junit.WithAnvil;
import sh.brane.rpc.HttpConfig;
import sh.brane.rpc.HttpProvider;
import sh.brane.signer.LocalSigner;
import sh.brane.testnode.ScriptedNode;

/**
 * The sender and the tracker against a node that refuses the way each real client does ({@link RefusalTexts}),
 * through a {@link ScriptedNode} in front of a real Anvil that mines only on {@code evm_mine}: what each refusal
 * does to the journal and the nonce, checked by mining and counting what was paid.
 */
@WithAnvil(args = "--no-mining", accounts = 10)
class ScriptedRefusalsTest {
    private static final BigInteger GWEI = BigInteger.valueOf(1_000_000_000L);

    static Anvil anvil;
    private static ScriptedNode node;
    private static HttpProvider provider;
    private static BraneClient client;

    @BeforeAll
    static void start() throws IOException {
        node = ScriptedNode.forwardingTo(anvil.httpUrl()).holdBeforeClosing(Duration.ofSeconds(8));
        provider = HttpProvider.create(HttpConfig.builder(node.url()).requestTimeout(Duration.ofSeconds(3)).build());
        client = new BraneClient(provider, Duration.ofMillis(20));
        for (int warm = 0; ; warm++) { // the first calls load the scripted node's JSON and HTTP classes
            try {
                client.blockNumber();
                break;
            } catch (sh.brane.rpc.RpcTimeoutException e) {
                if (warm == 3) {
                    throw e;
                }
            }
        }
    }

    @AfterEach
    void nothingScriptedLeft() {
        node.clear();
    }

    @AfterAll
    static void stop() {
        if (client != null) {
            client.close();
            provider.close();
        }
        if (node != null) {
            node.close();
        }
    }

    private static TransactionSender sender(int account) {
        PrivateKey key = PrivateKey.fromHex(anvil.account(account).privateKey());
        return new TransactionSender(client, new LocalSigner("scripted", key),
                ChainIdGuard.pinned(Anvil.DEFAULT_CHAIN_ID), SendLimits.NONE, new InMemoryTransactionStore());
    }

    private static JournalEntry pay(TransactionSender s, Address to, long value) {
        return s.send(n -> TransactionLifecycleTestBase.transfer(n, to, value, GWEI.multiply(BigInteger.valueOf(20))));
    }

    private static void settle(TransactionSender s) throws InterruptedException {
        TransactionTracker tracker = s.tracker(1, Duration.ofMillis(20), Duration.ofMillis(100));
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!s.store().unfinished(s.chainId(), s.address()).isEmpty()) {
            assertThat(System.nanoTime()).as("settled in time: " + s.store().unfinished(s.chainId(), s.address()))
                    .isLessThan(deadline);
            node.mine();
            Thread.sleep(120);
            tracker.poll();
        }
    }

    /**
     * Every text that proves the transaction was not admitted (Geth's plain "transaction underpriced" among them,
     * which was read as "nonce taken" before) rejects the entry and hands its nonce to the next payment: no hole.
     */
    @Test
    void everyNotAdmittedRefusalOfEveryClientLeavesNoHole() throws Exception {
        TransactionSender s = sender(1);
        Address to = TransactionLifecycleTestBase.randomAddress();
        long start = client.getTransactionCount(s.address(), BlockTag.PENDING);
        List<RefusalTexts.Text> notAdmitted = RefusalTexts.all().stream()
                .filter(t -> t.refusal().provesNotPooled()).toList();
        assertThat(notAdmitted).extracting(RefusalTexts.Text::refusal).contains(Refusal.UNDERPRICED,
                Refusal.INSUFFICIENT_FUNDS, Refusal.FEE_BELOW_BASE_FEE, Refusal.GAS_LIMIT, Refusal.POOL_FULL,
                Refusal.RATE_LIMITED, Refusal.INVALID);
        long value = 100;
        for (RefusalTexts.Text text : notAdmitted) {
            node.refuseSends(1, text);
            long attempt = value++; // another payment each time: identical bytes would have the refused one's hash
            assertThatThrownBy(() -> pay(s, to, attempt)).as(text.toString())
                    .isInstanceOfSatisfying(TransactionRefusedException.class, e -> {
                        assertThat(e.refusal()).isEqualTo(text.refusal());
                        assertThat(e.nonce()).as(text.client() + ": the nonce was released").isEqualTo(start);
                        assertThat(s.store().find(e.hash()).orElseThrow().state()).isEqualTo(TxState.REJECTED);
                    });
        }
        JournalEntry paid = pay(s, to, 5);
        assertThat(paid.nonce()).isEqualTo(start);
        settle(s);
        assertThat(s.store().find(paid.hash()).orElseThrow().state()).isEqualTo(TxState.CONFIRMED);
        assertThat(client.getBalance(to)).isEqualTo(5);
        assertThat(client.getTransactionCount(s.address(), BlockTag.LATEST)).isEqualTo(start + 1);
    }

    /**
     * An answer no client gives (a proxy's error page after the node pooled the transaction): the payment may be
     * out, so the caller is told it is unknown, the entry keeps its nonce, and the next payment takes the one after.
     * Both are paid once. Before, the nonce was released and the next payment collided with the pooled one.
     */
    @Test
    void anUnrecognisedAnswerAfterPoolingKeepsTheNonceAndThePaymentIsMinedOnce() throws Exception {
        TransactionSender s = sender(2);
        Address alice = TransactionLifecycleTestBase.randomAddress();
        Address carol = TransactionLifecycleTestBase.randomAddress();
        node.failAfterPooling(1, ScriptedNode.PROXY_FAILURE);
        SubmissionUnknownException unknown = (SubmissionUnknownException) org.assertj.core.api.Assertions
                .catchThrowable(() -> pay(s, alice, 11));
        assertThat(unknown).isNotNull();
        JournalEntry first = s.store().find(unknown.hash()).orElseThrow();
        assertThat(first.state()).as("kept for the tracker").isEqualTo(TxState.SIGNED);

        JournalEntry next = pay(s, carol, 13);
        assertThat(next.nonce()).isEqualTo(first.nonce() + 1);
        settle(s);
        assertThat(s.store().find(first.hash()).orElseThrow().state()).isEqualTo(TxState.CONFIRMED);
        assertThat(s.store().find(next.hash()).orElseThrow().state()).isEqualTo(TxState.CONFIRMED);
        assertThat(client.getBalance(alice)).isEqualTo(11);
        assertThat(client.getBalance(carol)).isEqualTo(13);
    }

    /** No answer at all after the node pooled it: the same as above, through a timeout. */
    @Test
    void aSubmissionThatTimesOutAfterPoolingIsMinedOnce() throws Exception {
        TransactionSender s = sender(3);
        Address alice = TransactionLifecycleTestBase.randomAddress();
        node.timeOutAfterPooling(1);
        Throwable lost = org.assertj.core.api.Assertions.catchThrowable(() -> pay(s, alice, 17));
        assertThat(lost).isInstanceOf(SubmissionUnknownException.class);
        JournalEntry first = s.store().find(((SubmissionUnknownException) lost).hash()).orElseThrow();

        JournalEntry next = pay(s, alice, 19);
        assertThat(next.nonce()).isEqualTo(first.nonce() + 1);
        settle(s);
        assertThat(client.getBalance(alice)).isEqualTo(36);
    }

    /** A refused cancel through a client's "replacement transaction underpriced": the original is still paid. */
    @Test
    void aRefusedCancelLeavesTheOriginalToBePaid() throws Exception {
        TransactionSender s = sender(4);
        Address alice = TransactionLifecycleTestBase.randomAddress();
        JournalEntry original = pay(s, alice, 23);
        node.refuseSends(1, RefusalTexts.of(RefusalTexts.GETH).stream()
                .filter(t -> t.refusal() == Refusal.REPLACEMENT_UNDERPRICED).findFirst().orElseThrow());
        assertThatThrownBy(() -> s.cancel(original.hash())).isInstanceOf(TransactionRefusedException.class);
        JournalEntry next = pay(s, alice, 29);
        assertThat(next.nonce()).isEqualTo(original.nonce() + 1);
        settle(s);
        assertThat(client.getBalance(alice)).isEqualTo(52);
    }
}
