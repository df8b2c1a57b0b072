package sh.brane.spring.boot.autoconfigure.health;

import java.io.IOException;
import java.math.BigInteger;
import java.net.ServerSocket;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.SigningClient;
import sh.brane.client.tx.ChainIdMismatchException;
import sh.brane.client.tx.JournalChainMismatchException;
import sh.brane.client.tx.JournalEntry;
import sh.brane.client.tx.TransactionSender;
import sh.brane.core.tx.Eip1559Transaction;
import sh.brane.core.types.Address;
import sh.brane.devnet.Anvil;
import sh.brane.rpc.BraneRpcException;
import sh.brane.spring.boot.autoconfigure.BraneAutoConfiguration;
import sh.brane.spring.boot.autoconfigure.BraneChainIdVerdicts;
import sh.brane.spring.boot.autoconfigure.tx.BraneTransactionAutoConfiguration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * A running service whose node is replaced, on the same port, by a fresh chain with the same chain id and the same
 * funded accounts: health goes DOWN with the reason, the tracker re-sends none of the journal's transfers there,
 * and a payment is refused with the typed error.
 */
class NodeReplacedHealthTests {

    static final Address CAROL = Address.of("0x00000000000000000000000000000000000ca402");

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(BraneAutoConfiguration.class,
                BraneHealthContributorAutoConfiguration.class, BraneTransactionAutoConfiguration.class));

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    static JournalEntry pay(TransactionSender sender) {
        return sender.send((nonce) -> Eip1559Transaction.builder()
            .chainId(Anvil.DEFAULT_CHAIN_ID)
            .nonce(nonce)
            .to(CAROL)
            .value(1_000)
            .gasLimit(21_000)
            .maxFeePerGas(BigInteger.TEN.pow(10))
            .maxPriorityFeePerGas(BigInteger.TEN.pow(9))
            .build());
    }

    @Test
    void healthIsDownAndNothingIsReSentOrSignedOnceTheNodeIsAnotherChain() throws Exception {
        int port = freePort();
        Anvil first = Anvil.builder().port(port).noMining().extraArgs("--timestamp", "1750000000").start();
        Anvil second = null;
        try {
            Anvil[] replacement = new Anvil[1];
            this.runner
                .withPropertyValues("brane.rpc.url=" + first.httpUrl(), "brane.rpc.expected-chain-id=31337",
                        "brane.signer.private-key=" + first.account(0).privateKey(), "brane.tx.store=memory",
                        "brane.tx.poll-interval=100ms", "brane.tx.resend-after=0s", "brane.tx.confirmations=1")
                .run((context) -> {
                    assertThat(context).hasNotFailed();
                    HealthIndicator health = context.getBean("braneHealthContributor", HealthIndicator.class);
                    TransactionSender sender = context.getBean(SigningClient.class).sender();
                    BraneClient client = context.getBean(BraneClient.class);
                    Address payer = sender.address();
                    pay(sender);
                    pay(sender); // left pending: the node does not mine
                    assertThat(health.health().getStatus()).isEqualTo(Status.UP);

                    first.close();
                    replacement[0] = Anvil.builder().port(port).noMining().extraArgs("--timestamp", "1700000000")
                        .start();
                    Thread.sleep(1_000); // ten tracker passes against the other chain

                    assertThat(client.getTransactionCount(payer, BlockTag.PENDING))
                        .as("the journal's transfers were not re-sent to the other chain")
                        .isZero();
                    Health down = health.health();
                    assertThat(down.getStatus()).isEqualTo(Status.DOWN);
                    assertThat(down.getDetails().get("reason").toString()).contains("genesis block")
                        .contains("chain id 31337");
                    assertThat(down.getDetails()).containsEntry("signing", "refused");
                    assertThat(refusal(() -> pay(sender))).isInstanceOf(JournalChainMismatchException.class);
                    assertThat(client.getTransactionCount(payer, BlockTag.PENDING)).isZero();
                });
            second = replacement[0];
        }
        finally {
            first.close();
            if (second != null) {
                second.close();
            }
        }
    }

    @Test
    void aNodeFoundOnAnotherChainAtStartUpGivesTheTypedErrorNotALostConnection() throws Exception {
        try (Anvil node = Anvil.builder().noMining().start()) {
            this.runner
                .withPropertyValues("brane.rpc.url=" + node.httpUrl(), "brane.rpc.expected-chain-id=1",
                        "brane.signer.private-key=" + node.account(0).privateKey(), "brane.tx.store=memory")
                .run((context) -> {
                    assertThat(context).hasNotFailed();
                    BraneChainIdVerdicts verdicts = context.getBean(BraneChainIdVerdicts.class);
                    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
                    while (verdicts.mismatchFor(1).isEmpty() && System.nanoTime() < deadline) {
                        Thread.sleep(20);
                    }
                    assertThat(verdicts.mismatchFor(1)).as("the start-up check closed the endpoint").isPresent();
                    TransactionSender sender = context.getBean(SigningClient.class).sender();
                    Throwable refused = refusal(() -> sender.send((nonce) -> Eip1559Transaction.builder()
                        .chainId(1)
                        .nonce(nonce)
                        .to(CAROL)
                        .value(1)
                        .gasLimit(21_000)
                        .maxFeePerGas(BigInteger.TEN.pow(10))
                        .maxPriorityFeePerGas(BigInteger.TEN.pow(9))
                        .build()));
                    assertThat(refused).isInstanceOfSatisfying(ChainIdMismatchException.class, (e) -> {
                        assertThat(e.pinned()).isEqualTo(1);
                        assertThat(e.actual()).isEqualTo(31337);
                    }).hasMessageContaining("nothing was signed");
                });
        }
    }

    private static Throwable refusal(Runnable call) {
        for (int attempt = 0; attempt < 3; attempt++) {
            try {
                call.run();
                fail("a payment was accepted on another chain");
            }
            catch (BraneRpcException transport) {
                // the old node's kept-alive connection; asked again on a new one
            }
            catch (RuntimeException ex) {
                return ex;
            }
        }
        throw new AssertionError("the node never answered");
    }
}
