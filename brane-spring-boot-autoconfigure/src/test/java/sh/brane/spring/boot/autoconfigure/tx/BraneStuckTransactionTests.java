package sh.brane.spring.boot.autoconfigure.tx;

import java.math.BigInteger;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationListener;

import sh.brane.client.BraneClient;
import sh.brane.client.tx.JournalEntry;
import sh.brane.client.tx.TransactionSender;
import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.types.Address;
import sh.brane.devnet.Anvil;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.metrics.BraneMetricsAutoConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code brane.tx.stuck.*}: the stuck-transaction policy as beans, against a real Anvil that mines on demand. */
class BraneStuckTransactionTests {
    private static final BigInteger GWEI = BigInteger.valueOf(1_000_000_000L);

    static Anvil anvil;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(BraneAutoConfiguration.class, BraneMetricsAutoConfiguration.class,
                BraneTransactionAutoConfiguration.class))
        .withBean(MeterRegistry.class, SimpleMeterRegistry::new);

    @BeforeAll
    static void startAnvil() {
        anvil = Anvil.builder().noMining().start();
    }

    @AfterAll
    static void stopAnvil() {
        anvil.close();
    }

    @Test
    void offByDefault() {
        this.runner.withPropertyValues("brane.rpc.url=" + anvil.httpUrl(), "brane.rpc.expected-chain-id=31337",
                "brane.signer.private-key=" + anvil.account(2).privateKey())
            .run((context) -> assertThat(context.getBean(BraneTransactionSenders.class).stuckPolicy("default"))
                .isNull());
    }

    @Test
    void aValueOutOfRangeFailsNamingTheProperty() {
        this.runner.withPropertyValues("brane.tx.stuck.enabled=true", "brane.tx.stuck.tip-percentile=101")
            .run((context) -> assertThat(context).getFailure()
                .rootCause()
                .hasMessageContaining("brane.tx.stuck.tip-percentile")
                .hasMessageContaining("0..100, got 101.0"));
    }

    @Test
    void aPricedOutPaymentIsReplacedPublishedMeteredAndListed() {
        List<BraneTransactionStuckEvent> events = new CopyOnWriteArrayList<>();
        Address to = Address.of("0x00000000000000000000000000000000000c0ffe");
        this.runner
            .withBean("recorder", ApplicationListener.class,
                    () -> (ApplicationListener<BraneTransactionStuckEvent>) events::add)
            .withPropertyValues("brane.rpc.url=" + anvil.httpUrl(), "brane.rpc.expected-chain-id=31337",
                    "brane.signer.private-key=" + anvil.account(3).privateKey(), "brane.tx.stuck.enabled=true",
                    "brane.tx.stuck.check-interval=50ms", "brane.tx.stuck.minimum-age=0s",
                    "brane.tx.stuck.initial-backoff=0s", "brane.tx.confirmations=1",
                    "management.endpoints.web.exposure.include=brane")
            .run((context) -> {
                assertThat(context).hasNotFailed();
                TransactionSender sender = context.getBean(BraneTransactionSenders.class).senders().get(0);
                JournalEntry payment = sender.send((nonce) -> Eip1559Transaction.builder().chainId(31337)
                    .nonce(nonce).to(to).value(7).gasLimit(21_000).maxFeePerGas(GWEI.multiply(BigInteger.valueOf(3)))
                    .maxPriorityFeePerGas(GWEI).build());
                BraneClient client = sender.client();
                client.provider().send("anvil_setNextBlockBaseFeePerGas",
                        List.of("0x" + GWEI.multiply(BigInteger.valueOf(50)).toString(16)));
                client.provider().send("evm_mine", List.of());

                long deadline = System.nanoTime() + 20_000_000_000L;
                while (events.isEmpty() && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
                assertThat(events).hasSize(1);
                BraneTransactionStuckEvent event = events.get(0);
                assertThat(event.getEntry().hash()).isEqualTo(payment.hash());
                assertThat(event.getReplacement()).isNotNull();
                assertThat(event.getReplacement().replaces()).isEqualTo(payment.hash());
                assertThat(context.getBean(MeterRegistry.class)
                    .get("brane.tx.stuck")
                    .tag("outcome", "replaced")
                    .tag("signer", "default")
                    .counter()
                    .count()).isEqualTo(1);
                var listed = context.getBean(BraneTransactionsEndpoint.class).transactions().signers().get("default");
                assertThat(listed.stuckPolicy()).contains("checkInterval=PT0.05S");
                assertThat(listed.transactions()).anySatisfy((u) -> assertThat(u.replaces())
                    .isEqualTo(payment.hash().toHex()));

                client.provider().send("evm_mine", List.of());
                assertThat(client.getBalance(to)).isEqualTo(BigInteger.valueOf(7));
            });
    }
}
