package sh.brane.client.tx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import sh.brane.client.BraneClient;
import sh.brane.core.crypto.PrivateKey;
import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.types.Address;
import sh.brane.devnet.Anvil;
import sh.brane.rpc.HttpProvider;
import sh.brane.signer.LocalSigner;

/**
 * The stuck-transaction policy against a real Anvil that mines only on {@code evm_mine}: the base fee is driven up
 * with {@code anvil_setNextBlockBaseFeePerGas} until a pending payment no longer fits in a block.
 */
class StuckTransactionWatcherTest {
    private static final BigInteger GWEI = BigInteger.valueOf(1_000_000_000L);
    private static final StuckTransactionPolicy NOW = StuckTransactionPolicy.DEFAULTS
            .withTiming(Duration.ofSeconds(1), Duration.ZERO, Duration.ZERO);

    private Anvil anvil;
    private HttpProvider provider;
    private BraneClient client;

    private final List<String> stuck = new CopyOnWriteArrayList<>();
    private final List<JournalEntry> replaced = new CopyOnWriteArrayList<>();
    private Address recipient;

    /** A node of its own per test: the tests drive its base fee up. */
    @BeforeEach
    void startAnvil() {
        anvil = Anvil.builder().noMining().accounts(2).start();
        provider = HttpProvider.create(anvil.httpUrl());
        client = new BraneClient(provider, Duration.ofMillis(20));
        recipient = Address.fromBytes(new java.security.SecureRandom().generateSeed(20));
    }

    @AfterEach
    void stopAnvil() {
        client.close();
        provider.close();
        anvil.close();
    }

    private TransactionSender sender(SendLimits limits) {
        PrivateKey key = PrivateKey.fromHex(anvil.account(1).privateKey());
        TransactionSender s = new TransactionSender(client, new LocalSigner("stuck", key),
                ChainIdGuard.pinned(Anvil.DEFAULT_CHAIN_ID), limits, new InMemoryTransactionStore());
        s.addListener(new TransactionListener() {
            @Override
            public void onStateChange(TransactionStateChange change) {
            }

            @Override
            public void onStuckReplaced(JournalEntry original, JournalEntry replacement, String reason) {
                replaced.add(replacement);
            }

            @Override
            public void onStuck(JournalEntry entry, String reason) {
                stuck.add(reason);
            }
        });
        return s;
    }

    private JournalEntry pay(TransactionSender s, BigInteger maxFee) {
        return s.send(nonce -> Eip1559Transaction.builder().chainId(Anvil.DEFAULT_CHAIN_ID).nonce(nonce).to(recipient)
                .value(1_000).gasLimit(21_000).maxFeePerGas(maxFee).maxPriorityFeePerGas(GWEI).build());
    }

    /** Mines one block whose base fee is {@code gwei}: a payment with a lower max fee stays out of it. */
    private void mineAtBaseFee(long gwei) {
        provider.send("anvil_setNextBlockBaseFeePerGas", List.of("0x" + GWEI.multiply(BigInteger.valueOf(gwei))
                .toString(16)));
        mine();
    }

    private void mine() {
        provider.send("evm_mine", List.of());
    }

    @Test
    void aPaymentPricedOutIsReplacedAndMinedOnce() {
        TransactionSender s = sender(SendLimits.NONE);
        JournalEntry payment = pay(s, GWEI.multiply(BigInteger.valueOf(3)));
        mineAtBaseFee(50);
        assertThat(client.getTransactionReceipt(payment.hash())).as("priced out of the block").isEmpty();

        try (StuckTransactionWatcher watcher = s.stuckWatcher(NOW)) {
            List<JournalEntry> made = watcher.pass();

            assertThat(made).hasSize(1);
            JournalEntry replacement = made.get(0);
            assertThat(replacement.nonce()).isEqualTo(payment.nonce());
            assertThat(replacement.replaces()).isEqualTo(payment.hash());
            assertThat(replaced).containsExactly(replacement);
            Eip1559Transaction tx = (Eip1559Transaction) replacement.decode().transaction();
            assertThat(tx.to()).isEqualTo(recipient);
            assertThat(tx.value()).isEqualTo(BigInteger.valueOf(1_000));
            // twice the next base fee (43.75 gwei after a 50 gwei block with no gas used) plus a tip
            assertThat(tx.maxFeePerGas()).isGreaterThan(GWEI.multiply(BigInteger.valueOf(87)));
        }
        mine();
        assertThat(client.getBalance(recipient)).as("paid exactly once").isEqualTo(BigInteger.valueOf(1_000));
        assertThat(client.getTransactionReceipt(payment.hash())).isEmpty();
    }

    @Test
    void aPaymentThatStillFitsIsLeftAlone() {
        TransactionSender s = sender(SendLimits.NONE);
        pay(s, GWEI.multiply(BigInteger.valueOf(200)));
        try (StuckTransactionWatcher watcher = s.stuckWatcher(NOW)) {
            assertThat(watcher.pass()).isEmpty();
        }
        mine();
        assertThat(client.getBalance(recipient)).isEqualTo(BigInteger.valueOf(1_000));
    }

    @Test
    void theCeilingsAreNeverExceededAndTheStuckPaymentIsReportedOnce() {
        SendLimits ceilings = new SendLimits(GWEI.multiply(BigInteger.valueOf(3)), GWEI, 1_000_000, null);
        TransactionSender s = sender(ceilings);
        JournalEntry payment = pay(s, GWEI.multiply(BigInteger.valueOf(3)));
        mineAtBaseFee(50);
        try (StuckTransactionWatcher watcher = s.stuckWatcher(NOW)) {
            assertThat(watcher.pass()).isEmpty();
            assertThat(watcher.pass()).isEmpty();
        }
        assertThat(stuck).hasSize(1);
        assertThat(stuck.get(0)).contains("ceilings").contains("max fee 3000000000");
        assertThat(s.store().find(payment.hash()).orElseThrow().state()).isEqualTo(TxState.SENT);
        assertThat(s.store().byNonce(s.chainId(), s.address(), payment.nonce(), payment.nonce() + 1)).hasSize(1);
    }

    @Test
    void pastTheDeadlineTheNonceIsCancelledAndNothingIsPaid() {
        TransactionSender s = sender(SendLimits.NONE);
        JournalEntry payment = pay(s, GWEI.multiply(BigInteger.valueOf(200)));
        try (StuckTransactionWatcher watcher = s.stuckWatcher(NOW.withCancelAfter(Duration.ZERO))) {
            List<JournalEntry> made = watcher.pass();
            assertThat(made).hasSize(1);
            Eip1559Transaction cancel = (Eip1559Transaction) made.get(0).decode().transaction();
            assertThat(cancel.to()).isEqualTo(s.address());
            assertThat(cancel.value()).isZero();
            assertThat(cancel.nonce()).isEqualTo(payment.nonce());
            assertThat(watcher.pass()).as("a cancel is not cancelled again").isEmpty();
        }
        mine();
        assertThat(client.getBalance(recipient)).isZero();
    }

    @Test
    void aNonceIsNotReplacedAgainWithinTheBackoff() {
        TransactionSender s = sender(SendLimits.NONE);
        pay(s, GWEI.multiply(BigInteger.valueOf(3)));
        mineAtBaseFee(50);
        StuckTransactionPolicy slow = StuckTransactionPolicy.DEFAULTS.withTiming(Duration.ofSeconds(1), Duration.ZERO,
                Duration.ofHours(1));
        try (StuckTransactionWatcher watcher = s.stuckWatcher(slow)) {
            assertThat(watcher.pass()).hasSize(1);
            mineAtBaseFee(500);
            assertThat(watcher.pass()).as("still priced out, but within the backoff").isEmpty();
        }
    }

    @Test
    void replacementFeesBelowTheNodesMinimumRaiseAreRefusedBeforeSigning() {
        TransactionSender s = sender(SendLimits.NONE);
        JournalEntry payment = pay(s, GWEI.multiply(BigInteger.valueOf(20)));
        ReplacementFees fivePercent = new ReplacementFees(GWEI.multiply(BigInteger.valueOf(21)),
                GWEI.multiply(BigInteger.valueOf(2)));
        assertThatThrownBy(() -> s.replace(payment.hash(), fivePercent, false))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("10% raise")
                .hasMessageContaining("22000000000");
        assertThat(s.store().byNonce(s.chainId(), s.address(), payment.nonce(), payment.nonce() + 1)).hasSize(1);
    }

    @Test
    void badPoliciesNameTheSettingAndTheRange() {
        assertThatThrownBy(() -> new StuckTransactionPolicy(Duration.ZERO, Duration.ZERO, 50, 10, 2, Duration.ZERO,
                2, Duration.ZERO, null)).hasMessageContaining("checkInterval must be positive");
        assertThatThrownBy(() -> new StuckTransactionPolicy(Duration.ofSeconds(1), Duration.ZERO, 101, 10, 2,
                Duration.ZERO, 2, Duration.ZERO, null)).hasMessageContaining("tipPercentile must be 0..100, got 101");
        assertThatThrownBy(() -> new StuckTransactionPolicy(Duration.ofSeconds(1), Duration.ZERO, 50, 2000, 2,
                Duration.ZERO, 2, Duration.ZERO, null)).hasMessageContaining("feeHistoryBlocks must be 1..1024");
    }
}
